// A soak of one MCP server over HTTPS (issue 48): for SECONDS, CLIENTS
// loops at once send a mix of what a public endpoint meets, and the
// server's resident memory and open descriptors are sampled before,
// during and after:
//   - a tool call (MCP 2026-07-28, stateless) over a kept-alive TLS
//     connection (200);
//   - a body that is not JSON (400) and one over max_message (413);
//   - a request cut off mid-headers and a client gone mid-body;
//   - a ClientHello that announces 16 MiB and never ends (cut at the
//     pre-handshake cap);
//   - plain HTTP to the TLS port.
// The server is samples/mcp-everything with a throwaway certificate
// (openssl). The load runs ROUNDS times, each followed by 3 s of rest; it
// prints the counts and the server's RSS and descriptors before, at the
// peak and after each round, and, with --check, exits 1 unless the
// descriptors are back within 2 after each round, the memory within
// RSS_SLACK_KIB (8192) of where it was after the first round and within a
// quarter of that of the first round after the last: what the load
// leaves must not grow with it (tests/mcp runs it so, 2 x 8 s, in the
// plain build).
//
//   node bench/mcp_soak.mjs MCP_EVERYTHING [SECONDS [CLIENTS [ROUNDS]]] [--check]
//
// Defaults: SECONDS 60, CLIENTS 16, ROUNDS 2.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';

const args = process.argv.slice(2);
const check = args.includes('--check');
const [everything, secondsArg, clientsArg, roundsArg] = args.filter((a) => a !== '--check');
const seconds = Number(secondsArg ?? 60), clients = Number(clientsArg ?? 16), rounds = Number(roundsArg ?? 2);
const slackKiB = Number(process.env.RSS_SLACK_KIB ?? 8192);

const dir = mkdtempSync(join(tmpdir(), 'schemac-soak-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1'], { cwd: dir, stdio: 'pipe' });

const server = spawn(everything, ['--http', '0', '--tls-cert', join(dir, 'cert.pem'), '--tls-key', join(dir, 'key.pem')],
    { stdio: ['ignore', 'ignore', 'pipe'] });
let log = '';
const port = await new Promise((resolve, reject) => {
    server.stderr.on('data', (d) => {
        log += d;
        const m = /listening on https:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(log);
        if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
});
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
const fds = () => readdirSync(`/proc/${server.pid}/fd`).length;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A stateless call (MCP 2026-07-28: no session is left behind; a 2025
// initialize would leave one, kept for session_timeout_seconds).
const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'mcp-soak', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
};
const greet = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call',
    params: { name: 'greet', arguments: { name: 'soak' }, _meta: meta } });
const agent = new https.Agent({ keepAlive: true, maxSockets: clients, rejectUnauthorized: false });
const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'greet' };

function post(body) {
    return new Promise((resolve) => {
        const req = https.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent,
            headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
        });
        req.on('error', () => resolve('error'));
        req.end(body);
    });
}
// A raw TLS connection that sends text and is destroyed at once.
function cutOff(text) {
    return new Promise((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
            socket.write(text, () => { socket.destroy(); resolve('cut'); });
        });
        socket.on('error', () => resolve('cut'));
    });
}
function endlessHello() {
    return new Promise((resolve) => {
        const socket = netConnect(port, '127.0.0.1');
        const record = (payload) => Buffer.concat([Buffer.from([22, 3, 1, payload.length >> 8, payload.length & 255]), payload]);
        const first = Buffer.alloc(16384);
        first.set([1, 0xff, 0xff, 0xff]);
        socket.on('connect', () => {
            socket.write(record(first));
            for (let i = 0; i < 15; i++)
                socket.write(record(Buffer.alloc(16384, 0x41)));
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve('closed'));
        setTimeout(() => socket.destroy(), 3000);
    });
}
function plainToTls() {
    return new Promise((resolve) => {
        const socket = netConnect(port, '127.0.0.1', () => socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
        socket.on('error', () => {});
        socket.on('close', () => resolve('closed'));
        setTimeout(() => socket.destroy(), 3000);
    });
}
const oversize = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(5 << 20) } });
const mix = [
    () => post(greet), () => post(greet), () => post(greet), () => post(greet),
    () => post('{"jsonrpc": "2.0", "id": 3, "method": '),
    () => post(oversize),
    () => cutOff('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le'),
    () => cutOff(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`),
    endlessHello,
    plainToTls,
];

// SOAK_MIX=0,4 keeps those kinds of exchange only (to find which one a growth comes from)
const kinds = process.env.SOAK_MIX ? process.env.SOAK_MIX.split(',').map((k) => mix[Number(k)]) : mix;
for (let i = 0; i < 20; i++)
    await post(greet);
await sleep(500);
const before = { rss: rss(), fds: fds() };
let peak = before.rss;
const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 250);
const counts = {};
const afters = [];
for (let round = 0; round < rounds; round++) {
    const end = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: clients }, async (_, c) => {
        for (let i = c; Date.now() < end; i++) {
            const outcome = await kinds[i % kinds.length]();
            counts[outcome] = (counts[outcome] ?? 0) + 1;
        }
    }));
    agent.destroy();
    await sleep(3000);
    afters.push({ rss: rss(), fds: fds() });
}
clearInterval(sampler);
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));

const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(`${total} exchanges in ${rounds} x ${seconds} s from ${clients} clients: ${JSON.stringify(counts)}`);
console.log(`rss KiB: before ${before.rss}, peak ${peak}, after each round ${afters.map((a) => a.rss).join(', ')}; ` +
    `fds: before ${before.fds}, after each round ${afters.map((a) => a.fds).join(', ')}`);
if (/Sanitizer|runtime error:/.test(log)) {
    console.log(log);
    process.exit(1);
}
if (check) {
    const first = afters[0], last = afters[afters.length - 1];
    const ok = afters.every((a) => a.fds <= before.fds + 2) && first.rss <= before.rss + slackKiB &&
        last.rss <= first.rss + slackKiB / 4 && (counts[200] ?? 0) > 0;
    console.log(ok ? 'ok   descriptors and memory back after each round, no growth across rounds'
        : 'FAIL descriptors or memory not back after the load, or growing across rounds');
    process.exit(ok ? 0 : 1);
}
