#!/usr/bin/env bash
# How big a program that only decodes is: samples/url/url_main.c (the
# README's parse_url_input) with its generated decoder, libschemac linked
# statically, -Os, unused sections dropped, stripped; cJSON and libc stay
# shared (Debian ships no libcjson.a). Prints the program's text, data and
# bss, and what of its text each part brought, read from the link map:
# libschemac (by object file), the generated code, the sample's main.
#
#     bash bench/runtime_size.sh [BUILD_DIR]    # default build-minsize/
#
# BUILD_DIR is set up when missing: --buildtype=minsize, static libraries,
# with -ffunction-sections -fdata-sections so the linker keeps only what
# is called.
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build-minsize}
cc=${CC:-cc}
sections=(-ffunction-sections -fdata-sections)
if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" --buildtype=minsize -Ddefault_library=static -Dtests=false -Dsamples=false \
        -Dbench=false -Dc_args="${sections[*]}" >/dev/null
fi
meson compile -C "$dir" generator/schemac:executable runtime/core/schemac:static_library >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$dir/generator/schemac" -o "$tmp" samples/url/url_tool.h 2>/dev/null
cflags=(-std=c11 -Os "${sections[@]}" -Iinclude -I"$dir/include" -Isamples/url -I"$tmp" $(pkg-config --cflags libcjson))
"$cc" "${cflags[@]}" -c samples/url/url_main.c -o "$tmp/url_main.o"
"$cc" "${cflags[@]}" -c "$tmp/url_tool.schemac.c" -o "$tmp/url_tool.schemac.o"
"$cc" -o "$tmp/url" "$tmp/url_main.o" "$tmp/url_tool.schemac.o" -Wl,--gc-sections -Wl,-Map,"$tmp/map" \
    "$dir/runtime/core/libschemac.a" $(pkg-config --libs libcjson) -lm
strip "$tmp/url"
"$tmp/url" '{"url": "https://example.com", "parts": ["host"]}' >/dev/null

echo "url_main + parse_url_input decoder, libschemac static, -Os, --gc-sections, stripped ($("$cc" --version | head -n 1)):"
size "$tmp/url" | awk 'NR == 2 { printf "  program: text %d, data %d, bss %d bytes; file %s bytes\n", $1, $2, $3, FILE }' \
    FILE="$(stat -c %s "$tmp/url")"
# The link map lists each input section kept, its size and its object file.
python3 - "$tmp/map" <<'PY'
import re, sys
parts = {}
lines = open(sys.argv[1]).read().split("\n")
in_memory_map = False
pending = None
for line in lines:
    if line.startswith("Linker script and memory map"):
        in_memory_map = True
        continue
    if not in_memory_map or line.startswith("/DISCARD/"):
        continue
    m = re.match(r"^ (\.(text|rodata)[^\s]*)\s*$", line)
    if m:  # a long section name: its address, size and file on the next line
        pending = m.group(1)
        continue
    m = re.match(r"^ (\.(text|rodata)[^\s]*)?\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S+)", line)
    if m and (m.group(1) or pending):
        section = m.group(1) or pending
        size, where = int(m.group(3), 16), m.group(4)
        kind = "text" if section.startswith(".text") else "rodata"
        lib = re.search(r"libschemac\.a\((\w+)\.c\.o\)", where)
        if lib:
            key = ("libschemac", lib.group(1))
        elif "schemac.o" in where:
            key = ("generated", "url_tool.schemac.c")
        elif "url_main.o" in where:
            key = ("sample", "url_main.c")
        else:
            key = None
        if key:
            parts.setdefault(key, {"text": 0, "rodata": 0})[kind] += size
    pending = None
total = {}
for (group, _), sizes in parts.items():
    t = total.setdefault(group, {"text": 0, "rodata": 0})
    for k in sizes:
        t[k] += sizes[k]
for group in ("libschemac", "generated", "sample"):
    t = total.get(group, {"text": 0, "rodata": 0})
    print("  %-11s text %6d, rodata %6d bytes" % (group, t["text"], t["rodata"]))
print("  libschemac by object file (text + rodata):")
lib = sorted(((s["text"] + s["rodata"], name) for (g, name), s in parts.items() if g == "libschemac"), reverse=True)
print("    " + ", ".join("%s %d" % (name, size) for size, name in lib))
PY
