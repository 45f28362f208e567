#!/usr/bin/env bash
# The installed schemac starts from wherever it is installed, with no
# LD_LIBRARY_PATH: libschemac is linked into it, and nothing it needs
# points into the build tree. Checked on a staged install (DESTDIR), which
# is an unusual prefix by construction.
# Usage: installed_tool.sh BUILD_DIR PREFIX
set -eu
build=$(realpath "$1")
prefix=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset LD_LIBRARY_PATH
fail() { echo "FAIL: $*"; exit 1; }

meson install -C "$build" --destdir "$tmp/stage" --no-rebuild >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "meson install"; }
tool=$tmp/stage$prefix/bin/schemac
[ -x "$tool" ] || fail "no bin/schemac in the install"
"$tool" --version | grep -q '^schemac ' || fail "the installed schemac does not start"
echo "ok - the installed schemac starts with no LD_LIBRARY_PATH"
if ldd "$tool" | grep -Eq "libschemac|not found|$build"; then
    ldd "$tool"
    fail "the installed schemac needs libschemac.so or the build tree"
fi
echo "ok - it needs neither libschemac.so nor the build tree"
printf '/** @schema */\ntypedef struct { /** @minimum 1 */ int n; } thing;\n' >"$tmp/thing.h"
"$tool" -o "$tmp/out/deep" -MD "$tmp/thing.h" || fail "the installed schemac cannot generate"
[ -s "$tmp/out/deep/thing.schemac.c" ] && [ -s "$tmp/out/deep/thing.schema.json" ] || fail "outputs missing"
echo "ok - it generates code"
man_page=$(find "$tmp/stage$prefix" -path '*man1/schemac.1' | head -n 1)
[ -n "$man_page" ] || fail "no man page schemac(1) installed"
doc=$(find "$tmp/stage$prefix" -path '*share/doc/schemac/docs/build-integration.md' | head -n 1)
[ -n "$doc" ] || fail "the docs are not in share/doc/schemac"
echo "ok - schemac(1) and share/doc/schemac are installed"
