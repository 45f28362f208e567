#!/usr/bin/env bash
# Runs the whole test suite in a plain build (build/, the newest libclang
# found), again against the oldest libclang installed (build-llvmN/) and in
# an ASan+UBSan build (build-asan/), and ends with one line:
#     N passed, N failed[, N skipped]
# Extra arguments go to `meson test` (e.g. --suite decode).
set -u
cd "$(dirname "$0")/.."

passed=0 failed=0 skipped=0

count_results() { # testlog.json: one JSON object per test
    python3 - "$1" <<'PY'
import json, sys
p = f = s = 0
for line in open(sys.argv[1]):
    r = json.loads(line).get("result")
    if r in ("OK", "EXPECTEDFAIL"):
        p += 1
    elif r == "SKIP":
        s += 1
    else:
        f += 1
print(p, f, s)
PY
}

# The skipped tests of a build, one a line with the reason the test gave
# (its SKIP line): a fresh clone without ../shared/testdata skips the JSON
# Schema Test Suite, JSONTestSuite and format-suite tests, and says so.
list_skips() { # DIR testlog.json
    python3 - "$1" "$2" <<'PY'
import json, re, sys
for line in open(sys.argv[2]):
    r = json.loads(line)
    if r.get("result") != "SKIP":
        continue
    out = r.get("stdout") or ""
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    why = [l for l in lines if re.search(r"\bskip(ped)?\b", l, re.I)] or lines[-1:]
    reason = re.sub(r"^.*?\bSKIP\b:?\s*", "", why[-1]) if why else "(no reason given)"
    print(f"skipped in {sys.argv[1]}: {r['name']}: {reason}")
PY
}

run_build() { # DIR MESON_SETUP_ARGS...
    local dir=$1
    shift
    echo "== $dir: $*"
    if [ ! -f "$dir/build.ninja" ]; then
        if ! meson setup "$dir" "$@"; then
            echo "meson setup failed: $dir"
            failed=$((failed + 1))
            return
        fi
    fi
    if ! meson compile -C "$dir"; then
        echo "build failed: $dir"
        failed=$((failed + 1))
        return
    fi
    meson test -C "$dir" --print-errorlogs --num-processes 2 "${extra[@]}"
    if [ -f "$dir/meson-logs/testlog.json" ]; then
        read -r p f s < <(count_results "$dir/meson-logs/testlog.json")
        list_skips "$dir" "$dir/meson-logs/testlog.json" >>"$skips"
        passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
    else
        failed=$((failed + 1))
    fi
}

# Release builds (-O3) of everything, tests and the code they generate
# included, must compile with warnings as errors too, under gcc and clang:
# each finds other things at -O3 than at -O2. Each counts as one test.
release_build() { # DIR CC
    echo "== $1: --buildtype=release, CC=$2"
    if { [ -f "$1/build.ninja" ] || CC=$2 meson setup "$1" --buildtype=release; } &&
        meson compile -C "$1"; then
        passed=$((passed + 1))
    else
        echo "release build failed: $1"
        failed=$((failed + 1))
    fi
}

extra=("$@")
skips=$(mktemp)
trap 'rm -f "$skips"' EXIT
release_build build-release gcc
release_build build-release-clang clang
run_build build
# The oldest libclang schemac supports, when the default build took a newer
# one: the goldens must be byte-identical and the generated C must compile
# whichever libclang read the header (tests/libclang_versions.sh runs every
# installed version).
oldest="" newest=""
for n in 14 15 16 17 18 19 20; do
    if command -v "llvm-config-$n" >/dev/null; then
        [ -n "$oldest" ] || oldest=$n
        newest=$n
    fi
done
if [ -n "$oldest" ] && [ "$oldest" != "$newest" ]; then
    run_build "build-llvm$oldest" "-Dllvm_config=llvm-config-$oldest"
fi
# LeakSanitizer stays on: the generator, the runtime and every test must
# free what they allocate, error paths included.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_build build-asan -Db_sanitize=address,undefined -Db_lundef=false

cat "$skips"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
