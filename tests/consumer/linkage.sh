#!/usr/bin/env bash
# What the samples link (ldd): a program that only decodes (samples/url)
# needs libschemac and cJSON, nothing of libschemac-mcp, HTTP, TLS or
# libschemac-validate; the MCP server and the agent link libschemac-mcp,
# and libschemac-mcp links libschemac and libschemac-validate, never the
# other way round.
# Usage: linkage.sh DECODE_ONLY_EXE MCP_EXE... -- LIBSCHEMAC LIBSCHEMAC_MCP
#        linkage.sh --decode-only EXE...   (the first check alone:
#        tests/consumer/consumer.sh runs it on each app it builds)
#        linkage.sh --validate-only EXE... (a program of libschemac-validate:
#        nothing of MCP, HTTP or TLS)
set -eu
fail() { echo "FAIL: $*"; exit 1; }
command -v ldd >/dev/null || { echo "SKIP: no ldd"; exit 77; }

# What a program that only decodes must not load: the MCP library, the web
# server and the TLS stack it brings, the validator; a program of the
# validator (--validate-only) the same but the validator.
mcp_and_tls='schemac-mcp|microhttpd|gnutls|p11-kit|idn2|unistring|nettle|hogweed|gmp|tasn1'
links_none_of() { # PATTERN EXE...
    local heavy=$1 exe needed
    shift
    for exe in "$@"; do
        needed=$(ldd "$exe")
        if grep -E "$heavy" <<<"$needed"; then fail "$exe links the above"; fi
        echo "ok - $(basename "$exe"): $(awk '{print $1}' <<<"$needed" | grep -v -e vdso -e ld-linux | tr '\n' ' ')"
    done
}
decode_only() { links_none_of "$mcp_and_tls|schemac-validate" "$@"; }
if [ "$1" = --decode-only ]; then
    shift
    decode_only "$@"
    exit 0
fi
if [ "$1" = --validate-only ]; then
    shift
    links_none_of "$mcp_and_tls" "$@"
    exit 0
fi

decode_only=$1
shift
mcp_users=()
while [ "$1" != -- ]; do mcp_users+=("$1"); shift; done
libschemac=$2 libschemac_mcp=$3

decode_only "$decode_only" "$libschemac"
grep -q 'libschemac\.so' <<<"$(ldd "$decode_only")" || fail "$decode_only does not link libschemac.so"
for exe in "${mcp_users[@]}" "$libschemac_mcp"; do
    needed=$(ldd "$exe")
    grep -q 'libschemac\.so' <<<"$needed" || fail "$exe does not link libschemac.so"
    [ "$exe" = "$libschemac_mcp" ] || grep -q 'libschemac-mcp\.so' <<<"$needed" || fail "$exe does not link libschemac-mcp.so"
    grep -q 'libschemac-validate\.so' <<<"$needed" || fail "$exe does not link libschemac-validate.so"
    echo "ok - $(basename "$exe") links libschemac-mcp, libschemac-validate and libschemac"
done
