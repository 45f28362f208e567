#!/usr/bin/env bash
# Builds schemac against every libclang installed here (llvm-config-14 to
# -20) and runs the whole test suite with each, in build-llvmN/: the goldens
# must be byte-identical and every generated file must compile whatever
# libclang read the header. tests/run.sh runs the oldest and the newest in
# CI; this is the maintainer's check of the ones between.
#
#     bash tests/libclang_versions.sh            # every version found
#     bash tests/libclang_versions.sh 15 16      # these only
#     bash tests/libclang_versions.sh --suite generator   # extra args go to meson test
#
# Debian 12: apt-get install llvm-N libclang-N-dev for N in 15 16 19.
# Ends with one line "N passed, N failed" (one test per version).
set -u
cd "$(dirname "$0")/.."

versions=() extra=()
for arg in "$@"; do
    case $arg in
    [0-9]*) versions+=("$arg") ;;
    *) extra+=("$arg") ;;
    esac
done
if [ ${#versions[@]} -eq 0 ]; then
    for n in 14 15 16 17 18 19 20; do
        if command -v "llvm-config-$n" >/dev/null; then versions+=("$n"); fi
    done
fi

passed=0 failed=0 summary=""
for n in "${versions[@]}"; do
    dir=build-llvm$n
    echo "== $dir: libclang $n"
    if { [ -f "$dir/build.ninja" ] || meson setup "$dir" "-Dllvm_config=llvm-config-$n"; } &&
        meson compile -C "$dir" &&
        meson test -C "$dir" --num-processes 2 --print-errorlogs "${extra[@]}"; then
        passed=$((passed + 1)) summary+="libclang $n: ok"$'\n'
    else
        failed=$((failed + 1)) summary+="libclang $n: FAILED (see $dir/meson-logs/testlog.txt)"$'\n'
    fi
done
printf '%s' "$summary"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
