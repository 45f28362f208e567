#!/usr/bin/env bash
# sc_mcp_main, the command line of every server built on it (here the
# sample mcp_server, whose own options come first): stdio by default,
# --http PORT, --address, --version, --help, and the usage errors.
#   main_options.sh MCP_SERVER
set -u
server=$1
failures=0
check() {
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$server" --version >"$tmp/out" 2>&1
check "--version prints the name and version, exit 0" \
    bash -c "test $? -eq 0 && grep -qx 'schemac-sample-mcp-server 0.1.0' '$tmp/out'"
"$server" --help >"$tmp/out" 2>&1
check "--help prints the usage, exit 0" bash -c "test $? -eq 0 && grep -q '^usage: .*--http PORT' '$tmp/out'"
"$server" --no-such >"$tmp/out" 2>&1
check "an unknown option exits 2 and is named" bash -c "test $? -eq 2 && grep -q \"unknown option or missing value: '--no-such'\" '$tmp/out'"
"$server" --http 70000 >"$tmp/out" 2>&1
check "a port out of range exits 2" bash -c "test $? -eq 2 && grep -q 'takes a port number' '$tmp/out'"
"$server" --address 127.0.0.1 >"$tmp/out" 2>&1
check "--address without --http exits 2" test $? -eq 2
"$server" --http >"$tmp/out" 2>&1
check "--http without a port exits 2" test $? -eq 2

# stdio by default (the sample's own --page-size passed before it)
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}' \
    | "$server" --page-size 2 >"$tmp/out" 2>"$tmp/err"
status=${PIPESTATUS[1]}
check "stdio by default: initialize answered, exit 0 at end of input" \
    bash -c "test $status -eq 0 && grep -q '\"protocolVersion\":\"2025-11-25\"' '$tmp/out'"

# --state-key-file: the file's bytes as they are (issue 42: a trailing
# newline was dropped, so one random key in 256, whose last byte is 0x0A,
# was 31 bytes and refused)
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}'
serves_with_key() {
    printf '%s\n' "$init" | "$server" --state-key-file "$1" >"$tmp/out" 2>"$tmp/err" &&
        grep -q '"protocolVersion":"2025-11-25"' "$tmp/out"
}
printf '%031d\n' 0 >"$tmp/key-0a"
check "--state-key-file: a 32-byte key whose last byte is 0x0A is taken" serves_with_key "$tmp/key-0a"
printf '%031d' 0 >"$tmp/key-31"
"$server" --state-key-file "$tmp/key-31" </dev/null >"$tmp/out" 2>"$tmp/err"
check "--state-key-file: 31 bytes are refused, exit 2" \
    bash -c "test $? -eq 2 && grep -q 'is too short' '$tmp/err'"
# the recipes the message gives, run as it writes them
recipes=$(sed -n 's/.*read as they are: \(.*\))$/\1/p' "$tmp/err")
check "--state-key-file: the message gives two recipes" test -n "$recipes"
IFS=, read -r -a recipe <<<"${recipes//, or /,}"
for r in "${recipe[@]}"; do
    bash -c "${r//FILE/$tmp/key-recipe}"
    check "--state-key-file: the key of '$r' is taken" serves_with_key "$tmp/key-recipe"
done

# --http 0: any free port, named on stderr; SIGTERM stops it with status 0
"$server" --http 0 --address 127.0.0.1 2>"$tmp/err" &
pid=$!
for _ in $(seq 50); do grep -q 'listening on http://127.0.0.1:' "$tmp/err" && break; sleep 0.1; done
check "--http 0 listens on a free port of --address" grep -q 'listening on http://127.0.0.1:[0-9]*/mcp' "$tmp/err"
kill -TERM "$pid"
wait "$pid"
check "SIGTERM stops it with status 0" test $? -eq 0

# Behind a proxy (issue 42): --allowed-host NAME (repeatable) replaces the
# loopback bind's Host list, --max-connections-per-ip N the default share
"$server" --allowed-host mcp.example.com >"$tmp/out" 2>&1
check "--allowed-host without --http exits 2" bash -c "test $? -eq 2 && grep -q 'allowed-host goes with --http' '$tmp/out'"
"$server" --http 0 --max-connections-per-ip x >"$tmp/out" 2>&1
check "--max-connections-per-ip takes a number, exit 2" bash -c "test $? -eq 2 && grep -q 'takes a number' '$tmp/out'"
"$server" --help >"$tmp/out" 2>&1
check "--help names --allowed-host and --max-connections-per-ip" \
    bash -c "grep -q -- '--allowed-host NAME' '$tmp/out' && grep -q -- '--max-connections-per-ip N' '$tmp/out'"
# serve ARGS...: starts the server on a free port, sets pid and port
serve() {
    "$server" --http 0 "$@" 2>"$tmp/err" &
    pid=$!
    port=
    for _ in $(seq 50); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/mcp.*|\1|p' "$tmp/err")
        [ -n "$port" ] && break
        sleep 0.1
    done
}
# status HOST: the HTTP status of an initialize sent with Host: HOST
status() {
    python3 - "$port" "$1" "$init" <<'PY'
import http.client, sys
c = http.client.HTTPConnection('127.0.0.1', int(sys.argv[1]), timeout=5)
c.putrequest('POST', '/mcp', skip_host=True)
for k, v in (('Host', sys.argv[2]), ('Content-Type', 'application/json'), ('Accept', 'application/json'),
             ('Content-Length', str(len(sys.argv[3])))):
    c.putheader(k, v)
c.endheaders(sys.argv[3].encode())
print(c.getresponse().status)
PY
}
# closed_third: opens three silent connections; prints whether the server
# closed the third within 1 s
closed_third() {
    python3 - "$port" <<'PY'
import socket, sys
held = [socket.create_connection(('127.0.0.1', int(sys.argv[1]))) for _ in range(3)]
held[2].settimeout(1)
try:
    print('closed' if held[2].recv(1) == b'' else 'answered')
except socket.timeout:
    print('open')
except ConnectionResetError:
    print('closed')
PY
}
serve
check "a loopback bind refuses Host: mcp.example.com (403) without --allowed-host" test "$(status mcp.example.com)" = 403
check "without --max-connections-per-ip a third connection from one address stays open" test "$(closed_third)" = open
kill -TERM "$pid"
wait "$pid"
serve --allowed-host mcp.example.com --allowed-host mcp2.example.com --max-connections-per-ip 2
check "--allowed-host: Host: mcp.example.com is served (200)" test "$(status mcp.example.com)" = 200
check "--allowed-host again: Host: mcp2.example.com:8443 is served (200)" test "$(status mcp2.example.com:8443)" = 200
check "--allowed-host: another Host is 403 (the list replaces the loopback names)" test "$(status 127.0.0.1)" = 403
check "--max-connections-per-ip 2: a third connection from one address is closed" test "$(closed_third)" = closed
kill -TERM "$pid"
wait "$pid"
check "SIGTERM stops it with status 0 (--allowed-host, --max-connections-per-ip)" test $? -eq 0

# A public bind without TLS says so (issue 42): one warning line on
# stderr, naming what is missing; a loopback bind, none
warned() { # ARGS...: the warning lines of a server started with them (a log of its own)
    local log
    log=$(mktemp -p "$tmp")
    "$server" --http 0 "$@" 2>"$log" &
    local p=$!
    for _ in $(seq 150); do grep -q 'listening on' "$log" && break; sleep 0.1; done
    kill -TERM "$p"
    wait "$p"
    grep 'warning' "$log"
}
check "--address 0.0.0.0 without TLS or OAuth: one warning line" \
    test "$(warned --address 0.0.0.0 | grep -c 'is not loopback and has neither TLS nor OAuth')" = 1
check "--address 127.0.0.1: no warning" test -z "$(warned --address 127.0.0.1)"
python3 - "$tmp/jwks.json" <<'PY'
import base64, json, subprocess, sys
der = subprocess.run(['openssl', 'pkey', '-pubout', '-outform', 'DER'], check=True, capture_output=True,
                     input=subprocess.run(['openssl', 'genpkey', '-algorithm', 'ed25519'], check=True,
                                          capture_output=True).stdout).stdout
x = base64.urlsafe_b64encode(der[-32:]).rstrip(b'=').decode()
json.dump({'keys': [{'kty': 'OKP', 'crv': 'Ed25519', 'x': x, 'kid': 'k', 'alg': 'EdDSA'}]}, open(sys.argv[1], 'w'))
PY
oauth=(--oauth-resource https://mcp.example.com/mcp --oauth-issuer https://auth.example.com --oauth-jwks "$tmp/jwks.json")
check "OAuth over plain HTTP on --address 0.0.0.0: one warning line (tokens in clear)" \
    test "$(warned --address 0.0.0.0 "${oauth[@]}" | grep -c 'has no TLS: bearer tokens cross the network in clear')" = 1
loopback_warnings=$(warned "${oauth[@]}")
check "OAuth over plain HTTP on loopback: no warning${loopback_warnings:+ (got: $loopback_warnings)}" test -z "$loopback_warnings"

# The connection limits and timeouts (issue 48): --max-connections,
# --request-timeout, --idle-timeout, --tls-priorities
"$server" --http 0 --max-connections 0 >"$tmp/out" 2>&1
check "--max-connections 0 exits 2 (1 to 1000000)" bash -c "test $? -eq 2 && grep -q -- '--max-connections takes a number (1 to 1000000)' '$tmp/out'"
"$server" --request-timeout 5 >"$tmp/out" 2>&1
check "--request-timeout without --http exits 2" bash -c "test $? -eq 2 && grep -q -- '--request-timeout goes with --http' '$tmp/out'"
"$server" --http 0 --tls-priorities NORMAL >"$tmp/out" 2>&1
check "--tls-priorities without --tls-cert exits 1, named" bash -c "test $? -eq 1 && grep -q 'tls_priorities without tls_cert_file' '$tmp/out'"
"$server" --help >"$tmp/out" 2>&1
check "--help names the limits and timeouts" \
    bash -c "grep -q -- '--max-connections N' '$tmp/out' && grep -q -- '--request-timeout SECONDS' '$tmp/out' && grep -q -- '--idle-timeout SECONDS' '$tmp/out'"
# timed CASE: seconds until the server closes a connection that sends
# part of a request (partial) or a whole one and waits (idle); "never"
# after 5 s. Asks the server; the figure is checked against a range.
timed() {
    python3 - "$port" "$1" "$init" <<'PY'
import socket, sys, time
s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))
body = sys.argv[3].encode()
if sys.argv[2] == 'partial':
    s.sendall(b'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le')
else:
    s.sendall(b'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
              b'Accept: application/json\r\nContent-Length: %d\r\n\r\n%s' % (len(body), body))
start = time.monotonic()
s.settimeout(5)
try:
    while s.recv(65536):
        pass
    print(round(time.monotonic() - start, 1))
except socket.timeout:
    print('never')
except ConnectionResetError:
    print(round(time.monotonic() - start, 1))
PY
}
in_range() { # VALUE LOW HIGH
    python3 -c "import sys; v = sys.argv[1]; sys.exit(0 if v != 'never' and $2 <= float(v) <= $3 else 1)" "$1"
}
serve --request-timeout 1
partial=$(timed partial)
check "--request-timeout 1: a request not in is closed after 1 s ($partial)" in_range "$partial" 0.8 2.5
kill -TERM "$pid"
wait "$pid"
serve --idle-timeout 2
idle=$(timed idle)
check "--idle-timeout 2: a kept-alive connection with nothing to do is closed after 2 s ($idle)" in_range "$idle" 1.5 3.5
kill -TERM "$pid"
wait "$pid"
# second_waits: with one silent connection open, whether another's request
# is answered within 1 s (answered) or not (waits)
second_waits() {
    python3 - "$port" "$init" <<'PY'
import socket, sys
first = socket.create_connection(('127.0.0.1', int(sys.argv[1])))
second = socket.create_connection(('127.0.0.1', int(sys.argv[1])))
body = sys.argv[2].encode()
second.sendall(b'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
               b'Accept: application/json\r\nContent-Length: %d\r\n\r\n%s' % (len(body), body))
second.settimeout(1)
try:
    print('answered' if second.recv(12).startswith(b'HTTP/1.1') else 'closed')
except socket.timeout:
    first.close()
    second.settimeout(5)
    print('waits, then answered' if second.recv(12).startswith(b'HTTP/1.1') else 'waits, then closed')
PY
}
serve --max-connections 1
check "--max-connections 1: a second connection waits for the first to close" test "$(second_waits)" = "waits, then answered"
kill -TERM "$pid"
wait "$pid"
serve
check "without --max-connections a second connection is served at once" test "$(second_waits)" = answered
kill -TERM "$pid"
wait "$pid"

echo "$failures failed"
test "$failures" -eq 0
