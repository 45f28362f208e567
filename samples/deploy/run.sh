#!/usr/bin/env bash
# Three replicas of an MCP server behind HAProxy, sharing notifications on
# Redis and one requestState key: the recipe of docs/deploy.md ("Several
# replicas") on one machine, every port a free loopback one.
#
#   samples/deploy/run.sh [SERVER]      (SERVER: build/samples/mcp-everything/mcp_everything)
#
# SERVER is a program whose main is sc_mcp_redis_main (libschemac-mcp-redis):
# it takes --http PORT --redis URL --redis-channel NAME --state-key-file FILE.
# Starts redis-server (no persistence, in a temporary directory), the three
# replicas and haproxy with haproxy.cfg (HTTPS, with a self-signed
# certificate for localhost and 127.0.0.1 made here), prints the URL clients
# use and the certificate to trust, and stops everything on Ctrl-C. Needs
# redis-server, haproxy and openssl (Debian: apt-get install redis-server
# haproxy openssl).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
server=${1:-$here/../../build/samples/mcp-everything/mcp_everything}
for p in redis-server haproxy python3 openssl; do
    command -v "$p" >/dev/null || [ -x "/usr/sbin/$p" ] || { echo "run.sh: $p is not installed" >&2; exit 1; }
done
PATH=$PATH:/usr/sbin
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

dir=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 0' INT TERM

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --daemonize no \
    --loglevel warning >"$dir/redis.log" 2>&1 &
pids+=($!)
# every replica signs and verifies requestState with this key
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/state.key"
chmod 600 "$dir/state.key"

ports=()
for i in 1 2 3; do
    "$server" --http 0 --redis "redis://127.0.0.1:$redis_port" --redis-channel schemac-mcp \
        --state-key-file "$dir/state.key" 2>"$dir/r$i.log" &
    pids+=($!)
    for _ in $(seq 100); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/mcp.*|\1|p' "$dir/r$i.log")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "run.sh: replica $i did not start:" >&2; cat "$dir/r$i.log" >&2; exit 1; }
    ports+=("$port")
done

# HAProxy's certificate: self-signed, for this machine only; its crt file
# holds the certificate and the key
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$dir/proxy.key" -out "$dir/proxy.pem" 2>/dev/null
cat "$dir/proxy.pem" "$dir/proxy.key" >"$dir/proxy.crt.pem"
chmod 600 "$dir/proxy.key" "$dir/proxy.crt.pem"

proxy_port=${MCP_PORT:-$(free_port)}
MCP_BIND=127.0.0.1:$proxy_port MCP_CERT=$dir/proxy.crt.pem MCP_REPLICA1=127.0.0.1:${ports[0]} \
    MCP_REPLICA2=127.0.0.1:${ports[1]} MCP_REPLICA3=127.0.0.1:${ports[2]} \
    haproxy -db -f "$here/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
pids+=($!)

echo "MCP endpoint: https://127.0.0.1:$proxy_port/mcp"
echo "its certificate: $dir/proxy.pem (curl --cacert FILE, NODE_EXTRA_CA_CERTS=FILE)"
echo "replicas on 127.0.0.1:${ports[0]} :${ports[1]} :${ports[2]}, Redis on :$redis_port; logs in $dir"
echo "Ctrl-C stops everything"
wait
