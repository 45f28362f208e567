#!/usr/bin/env bash
# Generated code must compile cleanly as C11 under gcc and clang with
# -Wall -Wextra -Wpedantic -Werror, and its header must be usable from C++.
# Usage: compile_generated.sh GENERATED.c... -- -IDIR...
set -eu
sources=()
while [ "$1" != "--" ]; do sources+=("$1"); shift; done
shift
includes=("$@")
flags=(-Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for src in "${sources[@]}"; do
    dir=$(dirname "$src")
    header=$(basename "${src%.c}.h")
    # gcc warns of other things at -O3 (maybe-uninitialized) than at -O0
    for cc in gcc clang; do
        for opt in -O0 -O3; do
            if ! "$cc" -std=c11 "$opt" "${flags[@]}" -I"$dir" "${includes[@]}" -c "$src" -o "$tmp/out.o"; then
                echo "FAIL: $cc -std=c11 $opt $src"; status=1
            fi
        done
    done
    printf '#include "%s"\nint main() { return 0; }\n' "$header" >"$tmp/use.cpp"
    for cxx in g++ clang++; do
        if ! "$cxx" -std=c++11 -Wall -Wextra -Wpedantic -Werror -I"$dir" "${includes[@]}" -fsyntax-only "$tmp/use.cpp"; then
            echo "FAIL: $cxx -std=c++11 including $header"; status=1
        fi
    done
done
[ "$status" = 0 ] && echo "ok: ${#sources[@]} generated sources compile as C11 (gcc, clang; -O0, -O3) and C++11 (g++, clang++)"
exit "$status"
