#!/usr/bin/env bash
# Builds the app in app/ with a recipe taken verbatim from
# docs/build-integration.md, from a clean directory, against a staged
# `meson install` of this build and nothing else (no LD_LIBRARY_PATH for
# schemac, no source tree); runs it on a valid and an invalid document;
# then edits include/units.h, which weather.h includes, rebuilds, and
# checks that the decoder was regenerated, and that rebuilds run schemac
# once per change and no-op rebuilds nothing; then moves a member of a
# struct in weather.h and checks that the app's own objects are compiled
# again; then puts an error in weather.h and checks that the build output
# shows schemac's file:line:col message; then makes a breaking change
# to weather.h, checks that the compatibility check against the app's
# baseline (app/schemas) fails the build with the error and its witness,
# and that the build passes once the baseline is written again.
# Usage: consumer.sh KIND BUILD_DIR SOURCE_DIR PREFIX
#   KIND: make, meson, cmake (with ninja if installed), cmake-makefiles
#   (CMake's Unix Makefiles generator), make-static, meson-static,
#   cmake-static (libschemac.a), or subproject (schemac as a meson
#   subproject of the app: no install at all)
#   BUILD_DIR -: schemac as installed in PREFIX (e.g. /usr, from the .deb
#   packages), no staged install
set -eu
kind=$1
installed=-
build=$2
[ "$build" = "$installed" ] || build=$(realpath "$build")
source=$(realpath "$3")
prefix=$4
here=$source/tests/consumer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset LD_LIBRARY_PATH

need() { command -v "$1" >/dev/null || { echo "SKIP: $1 is not installed"; exit 77; }; }
fail() { echo "FAIL: $*"; exit 1; }
quietly() { # LOG COMMAND...: runs it, shows its output only when it fails
    local log=$1
    shift
    "$@" >"$log" 2>&1 || { cat "$log"; fail "$*"; }
}

app=$tmp/app
cp -r "$here/app" "$app"
recipe() { python3 "$here/extract_recipe.py" "$source/docs/build-integration.md" "$1" >"$app/$2"; }

if [ "$build" = "$installed" ]; then
    # schemac as installed on this system (tests/package: the .deb packages)
    root=$prefix
    command -v schemac >/dev/null || fail "no schemac installed"
    pkg-config --exists schemac || fail "no schemac.pc installed"
elif [ "$kind" != subproject ]; then
    quietly "$tmp/install.log" meson install -C "$build" --destdir "$tmp/stage" --no-rebuild
    root=$tmp/stage$prefix
    pc=$(find "$root" -name schemac.pc | head -n 1)
    [ -n "$pc" ] || fail "the install has no schemac.pc"
    export PATH="$root/bin:$PATH" PKG_CONFIG_PATH="$(dirname "$pc")"
fi

case $kind in
make | make-static)
    need make
    recipe Makefile Makefile
    static=()
    [ "$kind" = make-static ] && static=(STATIC=1)
    build_app() { quietly "$tmp/build.log" make -C "$app" "${static[@]}"; }
    app_exe=$app/app
    ;;
meson | meson-static)
    recipe meson.build meson.build
    static=()
    [ "$kind" = meson-static ] && static=(-Dprefer_static=true)
    build_app() {
        [ -d "$app/build" ] || quietly "$tmp/setup.log" meson setup "${static[@]}" "$app/build" "$app"
        quietly "$tmp/build.log" meson compile -C "$app/build"
    }
    app_exe=$app/build/app
    ;;
cmake | cmake-makefiles | cmake-static)
    need cmake
    recipe CMakeLists.txt CMakeLists.txt
    generator=(-G "Unix Makefiles")
    if [ "$kind" != cmake-makefiles ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
    static=()
    [ "$kind" = cmake-static ] && static=(-DSCHEMAC_USE_STATIC_LIBS=ON)
    build_app() {
        [ -d "$app/build" ] || quietly "$tmp/setup.log" \
            cmake "${generator[@]}" "${static[@]}" -S "$app" -B "$app/build" -DCMAKE_PREFIX_PATH="$root" \
            -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
        quietly "$tmp/build.log" cmake --build "$app/build"
    }
    app_exe=$app/build/app
    ;;
subproject)
    recipe "subproject meson.build" meson.build
    git -C "$source" rev-parse --git-dir >/dev/null 2>&1 || { echo "SKIP: the source tree is no git checkout"; exit 77; }
    # schemac's files, as a wrap or a checkout gives them (no build dirs)
    mkdir -p "$app/subprojects/schemac"
    (cd "$source" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 cp --parents -t "$app/subprojects/schemac")
    build_app() {
        [ -d "$app/build" ] || quietly "$tmp/setup.log" meson setup "$app/build" "$app"
        quietly "$tmp/build.log" meson compile -C "$app/build"
    }
    app_exe=$app/build/app
    ;;
*) fail "unknown kind $kind" ;;
esac

run_app() { "$app_exe" "$@"; } # it finds libschemac by its RUNPATH

# How often the last build ran schemac, from its log: make echoes the
# command, CMake prints the rule's comment, ninja the custom target.
case $kind in
make*) runs_pattern='^schemac ' ;;
cmake*) runs_pattern='schemac /.*/weather\.h$' ;;
*) runs_pattern='Generating .*weather' ;;
esac
# (the generation's runs: the compatibility check's are counted apart)
schemac_runs() { grep -E "$runs_pattern" "$tmp/build.log" | grep -vc -- 'compat' || true; }

build_app
if [ "$kind" = subproject ]; then
    # schemac as a subproject builds the tool and the runtime, not its tests
    theirs=$(meson test -C "$app/build" --list 2>/dev/null | grep -c '^schemac' || true)
    [ "$theirs" -eq 0 ] || fail "the subproject added $theirs tests of its own"
    [ ! -e "$app/build/subprojects/schemac/samples" ] || fail "the subproject built its samples"
    echo "ok - subproject: schemac builds no tests, samples or benchmark"
fi
out=$(run_app '{"city": "Oslo", "days": 3}') || fail "the app rejected a valid document: $out"
[ "$out" = "Oslo 0 3" ] || fail "unexpected output: $out"
out=$(run_app '{"city": ""}') && fail "the app accepted an invalid document"
[ "$out" = "error /city: must be at least 1 character long" ] || fail "unexpected error: $out"
out=$(run_app '{"city": "Oslo", "unit": "kelvin"}') && fail "kelvin accepted before it exists: $out"
# What the app links: a program that only decodes needs libschemac and
# cJSON, nothing of the MCP library, HTTP or TLS; linked statically, not
# even libschemac.so.
bash "$here/linkage.sh" --decode-only "$app_exe" >"$tmp/linkage.log" || { cat "$tmp/linkage.log"; fail "ldd $app_exe"; }
needed=$(ldd "$app_exe")
case $kind in
*-static) ! grep -q 'libschemac' <<<"$needed" || fail "linked statically, yet: $(grep libschemac <<<"$needed")" ;;
*) grep -q 'libschemac\.so' <<<"$needed" || fail "no libschemac.so in: $needed" ;;
esac
echo "ok - $kind: built and ran against $([ "$kind" = subproject ] && echo "schemac as a subproject" || { [ "$build" = "$installed" ] && echo "schemac installed in $prefix"; } || echo "the staged install")"

# The compile_commands.json that meson and CMake write carries the flags
# weather.h needs (-Iinclude, -DWEATHER_API=1): schemac reads them with -p.
if [ -f "$app/build/compile_commands.json" ] && [ "$kind" != subproject ]; then
    schemac --print-outputs "$app/weather.h" >/dev/null 2>&1 && fail "weather.h parsed without its flags"
    (cd "$app" && schemac -p build --print-outputs weather.h) >"$tmp/listed" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "schemac -p build (the $kind compile_commands.json)"; }
    grep -qx 'weather.schemac.c' "$tmp/listed" || fail "unexpected --print-outputs: $(cat "$tmp/listed")"
    (cd "$app" && schemac -p build --flags-from main.c --print-outputs weather.h) >/dev/null 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "schemac -p build --flags-from main.c"; }
    echo "ok - $kind: schemac -p reads the flags from $kind's compile_commands.json"
fi

# An edit to a header that weather.h includes regenerates the decoder.
sleep 1 # a coarse-mtime file system must see the edit as newer
sed -i 's/    UNITS_IMPERIAL,/    UNITS_IMPERIAL,\n    UNITS_KELVIN,/' "$app/include/units.h"
grep -q UNITS_KELVIN "$app/include/units.h" || fail "the test could not edit units.h"
build_app
out=$(run_app '{"city": "Oslo", "unit": "kelvin"}') || fail "not regenerated after units.h changed: $out"
[ "$out" = "Oslo 2 0" ] || fail "unexpected output after the edit: $out"
echo "ok - $kind: an edit to an included header regenerated the decoder"

# A rebuild with nothing changed runs nothing; an edit to an included
# header that changes no output (a comment) runs schemac once, and the
# build after it runs nothing: the rule must not stay out of date because
# schemac keeps unchanged outputs as they were.
for step in "a no-op rebuild" "a comment added to units.h" "the rebuild after it"; do
    if [ "$step" = "a comment added to units.h" ]; then
        sleep 1
        echo "/* a comment that changes no output */" >>"$app/include/units.h"
    fi
    build_app
    runs=$(schemac_runs)
    want=0
    [ "$step" = "a comment added to units.h" ] && want=1
    [ "$runs" -eq "$want" ] || { cat "$tmp/build.log"; fail "$step ran schemac $runs times, not $want"; }
done
if [ -f "$app/build/build.ninja" ] && command -v ninja >/dev/null; then
    ninja -C "$app/build" -n -d explain >"$tmp/explain.log" 2>&1 || true
    if grep -q "schemac" "$tmp/explain.log"; then cat "$tmp/explain.log"; fail "a no-op rebuild would run schemac"; fi
fi
out=$(run_app '{"city": "Oslo", "unit": "kelvin"}') || fail "the app fails after the comment: $out"
echo "ok - $kind: no-op rebuilds run nothing; an edit that changes no output runs schemac once"

# An edit that moves a member of weather_query (a new one before days)
# leaves weather.schemac.h as it was: main.o must be compiled again all
# the same, or it reads days at its old offset (the compiler's dependency
# rules, which the make recipe has to ask for).
sleep 1
sed -i 's|    /\*\* Days of forecast.|    /** Hours of forecast. @minimum 0 @maximum 24 @default 0 */\n    int32_t hours;\n&|' "$app/weather.h"
grep -q 'int32_t hours;' "$app/weather.h" || fail "the test could not edit weather.h"
build_app
out=$(run_app '{"city": "Oslo", "unit": "kelvin", "days": 3}') || fail "the app fails after the layout edit: $out"
[ "$out" = "Oslo 2 3" ] || fail "stale objects after a layout edit of weather.h: printed '$out', not 'Oslo 2 3'"
echo "ok - $kind: a layout edit of weather.h recompiles the app's own objects"

# An error in the header fails the build with schemac's file:line:col
# message in the build's own output, and the fixed header builds again.
sleep 1
cp "$app/weather.h" "$tmp/weather.h"
sed -i 's/@maximum 7 /@maximum seven /' "$app/weather.h"
grep -q '@maximum seven' "$app/weather.h" || fail "the test could not edit weather.h"
if (build_app) >/dev/null 2>&1; then fail "a header with an error built"; fi
line=$(grep -n 'int32_t days;' "$app/weather.h" | cut -d: -f1)
grep -qE "weather\.h:$((line - 1)):[0-9]+: error: .*maximum" "$tmp/build.log" ||
    { cat "$tmp/build.log"; fail "the build output has no weather.h:$((line - 1)):COL: error: for @maximum"; }
sleep 1
cp "$tmp/weather.h" "$app/weather.h"
build_app
echo "ok - $kind: a header error shows schemac's file:line:col message in the build output"

# The compatibility check (docs/compat.md; the subproject recipe has none):
# a tightened bound fails the build at the member, with a witness; the
# baseline written again (as a project does, in the same commit) passes.
if [ "$kind" != subproject ]; then
    sleep 1
    sed -i 's/@maxLength 64/@maxLength 32/' "$app/weather.h"
    grep -q '@maxLength 32' "$app/weather.h" || fail "the test could not edit weather.h"
    if (build_app) >/dev/null 2>&1; then fail "a breaking change to weather.h built"; fi
    line=$(grep -n 'char \*city;' "$app/weather.h" | cut -d: -f1)
    grep -qE "weather\.h:$line:[0-9]+: error: breaking change to tool 'get_weather' for senders.*maxLength was 64, is 32" \
        "$tmp/build.log" || { cat "$tmp/build.log"; fail "no compat error at weather.h:$line"; }
    grep -qE 'weather\.h:[0-9]+:[0-9]+: note: witness: \{.*"city":"a{33}"' "$tmp/build.log" ||
        { cat "$tmp/build.log"; fail "no witness after the compat error"; }
    (cd "$app" && schemac --write-baseline schemas -Iinclude -DWEATHER_API=1 weather.h) ||
        fail "schemac --write-baseline"
    build_app
    out=$(run_app '{"city": "Oslo", "unit": "kelvin"}') || fail "the app fails after the baseline update: $out"
    echo "ok - $kind: a breaking change fails the build with its witness; the updated baseline passes"
fi

# libschemac-validate: validate/check.c, built with the validate recipe of
# the same build system, against the same install (or subproject); run on
# a valid and an invalid document; linked with the validator and the core,
# nothing of MCP, HTTP or TLS (statically: no libschemac*.so at all).
check_dir=$tmp/validate
mkdir "$check_dir"
cp "$here/validate/check.c" "$check_dir/"
case $kind in
make | make-static)
    recipe "validate Makefile" ../validate/Makefile
    quietly "$tmp/check.log" make -C "$check_dir" "${static[@]}"
    check_exe=$check_dir/check
    ;;
meson | meson-static | subproject)
    recipe "validate meson.build" ../validate/meson.build
    if [ "$kind" = subproject ]; then
        static=()
        mkdir "$check_dir/subprojects"
        ln -s "$app/subprojects/schemac" "$check_dir/subprojects/schemac"
    fi
    quietly "$tmp/check-setup.log" meson setup "${static[@]}" "$check_dir/build" "$check_dir"
    quietly "$tmp/check.log" meson compile -C "$check_dir/build"
    check_exe=$check_dir/build/check
    ;;
cmake*)
    recipe "validate CMakeLists.txt" ../validate/CMakeLists.txt
    quietly "$tmp/check-setup.log" cmake "${generator[@]}" "${static[@]}" -S "$check_dir" -B "$check_dir/build" \
        -DCMAKE_PREFIX_PATH="$root"
    quietly "$tmp/check.log" cmake --build "$check_dir/build"
    check_exe=$check_dir/build/check
    ;;
esac
out=$("$check_exe" '{"city": "Oslo", "days": 3}') || fail "check rejected a valid document: $out"
[ "$out" = valid ] || fail "unexpected output of check: $out"
out=$("$check_exe" '{"city": "", "days": 30}') && fail "check accepted an invalid document"
[ "$out" = $'/city: must be at least 1 character long (at /properties/city/minLength)\n/days: must be <= 16 (at /properties/days/maximum)' ] ||
    fail "unexpected errors of check: $out"
bash "$here/linkage.sh" --validate-only "$check_exe" >"$tmp/linkage.log" || { cat "$tmp/linkage.log"; fail "ldd $check_exe"; }
needed=$(ldd "$check_exe")
case $kind in
*-static) ! grep -q 'libschemac' <<<"$needed" || fail "check linked statically, yet: $(grep libschemac <<<"$needed")" ;;
*) grep -q 'libschemac-validate\.so' <<<"$needed" || fail "no libschemac-validate.so in: $needed" ;;
esac
echo "ok - $kind: a program of <schemac/validate.h> built with the validate recipe and ran"
