#!/usr/bin/env bash
# The command line: options, exit codes, outputs, depfile, reproducibility.
# Usage: cli.sh SCHEMAC SAMPLE_HEADER RUNTIME_INCLUDE_DIR CJSON_INCLUDE_DIR
set -u
schemac=$(realpath "$1")
header=$2
runtime_include=$3
cjson_include=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() { # DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then echo "ok - $what"; else echo "not ok - $what"; failures=$((failures + 1)); fi
}

"$schemac" --version >"$tmp/version"
check "--version prints the version" grep -q '^schemac [0-9]' "$tmp/version"
"$schemac" --help >"$tmp/help"
check "--help documents the exit status" grep -q 'Exit status' "$tmp/help"

"$schemac" --no-such-option "$header" 2>"$tmp/err"
check "an unknown option exits 2" test $? -eq 2
check "an unknown option is named" grep -q "unknown option '--no-such-option'" "$tmp/err"
"$schemac" -Wno-dialect=palm "$header" 2>"$tmp/err"
check "-Wno-dialect with an unknown dialect exits 2" test $? -eq 2
check "-Wno-dialect names the unknown dialect" grep -q "unknown dialect in '-Wno-dialect=palm'" "$tmp/err"
"$schemac" --print-dialect openai-strict "$header" 2>"$tmp/err" >/dev/null
check "strict mode losses warn" grep -q "OpenAI strict mode cannot express" "$tmp/err"
"$schemac" --print-dialect openai-strict -Wno-dialect=openai-strict "$header" 2>"$tmp/err" >/dev/null
check "-Wno-dialect=openai-strict silences them" bash -c "! grep -q 'cannot express' '$tmp/err'"
# Dialects a project does not target: one note, not a warning per loss.
"$schemac" --print-outputs "$header" 2>"$tmp/err" >/dev/null
check "untargeted losses are one note" bash -c "grep -q '^schemac: note: 6 dialect warnings not shown' '$tmp/err' &&
    ! grep -q 'cannot express' '$tmp/err'"
"$schemac" --print-outputs -Wdialect=gemini "$header" 2>"$tmp/err" >/dev/null
check "-Wdialect=gemini reports Gemini's losses one by one" bash -c "grep -q 'Gemini cannot express format' '$tmp/err' &&
    ! grep -q 'OpenAI strict mode cannot' '$tmp/err' && grep -q 'not shown.*(openai-strict 4)' '$tmp/err'"
"$schemac" --print-outputs -Wdialect "$header" 2>"$tmp/err" >/dev/null
check "-Wdialect reports every dialect's" bash -c "grep -q 'Gemini cannot' '$tmp/err' && grep -q 'OpenAI strict mode cannot' '$tmp/err' &&
    ! grep -q 'not shown' '$tmp/err'"
"$schemac" --print-outputs -Wdialect=palm "$header" 2>/dev/null
check "-Wdialect with an unknown dialect exits 2" test $? -eq 2
# --print-schema prints one JSON value: a header's one schema, or of several
# an object of them by struct name; --print-schema=TYPE picks one
prompts="$(dirname "$0")/cases/c_mcp_prompt.h"
"$schemac" --print-schema "$prompts" >"$tmp/schemas.json" 2>/dev/null
check "--print-schema of two structs is one object of both" python3 -c "import json, sys
d = json.load(open(sys.argv[1])); assert list(d) == ['summarise_args', 'log_day'] and d['log_day']['title'] == 'log_day'" "$tmp/schemas.json"
"$schemac" --print-schema=log_day "$prompts" >"$tmp/schemas.json" 2>/dev/null
check "--print-schema=TYPE prints that schema alone" python3 -c "import json, sys
assert json.load(open(sys.argv[1]))['title'] == 'log_day'" "$tmp/schemas.json"
"$schemac" --print-schema=nope "$prompts" >"$tmp/schemas.json" 2>"$tmp/err"
check "--print-schema=TYPE of no such struct exits 1 and says so" bash -c "test $? -eq 1 && test ! -s '$tmp/schemas.json' &&
    grep -q 'no struct of .* by that name' '$tmp/err'"
"$schemac" 2>/dev/null
check "no header exits 2" test $? -eq 2
"$schemac" "$tmp/missing.h" 2>"$tmp/err"
check "a missing header exits 1" test $? -eq 1
check "a missing header is named" grep -q "cannot open '$tmp/missing.h'" "$tmp/err"
timeout 20 "$schemac" /dev/zero 2>"$tmp/err"
check "a device as the header exits 1 at once (it never ends)" test $? -eq 1
check "a device as the header is named" grep -q "'/dev/zero' is not a regular file" "$tmp/err"

# Structs nested N deep: s0 inside s1 ... inside the root (every walk over
# the model recurses; 10,000 levels used to overflow the stack, and past
# 1024 schemac stops: 2,000 shows it, at a fifth of the parsing time).
nested_header() { # N FILE
    { echo 'typedef struct { int x; } s0;'
      for ((i = 1; i < $1; i++)); do echo "typedef struct { s$((i - 1)) a; } s$i;"; done
      echo "/** @schema */ typedef struct { s$(($1 - 1)) top; } root;"; } >"$2"
}
nested_header 2000 "$tmp/deep.h"
timeout 60 "$schemac" --print-schema "$tmp/deep.h" >/dev/null 2>"$tmp/err"
check "2,000 nested structs exit 1" test $? -eq 1
check "2,000 nested structs: the limit is named" grep -q "is nested more than 1024 structs deep" "$tmp/err"
mkdir -p "$tmp/nested"
nested_header 255 "$tmp/nested/deep.h"
"$schemac" -o "$tmp/nested" "$tmp/nested/deep.h" 2>"$tmp/err"
check "255 nested structs are generated" test $? -eq 0
check "255 nested structs compile" cc -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$tmp/nested" \
    -I"$runtime_include" -I"$cjson_include" -c "$tmp/nested/deep.schemac.c" -o "$tmp/nested/deep.o"

mkdir -p "$tmp/a" "$tmp/b"
"$schemac" -o "$tmp/a" -MD "$header"
check "generation succeeds" test $? -eq 0
stem=$(basename "${header%.h}")
check "the header is written" test -s "$tmp/a/$stem.schemac.h"
check "the source is written" test -s "$tmp/a/$stem.schemac.c"
check "a schema is written" test -n "$(ls "$tmp"/a/*.schema.json 2>/dev/null)"
check "the depfile names the header" grep -q "$(basename "$header")" "$tmp/a/$stem.schemac.d"
check "the depfile names included system headers" grep -q "stdint.h" "$tmp/a/$stem.schemac.d"
check "the depfile target is the source" grep -q "^$tmp/a/$stem.schemac.c:" "$tmp/a/$stem.schemac.d"
"$schemac" -o "$tmp/b" -MD -MF "$tmp/b/custom.d" "$header"
check "-MF names the depfile" test -s "$tmp/b/custom.d"
check "output is reproducible" cmp -s "$tmp/a/$stem.schemac.c" "$tmp/b/$stem.schemac.c"
check "the banner says do not edit" grep -q "generated by schemac .* Do not edit" "$tmp/a/$stem.schemac.h"
check "the generated files carry no date" bash -c "! grep -Eq '20[0-9]{2}-[0-9]{2}-[0-9]{2}' '$tmp/a/$stem.schemac.c'"

"$schemac" -o "$tmp/does/not/exist/" "$header"
check "-o creates the directory and its parents" test -s "$tmp/does/not/exist/$stem.schemac.c"
"$schemac" --print-outputs -o "$tmp/c//" "$header" >"$tmp/listed"
check "--print-outputs joins paths without a doubled slash" bash -c "! grep -q '//' '$tmp/listed'"
: >"$tmp/file"
"$schemac" -o "$tmp/file/sub" "$header" 2>"$tmp/err"
check "an unwritable output exits 3" test $? -eq 3

# --print-outputs lists exactly the files a run writes, the .c first
# (the depfile's target, which ninja wants as a rule's first output).
"$schemac" --print-outputs -o "$tmp/listed-run" -MD "$header" >"$tmp/listed"
"$schemac" -o "$tmp/listed-run" -MD "$header"
check "--print-outputs lists exactly what a run writes" \
    diff <(sort "$tmp/listed") <(find "$tmp/listed-run" -type f | sort)
check "--print-outputs lists the generated source first" test "$(head -n 1 "$tmp/listed")" = "$tmp/listed-run/$stem.schemac.c"
check "--print-outputs with no -o prints bare names" \
    test "$("$schemac" --print-outputs "$header" | head -n 1)" = "$stem.schemac.c"

# An unchanged output is not rewritten, so make and ninja rebuild nothing.
touch -d '2001-01-01 00:00' "$tmp/listed-run"/*
"$schemac" -o "$tmp/listed-run" -MD "$header"
check "an unchanged output keeps its mtime" \
    test -z "$(find "$tmp/listed-run" -type f -newermt '2001-01-02')"
echo "// edited" >>"$tmp/listed-run/$stem.schemac.h"
"$schemac" -o "$tmp/listed-run" -MD "$header"
check "a changed output is rewritten" bash -c "! grep -q edited '$tmp/listed-run/$stem.schemac.h'"

# A run with errors writes nothing, not even the files it could make.
"$schemac" -Werror=dialect -o "$tmp/failed" -MD "$header" 2>"$tmp/err"
check "-Werror=dialect fails on the sample's dialect warnings" test $? -eq 1
check "a failed run writes nothing" test ! -e "$tmp/failed"
cp -r "$tmp/listed-run" "$tmp/kept"
touch -d '2001-01-01 00:00' "$tmp/kept"/*
"$schemac" -Werror=dialect -o "$tmp/kept" -MD "$header" 2>"$tmp/err"
check "a failed run leaves earlier outputs alone" \
    test -z "$(find "$tmp/kept" -type f -newermt '2001-01-02')"

# Compiler flags as a compiler gets them: the ones that cannot change the
# parse are ignored, the others reach clang.
mkdir -p "$tmp/flags"
"$schemac" -O2 -g -Wall -Wextra -Werror=format -fPIC -fstack-protector-strong -pipe -c -pthread -std=gnu11 -MMD -MP \
    -DUNUSED=1 -o "$tmp/flags" "$header"
check "flags irrelevant to parsing are ignored" cmp -s "$tmp/flags/$stem.schemac.c" "$tmp/a/$stem.schemac.c"
printf '#ifndef NEEDED\n#error NEEDED is not defined\n#endif\n#include "dep.h"\n/** @schema */\ntypedef struct { dep_int n; } needed_t;\n' >"$tmp/flags/needs.h"
mkdir -p "$tmp/flags/inc" "$tmp/flags/src"
printf 'typedef int dep_int;\n' >"$tmp/flags/inc/dep.h"
"$schemac" --print-outputs "$tmp/flags/needs.h" 2>"$tmp/err" >/dev/null
check "a header needing -D and -I fails without them" grep -q 'NEEDED is not defined' "$tmp/err"
"$schemac" -DNEEDED -I "$tmp/flags/inc" --print-outputs "$tmp/flags/needs.h" >"$tmp/listed"
check "-D and -I reach clang" grep -q needed_t.schema.json "$tmp/listed"

# compile_commands.json, read through libclang as clang-tidy reads it:
# relative paths against the entry's directory, compile-only flags dropped.
printf '#include "../needs.h"\n' >"$tmp/flags/src/app.c"
cat >"$tmp/flags/compile_commands.json" <<JSON
[{"directory": "$tmp/flags", "file": "src/app.c",
  "arguments": ["cc", "-Iinc", "-DNEEDED", "-O2", "-g", "-Wall", "-MD", "-MF", "app.d", "-c", "-o", "app.o", "src/app.c"]}]
JSON
(cd "$tmp" && "$schemac" -p flags --print-outputs flags/needs.h) >"$tmp/listed"
check "-p takes the flags of the closest entry" grep -q needed_t.schema.json "$tmp/listed"
(cd "$tmp" && "$schemac" -p flags --flags-from flags/src/app.c --print-outputs flags/needs.h) >"$tmp/listed"
check "--flags-from takes the flags of the named source" grep -q needed_t.schema.json "$tmp/listed"
"$schemac" --compile-commands "$tmp/flags/compile_commands.json" --print-outputs "$tmp/flags/needs.h" >"$tmp/listed"
check "--compile-commands names the file" grep -q needed_t.schema.json "$tmp/listed"
"$schemac" -p "$tmp/nowhere" "$tmp/flags/needs.h" 2>"$tmp/err"
check "a missing compile_commands.json exits 2" test $? -eq 2
check "a missing compile_commands.json is named" grep -q "cannot load" "$tmp/err"

# A header edited after generation must not compile with stale code.
mkdir -p "$tmp/stale"
cp "$header" "$tmp/stale/"
"$schemac" -o "$tmp/stale" "$tmp/stale/$(basename "$header")"
compile_stale() {
    cc -std=c11 -I"$tmp/stale" -I"$runtime_include" -I"$cjson_include" -c "$tmp/stale/$stem.schemac.c" \
        -o "$tmp/stale/out.o" 2>"$tmp/stale/err"
}
check "fresh generated code compiles" compile_stale
# grow the first struct member list by one field
sed -i '0,/^typedef struct {/s//typedef struct {\n    int added_after_generation;/' "$tmp/stale/$(basename "$header")"
stale_is_refused() { ! compile_stale; }
check "stale generated code does not compile" stale_is_refused
check "the compiler says to run schemac again" grep -q "run schemac again" "$tmp/stale/err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
