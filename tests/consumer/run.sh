#!/usr/bin/env bash
# Stages `meson install` of the build, then builds and runs a CMake project
# against it: the installed schemac, headers, libschemac and pkg-config file
# are all a consumer gets.
# Usage: run.sh BUILD_DIR SOURCE_DIR PREFIX
set -eu
build=$1
here=$2/tests/consumer
prefix=$3
command -v cmake >/dev/null || { echo "cmake not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
meson install -C "$build" --destdir "$tmp/root" --quiet >/dev/null
root=$tmp/root$prefix
libdir=$(dirname "$(find "$root" -name 'libschemac.so' | head -n 1)")
export PATH="$root/bin:$PATH"
export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# the staged schemac.pc names the final prefix: point it at the stage
sed -i "s|^prefix=.*|prefix=$root|" "$libdir/pkgconfig/schemac.pc"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cmake -S "$here" -B "$tmp/cmake" -DCMAKE_BUILD_TYPE=Release >"$tmp/configure.log" 2>&1 ||
    { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/cmake" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
out=$("$tmp/cmake/weather" '{"city": "Oslo", "days": 3}')
[ "$out" = "Oslo 0 3" ] || { echo "unexpected output: $out"; exit 1; }
out=$("$tmp/cmake/weather" '{"city": ""}' || true)
case "$out" in "error /city: must be at least 1 characters long") ;; *) echo "unexpected error: $out"; exit 1 ;; esac
test -s "$tmp/cmake/gen/weather_query.schema.json"
grep -q weather.h "$tmp/cmake/gen/weather.schemac.d"
echo "ok: a CMake project built and ran against the installed schemac"
