#!/usr/bin/env bash
# Instructions per document, counted by callgrind (noise-free, unlike the
# timed table): for each document and method (cjson, skip, decode, all), bench_decode runs the method
# LOW and HIGH times after its checks; the difference of the two totals over
# HIGH - LOW is the cost of one document, with start-up and checks cancelled.
#
# Usage: bench/callgrind.sh [BENCH_DECODE]   (default build-release/bench/bench_decode)
# Needs valgrind (Debian package valgrind). LOW/HIGH can be set in the
# environment (defaults 2 and 22: a few seconds in all), and DOCS, the
# documents to count (default "0 1 2 3").
set -euo pipefail

bench=${1:-build-release/bench/bench_decode}
low=${LOW:-2}
high=${HIGH:-22}

if ! command -v valgrind >/dev/null; then
    echo "callgrind.sh: valgrind is not installed" >&2
    exit 77
fi
[ -x "$bench" ] || { echo "callgrind.sh: no $bench (build it first)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# total instructions of one run
count() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bench" \
        --calls "$1" --method "$2" --doc "$3" >/dev/null 2>"$tmp/log" ||
        { cat "$tmp/log" >&2; exit 1; }
    awk '/^totals:/ { print $2 }' "$tmp/out"
}

names=("tool call" "order" "batch" "order rev")
printf '%-10s %14s %14s %14s %14s %10s %10s %10s\n' document "cJSON Ir/doc" "skip Ir/doc" \
    "decode Ir/doc" "all Ir/doc" "dec/cJSON" "dec/skip" "all/dec"
for doc in ${DOCS:-0 1 2 3}; do
    declare -A per=()
    for method in cjson skip decode all; do
        a=$(count "$low" "$method" "$doc")
        b=$(count "$high" "$method" "$doc")
        per[$method]=$(( (b - a) / (high - low) ))
    done
    awk -v n="${names[$doc]}" -v c="${per[cjson]}" -v s="${per[skip]}" -v d="${per[decode]}" \
        -v a="${per[all]}" \
        'BEGIN { printf "%-10s %14d %14d %14d %14d %10.2f %10.2f %10.2f\n", n, c, s, d, a, d / c, d / s, a / d }'
    unset per
done
