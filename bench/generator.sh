#!/usr/bin/env bash
# How long schemac takes on a header, against `clang -fsyntax-only` on the
# same header (schemac parses it with libclang, then writes its outputs).
# Headers of 100 and 500 annotated structs are generated here (a mix of
# @schema and @tool structs with formats, patterns, bounds, enums, arrays
# and a nested struct, like bench_types.h). clang, schemac and
# `schemac HEADER --list` (parse, model, checks and a one-page table; no C
# and no JSON written: the floor of the generator on that header, as the
# decode benchmark's skip row is the decoder's) run in turn, RUNS rounds;
# the table gives medians and the ratios to clang.
#
# Usage: bench/generator.sh [SCHEMAC [CLANG]]
#   defaults: build-release/generator/schemac, clang
#   RUNS=N (default 11), SIZES="100 500" in the environment.
# Timed with a loop around `date +%s%N` (wall) and bash's `time` (CPU):
# nothing to install.
set -euo pipefail

schemac=${1:-build-release/generator/schemac}
clang=${2:-clang}
runs=${RUNS:-11}
sizes=${SIZES:-"100 500"}

[ -x "$schemac" ] || { echo "generator.sh: no $schemac (build it first)" >&2; exit 1; }
command -v "$clang" >/dev/null || { echo "generator.sh: $clang not found" >&2; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A header of $1 structs.
make_header() {
    local n=$1 i
    cat <<'EOF'
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A tag. @minLength 1 @maxLength 32 @pattern ^[a-z][a-z0-9-]*$ */
typedef char *tag;

/** A position. */
typedef struct {
    /** @minimum -90 @maximum 90 */
    double lat;
    /** @minimum -180 @maximum 180 */
    double lon;
} point;
EOF
    for ((i = 0; i < n; i++)); do
        local kind="@schema"
        ((i % 4 == 0)) && kind="@tool tool_$i"
        cat <<EOF

/** Kind of record $i. */
typedef enum {
    KIND_${i}_FIRST,
    KIND_${i}_SECOND,
    KIND_${i}_THIRD,
} kind_$i;

/**
 * Record number $i, with a description long enough to be realistic.
 * $kind
 */
typedef struct {
    /** Where it lives. @format uri @maxLength 2048 */
    char *url;
    /** Its name. @minLength 1 @maxLength 64 @pattern ^[A-Za-z][A-Za-z0-9_ ]*\$ */
    char *name;
    /** Who owns it. @format email */
    char *owner;
    /** How many. @minimum 0 @maximum 1000 */
    int32_t count;
    /** How much. @minimum 0 @exclusiveMaximum 1000000 */
    double amount;
    /** Whether it is on. */
    bool enabled;
    kind_$i kind;
    /** Where. */
    point at;
    /** Its tags. @maxItems 16 @uniqueItems */
    tag *tags;
    size_t tags_count;
} record_$i;
EOF
    done
}

# Appends the wall and CPU (user + system) time in microseconds of one run
# of a command to $tmp/NAME.wall and $tmp/NAME.cpu. CPU time is the figure
# to compare on a shared machine, where the wall clock includes waiting for
# a core.
time_once() {
    local name=$1 t0 t1 cpu
    shift
    t0=$(date +%s%N)
    cpu=$( { TIMEFORMAT='%3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1 )
    t1=$(date +%s%N)
    echo "$(((t1 - t0) / 1000))" >>"$tmp/$name.wall"
    echo "$cpu" | awk '{ print ($1 + $2) * 1e6 }' >>"$tmp/$name.cpu"
}

# Median of a file of microsecond counts, in ms.
median() {
    sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}

echo "schemac ($schemac) against $("$clang" --version | head -1) -fsyntax-only, median of $runs runs"
echo "CPU = user + system ms; wall = elapsed ms"
printf '%7s %10s %12s %9s %10s %12s %10s %11s %10s %11s\n' structs "clang CPU" "schemac CPU" "CPU ratio" \
    "clang wall" "schemac wall" "wall ratio" "out KB/str" "--list CPU" "list ratio"
for n in $sizes; do
    make_header "$n" >"$tmp/gen_$n.h"
    mkdir -p "$tmp/out_$n"
    # the header must be valid for both, and schemac must succeed
    "$clang" -fsyntax-only -std=c11 "$tmp/gen_$n.h"
    "$schemac" "$tmp/gen_$n.h" -o "$tmp/out_$n" 2>/dev/null
    rm -f "$tmp"/*.wall "$tmp"/*.cpu
    # the three take turns, run by run, so a machine getting busier or
    # quieter meanwhile weighs on all of them alike
    for ((i = 0; i <= runs; i++)); do
        time_once clang "$clang" -fsyntax-only -std=c11 "$tmp/gen_$n.h"
        time_once schemac "$schemac" "$tmp/gen_$n.h" -o "$tmp/out_$n"
        time_once list "$schemac" "$tmp/gen_$n.h" --list
        if ((i == 0)); then rm -f "$tmp"/*.wall "$tmp"/*.cpu; fi # a warm-up round
    done
    cw=$(median "$tmp/clang.wall") cc=$(median "$tmp/clang.cpu")
    sw=$(median "$tmp/schemac.wall") sc=$(median "$tmp/schemac.cpu")
    lc=$(median "$tmp/list.cpu")
    bytes=$(cat "$tmp/out_$n"/* | wc -c)
    awk -v n="$n" -v cw="$cw" -v cc="$cc" -v sw="$sw" -v sc="$sc" -v b="$bytes" -v lc="$lc" \
        'BEGIN { printf "%7d %10.1f %12.1f %9.2f %10.1f %12.1f %10.2f %11.1f %10.1f %11.2f\n",
                 n, cc, sc, sc / cc, cw, sw, sw / cw, b / 1024 / n, lc, lc / cc }'
done
