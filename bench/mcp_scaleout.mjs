// Scale-out and fail-over (issue 29, "Scale-out"): three replicas of
// samples/mcp-everything behind HAProxy (samples/deploy/haproxy.cfg, filled
// in as samples/deploy/run.sh does), sharing notifications on a Redis bus
// (--redis URL) and one requestState key (--state-key-file), all on free
// loopback ports:
//   1. LISTENERS 2026-07-28 subscriptions/listen streams through HAProxy
//      (round robin spreads them over the replicas: the X-MCP-Replica header
//      of each stream's response), plus SESSIONS 2025 sessions holding their
//      GET stream (sticky on Mcp-Session-Id);
//   2. a mixed call load through HAProxy: CLIENTS clients, each one
//      keep-alive connection and one call at a time, cycling through greet,
//      test_simple_text, test_multiple_content_types, test_embedded_resource
//      and tools/list (stateless 2026-07-28 requests);
//   3. under the load, a tools list change made on replica r3 (a
//      test_trigger_tool_change call sent to r3 directly): the time until all
//      LISTENERS listeners have notifications/tools/list_changed;
//   4. replica r2 killed (SIGKILL) mid-load: the calls that fail, and why
//      (expected: only those in flight on r2); r2's listeners see their
//      stream end and reconnect through HAProxy at once (what a client does):
//      the time until all of them are acknowledged again; r2's 2025 sessions
//      get 404 through HAProxy and start a new session;
//   5. two more list changes (made on r1, then r3, directly): each must
//      reach every listener, reconnected or not; at the end every listener
//      must have had exactly 3.
// Calls/s and p50/p99 latency before the kill, in the 5 s after it, and
// after that. Not part of the test suite; run by hand:
//
//   ulimit -n $(ulimit -Hn)
//   node bench/mcp_scaleout.mjs build-release/samples/mcp-everything/mcp_everything [LISTENERS [CLIENTS [SESSIONS]]]
//
// Defaults: LISTENERS 1000, CLIENTS 6, SESSIONS 30. Needs redis-server and
// haproxy (Debian: apt-get install redis-server haproxy) and a build with
// hiredis (the replicas' --redis).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_HAPROXY_CFG: another configuration (e.g. a copy with a changed option)
const sample = path.resolve(here, '..', 'samples', 'deploy', 'haproxy.cfg');
let config = process.env.BENCH_HAPROXY_CFG ?? sample;
const [everything, listenersArg = '1000', clientsArg = '6', sessionsArg = '30'] = process.argv.slice(2);
const LISTENERS = Number(listenersArg), CLIENTS = Number(clientsArg), SESSIONS = Number(sessionsArg);
if (!everything || !existsSync(everything)) {
    console.error('usage: node bench/mcp_scaleout.mjs MCP_EVERYTHING [LISTENERS [CLIENTS [SESSIONS]]]');
    process.exit(2);
}
function program(name) {
    for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'])
        if (dir && existsSync(path.join(dir, name)))
            return path.join(dir, name);
    console.error(`${name} is not installed`);
    process.exit(2);
}
const VERSION = '2026-07-28';
const meta = {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'mcp-scaleout', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
const T0 = now();
const stamp = () => `[${((now() - T0) / 1000).toFixed(2)} s]`;

// ---- processes

const children = new Set();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
function start(command, args, name, env = process.env, onLine = null) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    children.add(child);
    const proc = { child, name, log: '', exit: null };
    let partial = '';
    const keep = (d) => {
        proc.log = (proc.log + d).slice(-50000);
        if (onLine) {
            const lines = (partial + d).split('\n');
            partial = lines.pop();
            lines.forEach(onLine);
        }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    proc.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
        children.delete(child);
        proc.exit = { code, signal };
        resolve(proc.exit);
    }));
    return proc;
}
async function waitLog(proc, re, ms = 15000) {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
        const m = re.exec(proc.log);
        if (m)
            return m;
        if (proc.exit)
            break;
    }
    throw new Error(`${proc.name}: no ${re} (${JSON.stringify(proc.exit)}):\n${proc.log}`);
}
function freePort() {
    return new Promise((resolve, reject) => {
        const s = net.createServer();
        s.on('error', reject);
        s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'schemac-scaleout-'));
const keyFile = path.join(dir, 'state.key');
writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
// the sample's frontend is HTTPS; the listeners here are raw plain-HTTP
// sockets, as the figures of bench/README.md were measured: a copy without TLS
if (config === sample) {
    config = path.join(dir, 'haproxy.cfg');
    writeFileSync(config, readFileSync(sample, 'utf8').replace(' ssl crt "${MCP_CERT}" alpn http/1.1', ''));
}
const redisPort = await freePort();
const redis = start(program('redis-server'), ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--dir', dir, '--daemonize', 'no', '--loglevel', 'notice'], 'redis-server');
await waitLog(redis, /Ready to accept connections/);
const channel = `schemac-scaleout-${process.pid}`;
const replicas = [];
for (let i = 1; i <= 3; i++) {
    const r = start(everything, ['--http', '0', '--redis', `redis://127.0.0.1:${redisPort}`, '--redis-channel', channel,
        '--state-key-file', keyFile], `r${i}`);
    r.port = Number((await waitLog(r, /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/))[1]);
    await waitLog(r, /redis bus: subscribed at/);
    replicas.push(r);
}
// HAProxy's log (option httplog): the requests that did not end normally,
// by server, status and termination state, to see what the failures were
const abnormal = new Map();
const examples = [];
function haproxyLine(line) {
    const m = / \S+\/(\S+) (\S+) (\d{3}|-1) \S+ \S+ \S+ (\S{4}) /.exec(line);
    if (!m || (['200', '202', '404'].includes(m[3]) && m[4] === '----') || m[4].startsWith('CD'))
        return; // 202: notifications/initialized, 404: r2's sessions; CD: a client closed its stream
    const key = `${m[1]} ${m[3]} ${m[4]}`;
    abnormal.set(key, (abnormal.get(key) ?? 0) + 1);
    if (examples.length < 12)
        examples.push(line.trim());
}
const proxyPort = await freePort();
const haproxy = start(program('haproxy'), ['-db', '-f', config], 'haproxy', {
    ...process.env, MCP_BIND: `127.0.0.1:${proxyPort}`, MCP_REPLICA1: `127.0.0.1:${replicas[0].port}`,
    MCP_REPLICA2: `127.0.0.1:${replicas[1].port}`, MCP_REPLICA3: `127.0.0.1:${replicas[2].port}`,
}, (line) => haproxyLine(line));
for (let up = false; !up; await sleep(50)) {
    if (haproxy.exit)
        throw new Error(`haproxy exited: ${haproxy.log}`);
    up = await new Promise((resolve) => {
        const s = net.connect(proxyPort, '127.0.0.1', () => { s.end(); resolve(true); });
        s.on('error', () => resolve(false));
    });
}
await sleep(500); // the first health checks
console.log(`${stamp()} redis :${redisPort}, replicas r1 :${replicas[0].port} r2 :${replicas[1].port} r3 :${replicas[2].port}, ` +
    `haproxy :${proxyPort} (${config}); node ${process.version}; ${new Date().toISOString()}`);

// ---- requests (node's http client)

function post(port, agent, message, headers = {}) {
    const data = JSON.stringify(message);
    return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent, headers: {
            'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
            'Content-Length': Buffer.byteLength(data), ...headers,
        } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => { text += d; });
            res.on('end', () => {
                const messages = /text\/event-stream/.test(res.headers['content-type'] ?? '')
                    ? text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)))
                    : text ? [JSON.parse(text)] : [];
                resolve({ status: res.statusCode, headers: res.headers, reply: messages.find((m) => m.id === message.id), text });
            });
            res.on('error', reject);
        });
        req.setTimeout(30000, () => req.destroy(new Error('no reply within 30 s')));
        req.on('error', reject);
        req.end(data);
    });
}
const modern = (method, name) => ({ 'MCP-Protocol-Version': VERSION, 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) });
let ids = 0;
async function callTool(port, agent, name, args = {}) {
    const id = ++ids;
    const r = await post(port, agent, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: meta } },
        modern('tools/call', name));
    if (r.status !== 200 || !r.reply?.result || r.reply.result.isError)
        throw Object.assign(new Error(`${name}: HTTP ${r.status} ${r.text.slice(0, 200)}`), { status: r.status });
    return r;
}

// ---- listeners: raw sockets through HAProxy, the chunked SSE decoded

let listenerId = 0;
let firstCloseAt = null;
class Listener {
    constructor(i) {
        this.i = i;
        this.count = 0;        // tools/list_changed received, over every connection
        this.replicas = [];    // the replica of each of its connections
        this.waiters = new Set();
    }
    connect() {
        this.acknowledged = false;
        this.closed = false;
        this.head = null;
        this.raw = '';
        this.text = '';
        this.rejected = null;
        const socket = net.connect({ host: '127.0.0.1', port: proxyPort });
        this.socket = socket;
        socket.setEncoding('latin1');
        socket.on('data', (d) => socket === this.socket && this.data(d));
        socket.on('error', (e) => { this.error = e; });
        socket.on('close', () => {
            if (socket !== this.socket)
                return;
            this.closed = true;
            if (this.onClose && firstCloseAt === null)
                firstCloseAt = now(); // r2 seen gone (set once the kill is armed)
            this.onClose?.(this);
            this.notify();
        });
        const data = JSON.stringify({ jsonrpc: '2.0', id: `listen-${this.i}-${++listenerId}`, method: 'subscriptions/listen',
            params: { notifications: { toolsListChanged: true }, _meta: meta } });
        socket.write(['POST /mcp HTTP/1.1', `Host: 127.0.0.1:${proxyPort}`, 'Content-Type: application/json',
            'Accept: application/json, text/event-stream', `MCP-Protocol-Version: ${VERSION}`, 'Mcp-Method: subscriptions/listen',
            `Content-Length: ${Buffer.byteLength(data)}`, '', data].join('\r\n'));
        return this.until((l) => l.acknowledged, 20000, 'acknowledgement');
    }
    data(d) {
        this.raw += d;
        if (this.head === null) {
            const end = this.raw.indexOf('\r\n\r\n');
            if (end < 0)
                return;
            this.head = this.raw.slice(0, end);
            this.status = Number(this.head.split(' ')[1]);
            this.replica = /^x-mcp-replica:\s*(\S+)/im.exec(this.head)?.[1];
            this.replicas.push(this.replica);
            this.chunked = /^transfer-encoding:\s*chunked/im.test(this.head);
            this.raw = this.raw.slice(end + 4);
        }
        if (this.chunked) {
            for (;;) {
                const eol = this.raw.indexOf('\r\n');
                if (eol < 0)
                    break;
                const size = parseInt(this.raw.slice(0, eol), 16);
                if (this.raw.length < eol + 2 + size + 2)
                    break;
                this.text += this.raw.slice(eol + 2, eol + 2 + size);
                this.raw = this.raw.slice(eol + 2 + size + 2);
            }
        } else {
            this.text += this.raw;
            this.raw = '';
        }
        let cut;
        while ((cut = this.text.indexOf('\n\n')) >= 0) {
            const event = this.text.slice(0, cut);
            this.text = this.text.slice(cut + 2);
            if (event.includes('notifications/subscriptions/acknowledged'))
                this.acknowledged = true;
            else if (event.includes('notifications/tools/list_changed')) {
                this.count++;
                this.lastAt = now();
            } else if (event.includes('"error"'))
                this.rejected = event;
        }
        this.notify();
    }
    notify() {
        for (const w of this.waiters)
            w();
    }
    until(predicate, ms, what) {
        return new Promise((resolve, reject) => {
            const done = (e) => { clearTimeout(timer); this.waiters.delete(check); e ? reject(e) : resolve(); };
            const check = () => {
                if (predicate(this))
                    done();
                else if (this.closed || this.rejected || (this.status && this.status !== 200))
                    done(new Error(`listener ${this.i} (${this.replica}): ${this.rejected ?? this.head?.split('\r\n')[0] ?? ''}` +
                        `${this.closed ? ` closed (${this.error?.code ?? 'by the peer'})` : ''} before ${what}`));
            };
            const timer = setTimeout(() => done(new Error(`listener ${this.i} (${this.replica}): no ${what} within ${ms} ms`)), ms);
            this.waiters.add(check);
            check();
        });
    }
}

// ---- 1: the listeners and the 2025 sessions

const listeners = Array.from({ length: LISTENERS }, (_, i) => new Listener(i));
let started = now();
{
    let next = 0;
    await Promise.all(Array.from({ length: 32 }, async () => {
        while (next < LISTENERS)
            await listeners[next++].connect();
    }));
}
const spread = (ls) => ls.reduce((m, l) => ({ ...m, [l.replica]: (m[l.replica] ?? 0) + 1 }), {});
console.log(`${stamp()} ${LISTENERS} listeners acknowledged through HAProxy in ${(now() - started).toFixed(0)} ms: ` +
    JSON.stringify(spread(listeners)));

// 2025 sessions: initialize, notifications/initialized, GET stream (raw
// socket, kept open); their replica from X-MCP-Replica
const sessions = [];
for (let i = 0; i < SESSIONS; i++) {
    const agent = new http.Agent({ keepAlive: false });
    const init = await post(proxyPort, agent, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {
        protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-scaleout', version: '1.0.0' } } });
    const session = { id: init.headers['mcp-session-id'], replica: init.headers['x-mcp-replica'] };
    await post(proxyPort, agent, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Session-Id': session.id });
    session.stream = net.connect({ host: '127.0.0.1', port: proxyPort });
    session.stream.setEncoding('latin1');
    session.head = '';
    session.stream.on('data', (d) => { session.head += d; });
    session.stream.on('error', () => {});
    session.stream.on('close', () => { session.closed = true; });
    session.stream.write(['GET /mcp HTTP/1.1', `Host: 127.0.0.1:${proxyPort}`, 'Accept: text/event-stream',
        `Mcp-Session-Id: ${session.id}`, '', ''].join('\r\n'));
    sessions.push(session);
}
for (const s of sessions) {
    for (let t = 0; t < 100 && !/\r\n\r\n/.test(s.head); t++)
        await sleep(20);
    s.getReplica = /^x-mcp-replica:\s*(\S+)/im.exec(s.head)?.[1];
    s.getStatus = Number(s.head.split(' ')[1]);
}
console.log(`${stamp()} ${SESSIONS} 2025 sessions with their GET stream: ${JSON.stringify(spread(sessions))}, ` +
    `GET on the session's replica: ${sessions.filter((s) => s.getStatus === 200 && s.getReplica === s.replica).length}/${SESSIONS}`);

// ---- 2: the call load

const MIX = [
    ['tools/call', 'greet', { name: 'scale' }, (r) => r.content[0].text === 'Hello, scale!'],
    ['tools/call', 'test_simple_text', {}, (r) => /simple text response/.test(r.content[0].text)],
    ['tools/call', 'test_multiple_content_types', {}, (r) => r.content.length >= 3],
    ['tools/call', 'test_embedded_resource', {}, (r) => r.content[0].type === 'resource'],
    ['tools/list', null, null, (r) => r.tools.length > 10],
];
const calls = []; // { start, end, ok, error, status, replica, kind }
let loadRunning = true;
const loadClients = Array.from({ length: CLIENTS }, async (_, c) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let k = c; loadRunning; k++) {
        const [method, name, args, good] = MIX[k % MIX.length];
        const id = ++ids;
        const record = { start: now(), kind: name ?? method };
        calls.push(record);
        try {
            const r = await post(proxyPort, agent, { jsonrpc: '2.0', id, method,
                params: { ...(name ? { name, arguments: args } : {}), _meta: meta } }, modern(method, name));
            record.status = r.status;
            record.replica = r.headers['x-mcp-replica'];
            if (r.status !== 200 || !r.reply?.result || !good(r.reply.result))
                throw new Error(`HTTP ${r.status}: ${r.text.slice(0, 160).replace(/\s+/g, ' ')}`);
            record.ok = true;
        } catch (e) {
            record.ok = false;
            record.error = e.message;
        }
        record.end = now();
    }
    agent.destroy();
});

const agent = new http.Agent({ keepAlive: false });
const expectAll = (n, what, ms = 30000) => Promise.all(listeners.map((l) => l.until((x) => x.count >= n, ms, what)));
const fanouts = [];
async function listChange(replica, n) {
    const t = now();
    const r = await callTool(replica.port, agent, 'test_trigger_tool_change');
    await expectAll(n, `list change ${n}`);
    const last = Math.max(...listeners.map((l) => l.lastAt));
    const ms = last - t;
    const answered = r.headers['x-mcp-replica'] ?? replica.name;
    fanouts.push({ n, replica: answered, ms, over: listeners.filter((l) => l.count > n).length });
    console.log(`${stamp()} list change ${n} made on ${replica.name}: all ${LISTENERS} listeners had it ${ms.toFixed(0)} ms after the call ` +
        `(${listeners.filter((l) => l.count !== n).length} with a count other than ${n})`);
}

await sleep(5000);
await listChange(replicas[2], 1);
await sleep(5000);

// ---- 4: kill r2

const victim = replicas[1];
const victimListeners = listeners.filter((l) => l.replica === 'r2');
const reconnectTimes = [];
const reconnectErrors = [];
const killAt = now();
let reconnecting = 0;
for (const l of listeners) {
    l.onClose = async (x) => {
        if (x.reconnecting)
            return;
        x.reconnecting = true;
        reconnecting++;
        const closedAt = now();
        // a client reconnects at once, then backs off (100 ms, doubling)
        for (let delay = 100, attempt = 0; ; delay = Math.min(delay * 2, 2000), attempt++) {
            try {
                await x.connect();
                reconnectTimes.push({ fromKill: now() - killAt, fromClose: now() - closedAt, attempts: attempt + 1, replica: x.replica });
                break;
            } catch (e) {
                reconnectErrors.push(e.message);
                if (attempt > 20)
                    break;
                await sleep(delay);
            }
        }
        x.reconnecting = false;
    };
}
const inFlightAtKill = calls.filter((c) => c.end === undefined).length;
victim.child.kill('SIGKILL');
console.log(`${stamp()} r2 killed (SIGKILL) with ${victimListeners.length} listeners, ` +
    `${sessions.filter((s) => s.replica === 'r2').length} 2025 sessions, ${inFlightAtKill} calls in flight (any replica)`);
await Promise.all(victimListeners.map((l) => l.until((x) => x.replicas.length >= 2 && x.acknowledged && !x.closed, 30000, 'reconnection')
    .catch((e) => reconnectErrors.push(e.message))));
const reconnected = reconnectTimes.length;
const lastReconnect = Math.max(0, ...reconnectTimes.map((r) => r.fromKill));
console.log(`${stamp()} ${reconnected} listeners reconnected through HAProxy, the last ${lastReconnect.toFixed(0)} ms after the kill ` +
    `(attempts: max ${Math.max(0, ...reconnectTimes.map((r) => r.attempts))}), now on ${JSON.stringify(spread(listeners))}` +
    `${reconnectErrors.length ? `; ${reconnectErrors.length} failed attempts: ${reconnectErrors[0]}` : ''}`);

// the 2025 sessions: a call each; r2's get 404 and start again
const sessionResults = { kept: 0, restarted: 0, failed: [] };
for (const s of sessions) {
    try {
        const id = ++ids;
        let r = await post(proxyPort, agent, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'greet', arguments: { name: 's' } } },
            { 'Mcp-Session-Id': s.id });
        if (r.status === 404 && s.replica === 'r2') {
            const init = await post(proxyPort, agent, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {
                protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-scaleout', version: '1.0.0' } } });
            s.id = init.headers['mcp-session-id'];
            await post(proxyPort, agent, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Session-Id': s.id });
            r = await post(proxyPort, agent, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'greet', arguments: { name: 's' } } },
                { 'Mcp-Session-Id': s.id });
            if (r.status === 200 && r.reply?.result)
                sessionResults.restarted++;
            else
                sessionResults.failed.push(`${s.replica}: again HTTP ${r.status}`);
        } else if (r.status === 200 && r.reply?.result && r.headers['x-mcp-replica'] === s.replica)
            sessionResults.kept++;
        else
            sessionResults.failed.push(`${s.replica} -> ${r.headers['x-mcp-replica']}: HTTP ${r.status} ${r.text.slice(0, 100)}`);
    } catch (e) {
        sessionResults.failed.push(`${s.replica}: ${e.message}`);
    }
}
console.log(`${stamp()} 2025 sessions after the kill: ${sessionResults.kept} answered by their replica, ` +
    `${sessionResults.restarted} (r2's) got 404 and started a new session that works, ${sessionResults.failed.length} failed` +
    `${sessionResults.failed.length ? `: ${sessionResults.failed.slice(0, 3).join('; ')}` : ''}; ` +
    `GET streams closed: ${sessions.filter((s) => s.closed).length} (r2 had ${sessions.filter((s) => s.replica === 'r2').length})`);

// ---- 5: two more list changes, made on r1 and r3

await sleep(3000);
await listChange(replicas[0], 2);
await sleep(2000);
await listChange(replicas[2], 3);
await sleep(4000);
loadRunning = false;
await Promise.all(loadClients);
const stopAt = now();
await sleep(500);
const exact = listeners.filter((l) => l.count === 3).length;
console.log(`${stamp()} every listener: ${exact}/${LISTENERS} had exactly 3 list changes` +
    `${exact < LISTENERS ? ` (counts: ${JSON.stringify(listeners.filter((l) => l.count !== 3).slice(0, 5).map((l) => [l.i, l.count, l.replicas]))})` : ''}`);

// ---- the figures

const pct = (xs, q) => xs.length ? xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN;
function phase(name, from, to) {
    const inPhase = calls.filter((c) => c.start >= from && c.start < to && c.end !== undefined);
    const ok = inPhase.filter((c) => c.ok).map((c) => c.end - c.start).sort((a, b) => a - b);
    const perReplica = spread(inPhase.filter((c) => c.ok));
    return { name, seconds: (to - from) / 1000, calls: inPhase.length, failed: inPhase.length - ok.length,
        perSecond: ok.length / ((to - from) / 1000), p50: pct(ok, 0.5), p99: pct(ok, 0.99), max: pct(ok, 1), perReplica };
}
const loadStart = calls[0].start;
const phases = [
    phase('before the kill', loadStart, killAt),
    phase('first 5 s after the kill', killAt, killAt + 5000),
    phase('after that', killAt + 5000, stopAt),
];
console.log('\n| calls (mixed, through HAProxy) | seconds | calls | failed | calls/s | p50 ms | p99 ms | max ms | answered by |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const p of phases)
    console.log(`| ${p.name} | ${p.seconds.toFixed(1)} | ${p.calls} | ${p.failed} | ${p.perSecond.toFixed(0)} | ${p.p50.toFixed(2)} | ` +
        `${p.p99.toFixed(2)} | ${p.max.toFixed(0)} | ${JSON.stringify(p.perReplica).replace(/"/g, '')} |`);
const failures = calls.filter((c) => c.ok === false);
const seenGone = firstCloseAt - killAt;
const inFlightWhenGone = calls.filter((c) => c.start < firstCloseAt && (c.end === undefined || c.end > firstCloseAt)).length;
console.log(`\nfailed calls: ${failures.length} of ${calls.length}; in flight when SIGKILL was sent (any replica): ${inFlightAtKill}; ` +
    `r2's first stream seen closed ${seenGone.toFixed(1)} ms after SIGKILL was sent, ${inFlightWhenGone} calls in flight then (any replica); ` +
    `failed calls started before that: ${failures.filter((f) => f.start < firstCloseAt).length}`);
for (const f of failures)
    console.log(`  started ${(f.start - killAt).toFixed(0)} ms from the kill, ended ${(f.end - killAt).toFixed(0)} ms from it, ` +
        `${f.kind}: ${f.error}${f.replica ? ` (answered by ${f.replica})` : ''}`);
console.log('\n| list change | made on | reached all listeners after |');
console.log('|---|---|---:|');
for (const f of fanouts)
    console.log(`| ${f.n === 1 ? '1 (before the kill)' : `${f.n} (after)`} | ${f.replica} | ${f.ms.toFixed(0)} ms |`);
const rt = reconnectTimes.map((r) => r.fromKill).sort((a, b) => a - b);
console.log(`\nreconnections: ${reconnected}/${victimListeners.length} of r2's listeners; after the kill: first ${pct(rt, 0).toFixed(0)} ms, ` +
    `median ${pct(rt, 0.5).toFixed(0)} ms, last ${lastReconnect.toFixed(0)} ms; failed attempts ${reconnectErrors.length}`);

console.log(`\nHAProxy: requests that did not end normally (server status termination-state: count), 200/202/404 ---- and CD-- (client closed) left out: ` +
    `${JSON.stringify(Object.fromEntries(abnormal))}`);
for (const e of examples)
    console.log(`  ${e}`);

loadRunning = false;
for (const l of listeners)
    l.onClose = null, l.socket.destroy();
for (const s of sessions)
    s.stream.destroy();
for (const p of [haproxy, replicas[0], replicas[2], redis])
    p.child.kill('SIGTERM');
await Promise.all([haproxy, replicas[0], replicas[2], redis].map((p) => Promise.race([p.exited, sleep(5000)])));
const exits = [replicas[0], replicas[2]].map((r) => `${r.name} ${JSON.stringify(r.exit)}`);
console.log(`replicas stopped: ${exits.join(', ')}`);
const bad = failures.length > inFlightAtKill || exact < LISTENERS || reconnected < victimListeners.length;
if (bad) {
    console.log(`---- haproxy's log (end)\n${haproxy.log.slice(-3000)}`);
    for (const r of replicas)
        console.log(`---- ${r.name}'s log (end)\n${r.log.slice(-1500)}`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(bad ? 1 : 0);
