#!/usr/bin/env bash
# The Debian packages, as a user gets them: debian/ built with
# `dpkg-buildpackage -us -uc -b` from a copy of the tracked files, the
# packages checked (names, sonames, which files each holds), installed into
# this machine with apt-get, the app of tests/consumer built against /usr with
# every recipe of docs/build-integration.md (make, meson, CMake with Ninja
# and Unix Makefiles; shared and static), and the packages purged again.
# Needs root (apt-get install) and dpkg-buildpackage with debhelper; skipped
# otherwise, and when schemac is already installed from elsewhere.
# Usage: deb.sh SOURCE_DIR
set -eu
source=$(realpath "$1")
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }

[ "$(id -u)" = 0 ] || skip "installing the packages needs root"
command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null ||
    skip "dpkg-buildpackage or debhelper is not installed (.ci/install-deps installs them)"
git -C "$source" rev-parse --git-dir >/dev/null 2>&1 || skip "the source tree is no git checkout"
packages=(schemac libschemac6 libschemac-dev libschemac-validate6 libschemac-validate-dev libschemac-mcp6 libschemac-mcp-dev)
for p in "${packages[@]}"; do
    if dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
        skip "$p is already installed on this machine; this test installs and purges its own"
    fi
done

tmp=$(mktemp -d)
cleanup() {
    apt-get purge -y -o DPkg::Lock::Timeout=300 "${packages[@]}" >/dev/null 2>&1 || true
    rm -rf "$tmp"
}
trap cleanup EXIT

mkdir "$tmp/schemac"
(cd "$source" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents -t "$tmp/schemac")
if ! (cd "$tmp/schemac" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) \
    >"$tmp/build.log" 2>&1; then
    tail -n 60 "$tmp/build.log"
    fail "dpkg-buildpackage"
fi
version=$(cd "$tmp/schemac" && dpkg-parsechangelog -S Version)
echo "ok - dpkg-buildpackage built $version"

# What each package holds: the soname in the library package, the
# unversioned link and the static library in -dev, the tool and its man page.
deb() { echo "$tmp/${1}_${version}_$(dpkg --print-architecture).deb"; }
holds() { # PACKAGE PATH-PATTERN...
    local package=$1 list
    list=$(dpkg-deb -c "$(deb "$package")" | awk '{print $6}')
    shift
    for pattern in "$@"; do
        grep -qE "$pattern" <<<"$list" || fail "$(basename "$(deb "$package")") lacks $pattern"
    done
}
abi=$(sed -n 's/^#define SCHEMAC_RUNTIME_ABI \([0-9]*\)$/\1/p' "$source/include/schemac/schemac.h")
[ "libschemac$abi" = libschemac6 ] || fail "libschemac$abi: debian/control names libschemac6 (the soname follows SCHEMAC_RUNTIME_ABI)"
holds schemac '^\./usr/bin/schemac$' 'man1/schemac\.1\.gz$' 'doc/schemac/docs/annotations\.md'
holds libschemac6 "/libschemac\\.so\\.$abi\$"
holds libschemac-dev '/libschemac\.so$' '/libschemac\.a$' 'pkgconfig/schemac\.pc$' 'cmake/schemac/schemacConfig\.cmake$' \
    'include/schemac/schemac\.h$'
holds libschemac-validate6 "/libschemac-validate\\.so\\.$abi\$"
holds libschemac-validate-dev '/libschemac-validate\.so$' '/libschemac-validate\.a$' 'pkgconfig/schemac-validate\.pc$' \
    'include/schemac/validate\.h$'
holds libschemac-mcp6 "/libschemac-mcp\\.so\\.$abi\$"
holds libschemac-mcp-dev '/libschemac-mcp\.a$' 'pkgconfig/schemac-mcp\.pc$' 'include/schemac/mcp\.h$' \
    'include/schemac/tool_manifest\.h$'
if dpkg-deb -c "$(deb libschemac-dev)" | grep -E 'include/schemac/(mcp|mcp_http|provider|tool_manifest|validate)\.h'; then
    fail "libschemac-dev holds MCP or validator headers"
fi
dpkg-deb -f "$(deb libschemac6)" Depends | grep -q -e microhttpd -e schemac-validate &&
    fail "libschemac6 depends on libmicrohttpd or libschemac-validate6"
dpkg-deb -f "$(deb libschemac-mcp6)" Depends | grep -q "libschemac-validate$abi" ||
    fail "libschemac-mcp6 does not depend on libschemac-validate$abi (it links libschemac-validate.so.$abi)"
echo "ok - the packages hold what they should (libschemac.so.$abi, no MCP or validator in libschemac6 or libschemac-dev)"

# as a user installs them: apt, which waits for the package database if
# something else holds it, and fetches a missing dependency
files=()
for p in "${packages[@]}"; do files+=("$(deb "$p")"); done
apt-get install -y -o DPkg::Lock::Timeout=300 "${files[@]}" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "apt-get install ./*.deb"; }
[ "$(command -v schemac)" = /usr/bin/schemac ] || fail "schemac is $(command -v schemac), not /usr/bin/schemac"
[ "$(schemac --version)" = "schemac $version" ] || fail "schemac --version says '$(schemac --version)', the package $version"
objdump -p /usr/bin/schemac | grep -q RUNPATH && fail "the packaged schemac has a RUNPATH"
for lib in /usr/lib/*/libschemac-validate.so.$abi /usr/lib/*/libschemac-mcp.so.$abi; do
    objdump -p "$lib" | grep -q RUNPATH && fail "the packaged $lib has a RUNPATH"
done
schemac --print-schema "$source/samples/url/url_tool.h" >/dev/null || fail "the packaged schemac on samples/url"
echo "ok - installed; /usr/bin/schemac runs and the libraries load without a RUNPATH"

for kind in make meson cmake cmake-makefiles make-static meson-static cmake-static; do
    if ! bash "$source/tests/consumer/consumer.sh" "$kind" - "$source" /usr >"$tmp/consumer.log" 2>&1; then
        cat "$tmp/consumer.log"
        fail "the $kind consumer against the installed packages"
    fi
    grep '^ok' "$tmp/consumer.log" | sed 's/^/    /'
done
echo "ok - every consumer builds against /usr"
