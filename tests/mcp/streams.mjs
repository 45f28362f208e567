// Event-driven connections (issue 29, item 3): one samples/mcp-everything
// process over HTTP holds STREAMS SSE streams at once, half 2025 sessions'
// GET streams and half 2026-07-28 subscriptions/listen, from four loopback
// addresses (127.0.0.2 to .5, under the default per-address cap), while
// calls from 127.0.0.1 are answered:
//   1. the 2025 sessions open (initialize, notifications/initialized, GET);
//      each calls test_simple_text; then one test_trigger_tool_change:
//      every GET stream must get notifications/tools/list_changed
//      (sc_mcp_notify_list_changed reaches every session);
//   2. the listeners open (their acknowledgement read);
//   3. with every stream open: CALLS greet calls (2026-07-28, 32 keep-alive
//      connections) must all be answered, none slower than 5 s; the server's
//      RSS per stream and its thread count are printed (/proc/PID/status);
//   4. one test_trigger_tool_change: notifications/tools/list_changed must
//      reach every listener;
//   5. every stream closed, the 2025 sessions ended (DELETE): the server's
//      sockets must be back to what they were, its RSS back within a
//      quarter of what the streams took (not
//      asserted under AddressSanitizer, whose quarantine keeps freed memory),
//      and it must stop cleanly.
// Run with the open files soft limit raised (meson runs it through
// `ulimit -n $(ulimit -Hn)`); exits 77 (skipped) when it cannot hold them.
//
//   node streams.mjs MCP_EVERYTHING [STREAMS [CALLS]]   (defaults 10000, 2000)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

import { startHttp } from './server.mjs';
import { check, failures, finish } from './check.mjs';

const [server, streamsArg = '10000', callsArg = '2000'] = process.argv.slice(2);
const STREAMS = Number(streamsArg), CALLS = Number(callsArg);
if (!server || !(STREAMS >= 8) || !(CALLS >= 1)) {
    console.error('usage: node streams.mjs MCP_EVERYTHING [STREAMS [CALLS]]');
    process.exit(2);
}
const openFiles = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'Infinity');
if (openFiles < STREAMS + 512) {
    console.log(`open files limited to ${openFiles} (ulimit -n): ${STREAMS} streams cannot be held: skipped`);
    process.exit(77);
}

const LEGACY = Math.floor(STREAMS / 2), LISTENERS = STREAMS - LEGACY;
// streams being opened at once: each of their requests must be in within
// the server's request deadline (10 s) of its connection's accept, which
// a loaded machine (a sanitizer build, tests in parallel) makes tight
const OPENING = 64;
const SOURCES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const VERSION = '2026-07-28';
const meta = {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'streams', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
};

const http = await startHttp(server);
const { port } = new URL(http.url);
const pid = http.child.pid;
const status = () => {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)[1]);
    return { rss: field('VmRSS'), threads: field('Threads'), fds: readdirSync(`/proc/${pid}/fd`).length };
};
// AddressSanitizer (its quarantine keeps freed memory) and ThreadSanitizer
// (its shadow memory) make the figures of memory meaningless
const binary = readFileSync(server);
const asan = /libasan|libtsan|libclang_rt\.[at]san/.test(readFileSync(`/proc/${pid}/maps`, 'utf8')) ||
    binary.includes('__asan_init') || binary.includes('__tsan_init');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- a raw HTTP/1.1 connection: requests one after another, each response
// parsed (Content-Length or chunked); an SSE response stays open, its text
// kept for the test to search

class Connection {
    constructor(localAddress) {
        this.socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress });
        this.socket.setNoDelay(true);
        this.buffer = '';
        this.waiting = null;  // { resolve, reject } of the response being read
        this.sse = null;      // the open SSE response: { head, text }
        this.closed = false;
        this.ready = new Promise((resolve, reject) => {
            this.socket.once('connect', resolve);
            this.socket.once('error', reject);
        });
        this.socket.on('error', (e) => { this.error = e; this.waiting?.reject(e); this.waiting = null; });
        this.socket.on('close', () => {
            this.closed = true;
            this.waiting?.reject(new Error('connection closed'));
            this.waiting = null;
        });
        this.socket.setEncoding('latin1');
        this.socket.on('data', (d) => {
            if (this.sse) {
                this.sse.text += d;
                this.sse.onData?.();
                return;
            }
            this.buffer += d;
            this.parse();
        });
    }
    parse() {
        if (!this.waiting)
            return;
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0)
            return;
        const head = this.buffer.slice(0, end);
        const lines = head.split('\r\n');
        const status = Number(lines[0].split(' ')[1]);
        const headers = {};
        for (const line of lines.slice(1)) {
            const i = line.indexOf(':');
            headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
        }
        const rest = this.buffer.slice(end + 4);
        if (/text\/event-stream/.test(headers['content-type'] ?? '')) {
            this.sse = { status, headers, text: rest };
            this.buffer = '';
            const w = this.waiting;
            this.waiting = null;
            w.resolve(this.sse);
            return;
        }
        let body;
        if (headers['content-length'] !== undefined) {
            const n = Number(headers['content-length']);
            if (Buffer.byteLength(rest, 'latin1') < n)
                return;
            body = rest.slice(0, n);
            this.buffer = rest.slice(n);
        } else if (/chunked/.test(headers['transfer-encoding'] ?? '')) {
            let at = 0;
            body = '';
            for (;;) {
                const eol = rest.indexOf('\r\n', at);
                if (eol < 0)
                    return;
                const size = parseInt(rest.slice(at, eol), 16);
                if (rest.length < eol + 2 + size + 2)
                    return;
                if (size === 0) {
                    this.buffer = rest.slice(eol + 4);
                    break;
                }
                body += rest.slice(eol + 2, eol + 2 + size);
                at = eol + 2 + size + 2;
            }
        } else {
            body = rest;
            this.buffer = '';
        }
        const w = this.waiting;
        this.waiting = null;
        w.resolve({ status, headers, body });
    }
    request(method, headers, body = '') {
        if (this.closed)
            return Promise.reject(new Error('connection closed'));
        const lines = [`${method} /mcp HTTP/1.1`, `Host: 127.0.0.1:${port}`];
        for (const [k, v] of Object.entries(headers))
            lines.push(`${k}: ${v}`);
        if (method === 'POST')
            lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                this.waiting = null;
                reject(new Error(`no response to ${method} ${body.slice(0, 120)} within 30 s`));
            }, 30000);
            this.waiting = {
                resolve: (v) => { clearTimeout(timer); resolve(v); },
                reject: (e) => { clearTimeout(timer); reject(e); },
            };
            this.socket.write(lines.join('\r\n') + '\r\n\r\n' + body);
            this.parse();
        });
    }
    // Resolves once the open SSE response's text matches re (within ms).
    until(re, ms) {
        return new Promise((resolve, reject) => {
            const sse = this.sse;
            if (re.test(sse.text))
                return resolve();
            const timer = setTimeout(() => { sse.onData = null; reject(new Error(`not within ${ms} ms: ${re}; got ${JSON.stringify(sse.text.slice(-300))}`)); }, ms);
            sse.onData = () => {
                if (re.test(sse.text)) {
                    clearTimeout(timer);
                    sse.onData = null;
                    resolve();
                }
            };
        });
    }
    close() {
        this.socket.destroy();
    }
}

// The callers: 32 keep-alive connections from 127.0.0.1, each used by one
// call at a time; one the server closed (idle past its request deadline,
// 10 s) is opened again.
const callers = [];
async function withCaller(i, fn) {
    const slot = i % 32;
    while (callers[slot]?.busy)
        await sleep(1);
    if (!callers[slot] || callers[slot].closed) {
        callers[slot] = new Connection();
        callers[slot].busy = true;
        await callers[slot].ready;
    }
    const c = callers[slot];
    c.busy = true;
    try {
        return await fn(c);
    } finally {
        c.busy = false;
    }
}

// Runs fn(i) for i < n, at most limit at once.
async function pool(n, limit, fn) {
    let next = 0;
    const run = async () => {
        while (next < n) {
            const i = next++;
            await fn(i);
        }
    };
    await Promise.all(Array.from({ length: Math.min(n, limit) }, run));
}

const accept = 'application/json, text/event-stream';
const rpc = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const stateless = (method, name) => ({
    Accept: accept, 'MCP-Protocol-Version': VERSION, 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}),
});
const messagesOf = (text) => text.split(/\n\n/).map((e) => e.split('\n').filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trim()).join('')).filter((d) => d).map((d) => JSON.parse(d));

// A 2026 call on one of the callers' connections: its reply (JSON or SSE).
async function call(c, id, name, args) {
    const r = await c.request('POST', stateless('tools/call', name), rpc(id, 'tools/call', { name, arguments: args, _meta: meta }));
    if (c.sse) { // answered as a stream: read it to its end
        await c.until(/\r\n0\r\n\r\n$/, 10000);
        const text = c.sse.text.replace(/\r\n[0-9A-F]+\r\n/gi, '');
        c.sse = null;
        return messagesOf(text).find((m) => m.id === id);
    }
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body);
}

// ---- 0: the server alone

for (let i = 0; i < 50; i++) { // its first calls: threads and caches warm
    const c = new Connection();
    await c.ready;
    await call(c, i, 'greet', { name: 'warm' });
    c.close();
}
await sleep(300);
const before = status();
console.log(`the server alone: RSS ${before.rss} kB, ${before.threads} threads, ${before.fds} open files`);

// ---- 1: the 2025 sessions' GET streams

const legacy = [];
let started = Date.now();
await check(`${LEGACY} 2025 sessions each hold their GET stream`, async () => {
    await pool(LEGACY, OPENING, async (i) => {
        const c = new Connection(SOURCES[i % SOURCES.length]);
        legacy[i] = c;
        await c.ready;
        const init = await c.request('POST', { Accept: accept }, rpc(1, 'initialize', {
            protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'streams', version: '1.0.0' },
        }));
        assert.equal(init.status, 200, init.body);
        c.session = init.headers['mcp-session-id'];
        assert.match(c.session ?? '', /^[0-9a-f]{32}$/);
        const initialized = await c.request('POST', { Accept: accept, 'Mcp-Session-Id': c.session },
            JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        assert.equal(initialized.status, 202);
        const get = await c.request('GET', { Accept: 'text/event-stream', 'Mcp-Session-Id': c.session });
        assert.equal(get.status, 200);
    });
});
console.log(`     opened in ${Date.now() - started} ms`);
const withLegacy = status();

await check(`each 2025 session calls a tool (${LEGACY} calls, 32 connections); one test_trigger_tool_change reaches every GET stream`, async () => {
    started = Date.now();
    await pool(LEGACY, 32, async (i) => {
        const r = await withCaller(i, (c) => c.request('POST', { Accept: 'application/json', 'Mcp-Session-Id': legacy[i].session },
            rpc(2, 'tools/call', { name: 'test_simple_text', arguments: {} })));
        assert.equal(r.status, 200, r.body);
        assert.match(JSON.parse(r.body).result.content[0].text, /simple text/);
    });
    const ms = Date.now() - started;
    console.log(`     ${LEGACY} calls in ${ms} ms: ${Math.round(LEGACY / ms * 1000)} calls/s with ${LEGACY} streams open`);
    started = Date.now();
    const r = await withCaller(0, (c) => c.request('POST', { Accept: 'application/json', 'Mcp-Session-Id': legacy[0].session },
        rpc(3, 'tools/call', { name: 'test_trigger_tool_change', arguments: {} })));
    assert.match(JSON.parse(r.body).result.content[0].text, /tools list changed/);
    await Promise.all(legacy.map((c) => c.until(/notifications\/tools\/list_changed/, 15000)));
    console.log(`     every GET stream had the list change ${Date.now() - started} ms after the call`);
});

// ---- 2: the 2026-07-28 subscriptions

const listeners = [];
started = Date.now();
await check(`${LISTENERS} subscriptions/listen (2026-07-28) acknowledged and held`, async () => {
    await pool(LISTENERS, OPENING, async (i) => {
        const c = new Connection(SOURCES[(i + 1) % SOURCES.length]);
        listeners[i] = c;
        await c.ready;
        const r = await c.request('POST', stateless('subscriptions/listen'),
            rpc(`listen-${i}`, 'subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: meta }));
        assert.equal(r.status, 200, r.body);
        await c.until(/notifications\/subscriptions\/acknowledged/, 10000);
    });
});
console.log(`     opened in ${Date.now() - started} ms`);

// ---- 3: calls while every stream is open

await sleep(2500); // the handler threads of the burst of openings end once idle (2 s)
const held = status();
const perStream = (held.rss - before.rss) / STREAMS;
console.log(`with ${STREAMS} streams: RSS ${held.rss} kB (+${held.rss - before.rss} kB, ${perStream.toFixed(1)} kB a stream; ` +
    `${((withLegacy.rss - before.rss) / LEGACY).toFixed(1)} kB for a 2025 session and its stream), ` +
    `${held.threads} threads, ${held.fds} open files`);
await check(`${held.threads} threads hold ${STREAMS} streams (at most 64)`, () => assert.ok(held.threads <= 64));
await check(`memory per stream ${perStream.toFixed(1)} kB (at most 64 kB${asan ? ', not asserted under a sanitizer' : ''})`,
    () => assert.ok(asan || perStream <= 64));

await check(`${CALLS} greet calls (2026-07-28, 32 connections) all answered while the streams are open, none slower than 5 s`, async () => {
    const latencies = [];
    started = Date.now();
    await pool(CALLS, 32, async (i) => {
        const t = Date.now();
        const reply = await withCaller(i, (c) => call(c, 1000 + i, 'greet', { name: `n${i}` }));
        latencies.push(Date.now() - t);
        assert.ok(reply?.result, JSON.stringify(reply));
    });
    const ms = Date.now() - started;
    latencies.sort((a, b) => a - b);
    const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.log(`     ${CALLS} calls in ${ms} ms: ${Math.round(CALLS / ms * 1000)} calls/s, latency median ${p(0.5)} ms, ` +
        `p99 ${p(0.99)} ms, max ${p(1)} ms`);
    assert.ok(p(1) < 5000);
});

// ---- 4: a list change to every listener

await check(`one test_trigger_tool_change: tools/list_changed reaches all ${LISTENERS} listeners`, async () => {
    started = Date.now();
    const reply = await withCaller(0, (c) => call(c, 'trigger', 'test_trigger_tool_change', {}));
    assert.ok(reply?.result, JSON.stringify(reply));
    await Promise.all(listeners.map((c) => c.until(/notifications\/tools\/list_changed/, 15000)));
    console.log(`     every listener had it ${Date.now() - started} ms after the call`);
});
await check('every stream is still open', () => {
    assert.equal(legacy.filter((c) => c.closed).length, 0);
    assert.equal(listeners.filter((c) => c.closed).length, 0);
});

// ---- 5: closing them

for (const c of [...legacy, ...listeners])
    c.close();
await check(`the ${LEGACY} 2025 sessions ended (DELETE), as their clients leave`, async () => {
    await pool(LEGACY, 32, async (i) => {
        const r = await withCaller(i, (c) => c.request('DELETE', { 'Mcp-Session-Id': legacy[i].session }));
        assert.equal(r.status, 200, r.body);
    });
});
for (const c of callers)
    c?.close();
let after = status();
for (let i = 0; i < 100 && after.fds > before.fds + 2; i++) {
    await sleep(100);
    after = status();
}
for (let i = 0; i < 40 && after.rss - before.rss > (held.rss - before.rss) / 4; i++) { // memory given back within 2 s
    await sleep(100);
    after = status();
}
console.log(`every stream closed: RSS ${after.rss} kB, ${after.threads} threads, ${after.fds} open files`);
await check('closing the streams frees their sockets', () => assert.ok(after.fds <= before.fds + 2, `${after.fds} > ${before.fds}`));
await check(`closing them frees their memory (RSS back within a quarter of what they took${asan ? ': not asserted under a sanitizer' : ''})`,
    () => assert.ok(asan || after.rss - before.rss <= (held.rss - before.rss) / 4, `${after.rss} kB`));
await check('the server still answers', async () => {
    const c = new Connection();
    await c.ready;
    assert.ok((await call(c, 'last', 'greet', { name: 'again' }))?.result);
    c.close();
});
const { code, signal } = await http.stop();
await check('the server stops cleanly', () => assert.equal(code, 0, `code ${code}, signal ${signal}\n${http.stderr().slice(-2000)}`));
if (failures() > 0) {
    console.log(`the server's log (its end):\n${http.stderr().slice(-3000)}`);
    finish();
}
finish();
