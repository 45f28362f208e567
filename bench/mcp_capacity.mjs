// Capacity of one MCP server process over HTTP (issue 29, "Capacity"):
// N concurrent SSE streams (2026-07-28 subscriptions/listen) held by one
// process, its RSS per stream and threads, and calls per second of a
// trivial tool while they are held; side by side in one run, one server
// after the other, with the official TypeScript SDK v2 server
// (bench/mcp-ts/server.mjs: @modelcontextprotocol/server's createMcpHandler
// through @modelcontextprotocol/node, the same `greet` tool).
//
// For each server, the same workload:
//   1. start it; 50 warm-up calls; RSS and threads (/proc/PID/status; for
//      Node the whole process, read after a full garbage collection: the
//      TS server runs with --expose-gc and GET /bench/gc; the RSS before
//      it is shown too);
//   2. calls alone: greet for CALL_SECONDS from CLIENTS keep-alive
//      connections (each one call at a time): calls/s, p50/p99 latency;
//   3. N subscriptions/listen opened (64 at a time, from 127.0.0.2-.5, each
//      its own raw socket; the acknowledgement read); the first that fails
//      (error, timeout, refusal) stops the opening: the largest N held is
//      reported;
//   4. with the streams held: RSS, RSS per stream, threads; the same calls
//      again; one tools list change (mcp-everything's
//      test_trigger_tool_change, the TS server's trigger_tool_change: the
//      same thing, its handler.notify.toolsChanged()) and the time until
//      every listener has it;
//   5. the streams closed; RSS 2 s and 10 s later; the server stopped.
// Not part of the test suite; run by hand with the open files limit raised:
//
//   ulimit -n $(ulimit -Hn)   # N + 1000 at least
//   npm ci --prefix bench/mcp-ts
//   node bench/mcp_capacity.mjs build-release/samples/mcp-everything/mcp_everything [N [CALL_SECONDS [CLIENTS]]]
//
// Defaults: N 10000, CALL_SECONDS 10, CLIENTS 8. BENCH_ONLY=ours|ts runs one.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [everything, nArg = '10000', secondsArg = '10', clientsArg = '8'] = process.argv.slice(2);
const N = Number(nArg), CALL_SECONDS = Number(secondsArg), CLIENTS = Number(clientsArg);
if (!everything || !existsSync(everything) || !(N >= 1)) {
    console.error('usage: node bench/mcp_capacity.mjs MCP_EVERYTHING [N [CALL_SECONDS [CLIENTS]]]');
    process.exit(2);
}
const tsServer = path.join(here, 'mcp-ts', 'server.mjs');
if (!existsSync(path.join(here, 'mcp-ts', 'node_modules', '@modelcontextprotocol', 'server'))) {
    console.error('the TypeScript SDK server is not installed: npm ci --prefix bench/mcp-ts');
    process.exit(2);
}
const openFiles = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'Infinity');
if (openFiles < N + 1000)
    console.log(`warning: open files limited to ${openFiles} (ulimit -n); ${N} streams need ${N + 1000} in this process and in the server`);

const VERSION = '2026-07-28';
const SOURCES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const OPENING = 64;
const meta = {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'mcp-capacity', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

function procStatus(pid) {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)[1]);
    let fds = -1;
    try { fds = readdirSync(`/proc/${pid}/fd`).length; } catch { /* not ours */ }
    return { rss: field('VmRSS'), hwm: field('VmHWM'), threads: field('Threads'), fds };
}

function startServer(command, args) {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { log = (log + d).slice(-20000); });
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const url = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening on" line: ${log}`)), 20000);
        child.stderr.on('data', () => {
            const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(log);
            if (m) { clearTimeout(timer); resolve(Number(m[1])); }
        });
        exited.then((e) => reject(new Error(`the server exited (${JSON.stringify(e)}): ${log}`)));
    });
    return { child, exited, port: url, log: () => log };
}

// ---- the calls: node's http client, CLIENTS keep-alive connections

const body = (id, name, args) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: meta } });
function call(agent, port, id, name, args) {
    const data = body(id, name, args);
    return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent, headers: {
            'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': Buffer.byteLength(data),
            'MCP-Protocol-Version': VERSION, 'Mcp-Method': 'tools/call', 'Mcp-Name': name,
        } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => { text += d; });
            res.on('end', () => {
                if (res.statusCode !== 200)
                    return reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
                const messages = /text\/event-stream/.test(res.headers['content-type'] ?? '')
                    ? text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)))
                    : [JSON.parse(text)];
                const reply = messages.find((m) => m.id === id);
                if (!reply?.result || reply.result.isError)
                    return reject(new Error(`bad reply: ${text.slice(0, 200)}`));
                resolve(reply.result);
            });
            res.on('error', reject);
        });
        req.setTimeout(30000, () => req.destroy(new Error('no reply within 30 s')));
        req.on('error', reject);
        req.end(data);
    });
}

const percentile = (sorted, q) => sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function callLoad(port, seconds) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const latencies = [];
    let failures = 0, firstError = null, id = 0;
    const start = now(), end = start + seconds * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
        while (now() < end) {
            const t = now();
            try {
                const r = await call(agent, port, ++id, 'greet', { name: `n${id}` });
                if (!/^Hello, n\d+!$/.test(r.content?.[0]?.text ?? ''))
                    throw new Error(`unexpected: ${JSON.stringify(r)}`);
                latencies.push(now() - t);
            } catch (e) {
                failures++;
                firstError ??= e.message;
            }
        }
    }));
    const ms = now() - start;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    return { calls: latencies.length, failures, firstError, perSecond: latencies.length / ms * 1000,
        p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) };
}

// ---- the streams: one raw socket each, its chunked SSE response decoded
// just enough to count the notifications it carries

class Listener {
    constructor(port, localAddress, i) {
        this.i = i;
        this.count = 0;       // notifications/tools/list_changed received
        this.acknowledged = false;
        this.closed = false;
        this.head = null;
        this.raw = '';
        this.text = '';       // the decoded body not yet searched (its tail)
        this.onChange = null;
        this.socket = net.connect({ host: '127.0.0.1', port, localAddress });
        this.socket.setEncoding('latin1');
        this.socket.on('data', (d) => this.data(d));
        this.socket.on('error', (e) => { this.error = e; });
        this.socket.on('close', () => { this.closed = true; this.onChange?.(); });
        const data = JSON.stringify({ jsonrpc: '2.0', id: `listen-${i}`, method: 'subscriptions/listen',
            params: { notifications: { toolsListChanged: true }, _meta: meta } });
        this.socket.write([`POST /mcp HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Type: application/json',
            'Accept: application/json, text/event-stream', `MCP-Protocol-Version: ${VERSION}`, 'Mcp-Method: subscriptions/listen',
            `Content-Length: ${Buffer.byteLength(data)}`, '', data].join('\r\n'));
    }
    data(d) {
        this.raw += d;
        if (this.head === null) {
            const end = this.raw.indexOf('\r\n\r\n');
            if (end < 0)
                return;
            this.head = this.raw.slice(0, end);
            this.status = Number(this.head.split(' ')[1]);
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
        // whole events only
        let cut;
        while ((cut = this.text.indexOf('\n\n')) >= 0) {
            const event = this.text.slice(0, cut);
            this.text = this.text.slice(cut + 2);
            if (event.includes('notifications/subscriptions/acknowledged'))
                this.acknowledged = true;
            else if (event.includes('notifications/tools/list_changed'))
                this.count++;
            else if (event.includes('"error"'))
                this.rejected = event;
        }
        this.onChange?.();
    }
    // Resolves once predicate(this) holds; rejects after ms or on close.
    until(predicate, ms, what) {
        return new Promise((resolve, reject) => {
            const check = () => {
                if (predicate(this)) {
                    clearTimeout(timer);
                    this.onChange = null;
                    resolve();
                } else if (this.closed || this.rejected || (this.status && this.status !== 200)) {
                    clearTimeout(timer);
                    this.onChange = null;
                    reject(new Error(`listener ${this.i}: ${this.rejected ?? this.head?.split('\r\n')[0] ?? ''}` +
                        ` ${this.closed ? `closed (${this.error?.code ?? 'by the server'})` : ''} before ${what}`));
                }
            };
            const timer = setTimeout(() => { this.onChange = null; reject(new Error(`listener ${this.i}: no ${what} within ${ms} ms`)); }, ms);
            this.onChange = check;
            check();
        });
    }
    close() {
        this.socket.destroy();
    }
}

async function openListeners(port, n) {
    const listeners = [];
    let next = 0, failure = null;
    const started = now();
    await Promise.all(Array.from({ length: OPENING }, async () => {
        while (next < n && failure === null) {
            const i = next++;
            const l = new Listener(port, SOURCES[i % SOURCES.length], i);
            listeners[i] = l;
            try {
                await l.until((x) => x.acknowledged, 20000, 'acknowledgement');
            } catch (e) {
                failure ??= e.message;
            }
        }
    }));
    const held = listeners.filter((l) => l && l.acknowledged && !l.closed);
    return { listeners, held, failure, ms: now() - started };
}

// For the Node server (run with --expose-gc): a full garbage collection
// (GET /bench/gc of bench/mcp-ts/server.mjs) before RSS is read, so that it
// counts what is alive, not garbage a later collection would free; the RSS
// before the collection is kept too.
function collect(port) {
    return new Promise((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/bench/gc', agent: false }, (res) => {
            let text = '';
            res.on('data', (d) => { text += d; });
            res.on('end', () => { try { resolve(JSON.parse(text)); } catch { resolve(null); } });
        }).on('error', () => resolve(null));
    });
}
async function settled(pid, port, gc) {
    const raw = procStatus(pid);
    if (!gc)
        return { ...raw, raw: raw.rss };
    const memory = await collect(port);
    await sleep(300);
    // V8's live heap and the memory outside it (buffers), in kB
    return { ...procStatus(pid), raw: raw.rss, heap: memory ? Math.round((memory.heapUsed + memory.external) / 1024) : undefined };
}

// ---- one server

async function measure(label, command, args, trigger, gc = false) {
    console.log(`\n== ${label}: ${[command, ...args].join(' ')}`);
    const server = startServer(command, args);
    const port = await server.port;
    const pid = server.child.pid;
    const warm = new http.Agent({ keepAlive: true, maxSockets: 4 });
    for (let i = 0; i < 50; i++)
        await call(warm, port, i, 'greet', { name: 'warm' });
    warm.destroy();
    await sleep(500);
    const alone = await settled(pid, port, gc);
    console.log(`alone: RSS ${alone.rss} kB${gc ? ` after a full GC (${alone.raw} kB before)` : ''}, ${alone.threads} threads`);
    const callsAlone = await callLoad(port, CALL_SECONDS);
    console.log(`calls alone (${CLIENTS} clients, ${CALL_SECONDS} s): ${callsAlone.calls} calls, ${callsAlone.perSecond.toFixed(0)}/s, ` +
        `p50 ${callsAlone.p50.toFixed(2)} ms, p99 ${callsAlone.p99.toFixed(2)} ms, ${callsAlone.failures} failed${callsAlone.firstError ? ` (${callsAlone.firstError})` : ''}`);
    await sleep(500);
    const beforeStreams = await settled(pid, port, gc);

    const opened = await openListeners(port, N);
    const held = opened.held.length;
    console.log(`streams: ${held} of ${N} held, opened in ${(opened.ms / 1000).toFixed(1)} s` +
        `${opened.failure ? `; opening stopped: ${opened.failure}` : ''}`);
    await sleep(3000); // idle handler threads end, the heap settles
    const withStreams = await settled(pid, port, gc);
    const perStream = (withStreams.rss - beforeStreams.rss) / Math.max(1, held);
    console.log(`with ${held} streams: RSS ${withStreams.rss} kB${gc ? ` after a full GC (${withStreams.raw} kB before)` : ''} ` +
        `(+${withStreams.rss - beforeStreams.rss} kB from ${beforeStreams.rss} kB: ${perStream.toFixed(1)} kB a stream), ` +
        `${withStreams.threads} threads, ${withStreams.fds} open files`);
    const callsHeld = await callLoad(port, CALL_SECONDS);
    console.log(`calls with the streams held: ${callsHeld.calls} calls, ${callsHeld.perSecond.toFixed(0)}/s, ` +
        `p50 ${callsHeld.p50.toFixed(2)} ms, p99 ${callsHeld.p99.toFixed(2)} ms, max ${callsHeld.max.toFixed(0)} ms, ` +
        `${callsHeld.failures} failed${callsHeld.firstError ? ` (${callsHeld.firstError})` : ''}`);
    const afterCalls = procStatus(pid);

    let fanout = null, fanoutError = null;
    try {
        const agent = new http.Agent({ keepAlive: false });
        const t = now();
        await call(agent, port, 'trigger', trigger, {});
        await Promise.all(opened.held.map((l) => l.until((x) => x.count >= 1, 30000, 'tools/list_changed')));
        fanout = now() - t;
        const dup = opened.held.filter((l) => l.count !== 1).length;
        console.log(`a tools list change reached all ${held} listeners in ${fanout.toFixed(0)} ms${dup ? ` (${dup} got it more than once)` : ''}`);
    } catch (e) {
        fanoutError = e.message;
        console.log(`the list change did not reach every listener: ${e.message} ` +
            `(${opened.held.filter((l) => l.count >= 1).length} of ${held} had it)`);
    }
    const stillOpen = opened.held.filter((l) => !l.closed).length;
    for (const l of opened.listeners)
        l?.close();
    await sleep(2000);
    const closed = await settled(pid, port, gc);
    await sleep(8000);
    const closedLater = await settled(pid, port, gc);
    console.log(`streams closed (${stillOpen} were still open): RSS ${closed.rss} kB${gc ? ` after a full GC (${closed.raw} kB before)` : ''}, ` +
        `${closed.threads} threads, peak RSS ${closed.hwm} kB; 10 s after closing: RSS ${closedLater.rss} kB`);
    server.child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, sleep(10000).then(() => { server.child.kill('SIGKILL'); return 'killed'; })]);
    return { label, alone, callsAlone, beforeStreams, held, opening: opened.ms, openFailure: opened.failure, withStreams, perStream,
        callsHeld, afterCalls, fanout, fanoutError, stillOpen, closed, closedLater, exit };
}

const only = process.env.BENCH_ONLY;
const results = [];
console.log(`N ${N} streams, calls for ${CALL_SECONDS} s from ${CLIENTS} clients; node ${process.version}; ${new Date().toISOString()}`);
if (only !== 'ts')
    results.push(await measure('schemac (samples/mcp-everything)', everything, ['--http', '0'], 'test_trigger_tool_change'));
if (only !== 'ours') {
    await sleep(2000);
    results.push(await measure('TypeScript SDK v2 (bench/mcp-ts/server.mjs)', process.execPath,
        ['--expose-gc', tsServer, '0', String(N + 100)], 'trigger_tool_change', true));
}

const row = (name, f) => `| ${name} | ${results.map(f).join(' | ')} |`;
console.log(`\n| | ${results.map((r) => r.label).join(' | ')} |`);
console.log(`|---|${results.map(() => '---:').join('|')}|`);
console.log(row('streams held (of N)', (r) => `${r.held}${r.openFailure ? ' (stopped)' : ''}`));
console.log(row('time to open them', (r) => `${(r.opening / 1000).toFixed(1)} s`));
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const gcNote = (r, x) => x.raw !== x.rss ? ` (${mb(x.raw)} before GC)` : '';
console.log(row('RSS alone (after 50 calls)', (r) => mb(r.alone.rss) + gcNote(r, r.alone)));
console.log(row('RSS before the streams (after the calls)', (r) => mb(r.beforeStreams.rss) + gcNote(r, r.beforeStreams)));
console.log(row('RSS with them', (r) => mb(r.withStreams.rss) + gcNote(r, r.withStreams)));
console.log(row('RSS per stream', (r) => `${r.perStream.toFixed(1)} kB`));
console.log(row('V8 heap used + external per stream (after GC)', (r) => r.withStreams.heap === undefined ? '-'
    : `${((r.withStreams.heap - r.beforeStreams.heap) / Math.max(1, r.held)).toFixed(1)} kB`));
console.log(row('threads (alone / with streams)', (r) => `${r.alone.threads} / ${r.withStreams.threads}`));
console.log(row('greet calls/s alone', (r) => r.callsAlone.perSecond.toFixed(0)));
console.log(row('p50 / p99 alone', (r) => `${r.callsAlone.p50.toFixed(2)} / ${r.callsAlone.p99.toFixed(2)} ms`));
console.log(row('greet calls/s with streams held', (r) => r.callsHeld.perSecond.toFixed(0)));
console.log(row('p50 / p99 with streams', (r) => `${r.callsHeld.p50.toFixed(2)} / ${r.callsHeld.p99.toFixed(2)} ms`));
console.log(row('failed calls', (r) => `${r.callsAlone.failures + r.callsHeld.failures}`));
console.log(row('list change to every listener', (r) => r.fanout !== null ? `${r.fanout.toFixed(0)} ms` : 'failed'));
console.log(row('RSS after closing the streams', (r) => mb(r.closed.rss) + gcNote(r, r.closed)));
console.log(row('RSS 10 s after closing them', (r) => mb(r.closedLater.rss) + gcNote(r, r.closedLater)));
console.log(row('peak RSS (VmHWM)', (r) => mb(r.closed.hwm)));
console.log(row('exit on SIGTERM', (r) => JSON.stringify(r.exit)));
