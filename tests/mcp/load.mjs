// A bounded load test of samples/mcp-server over Streamable HTTP on
// 127.0.0.1: CLIENTS official SDK clients (each its own session) at once,
// CALLS requests in all. Most are tools/call with the valid and invalid
// arguments of cases.mjs, each reply checked as client.mjs checks it; every
// 250th is a raw POST with a malformed body (400, -32700) or an oversized
// one (413). Nothing may be lost: every request gets its reply, and the
// counts add up. Prints requests/s and the server's resident memory (after
// the first 10% of the calls, at the end, and its peak) so memory can be
// seen to stay flat; nothing is asserted about time.
//
// Then the same in the stateless revision, 2026-07-28, on a fresh server:
// CLIENTS workers at once, CALLS requests in all, each a raw fetch POST
// without a session (the SDK client above speaks only 2025) carrying the
// MCP-Protocol-Version, Mcp-Method and Mcp-Name headers and params._meta;
// the same tools/call mix, each reply (application/json or
// text/event-stream) checked the same way and for its id and
// "resultType":"complete"; every 250th a malformed one in turn: a body
// that is not JSON (400, -32700), no MCP-Protocol-Version header (400,
// -32020), no _meta (400, -32602). Nothing may be lost, the counts must
// add up, the same figures are printed, and the server's RSS at the end
// must stay within 32 MB of its RSS after the first 10%
// (not asserted when the server is built with AddressSanitizer, whose
// quarantine of freed memory grows by design).
//
// Then, with TRANSPORT_SERVER (tests/mcp/transport_server.c), SSE: CLIENTS
// SDK clients, each with STREAMS calls streaming at once in its session,
// CALLS / 10 calls in all; each call sends 20 messages on its POST's
// stream and 1 on the session's GET stream. Every message must arrive, in
// its order, every call its result, every GET message once; the figures
// and the server's memory are printed likewise.
//
//   node load.mjs MCP_SERVER [CLIENTS [CALLS [TRANSPORT_SERVER [STREAMS]]]]
//                                        (defaults 8, 10000, none, 4)
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

import { valid, invalid } from './cases.mjs';
import { startHttp } from './server.mjs';

let Client, StreamableHTTPClientTransport;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [server, clients = '8', calls = '10000', transportServer, streams = '4'] = process.argv.slice(2);
const CLIENTS = Number(clients), CALLS = Number(calls), STREAMS = Number(streams);
if (!server || !(CLIENTS >= 1) || !(CALLS >= CLIENTS) || !(STREAMS >= 1)) {
    console.error('usage: node load.mjs MCP_SERVER [CLIENTS [CALLS [TRANSPORT_SERVER [STREAMS]]]]');
    process.exit(2);
}

const http = await startHttp(server, ['--page-size', '2']);
const memoryOf = (pid, field) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
};
const memory = (field) => memoryOf(http.child.pid, field);

// The calls, in a fixed order that mixes every case.
const plan = [];
for (let i = 0; plan.length < CALLS; i++) {
    if (i % 250 === 125)
        plan.push({ kind: i % 500 === 125 ? 'malformed' : 'oversized' });
    else if (i % 3 === 2)
        plan.push({ kind: 'invalid', call: invalid[i % invalid.length] });
    else
        plan.push({ kind: 'valid', call: valid[i % valid.length] });
}

const counts = { valid: 0, invalid: 0, malformed: 0, oversized: 0 };
const failures = [];
let done = 0, rssEarly = NaN;

async function run(client, transport, call) {
    if (call.kind === 'malformed' || call.kind === 'oversized') {
        const body = call.kind === 'malformed' ? '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{'
            : `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1100 * 1024)}"}}`;
        const r = await fetch(http.url, {
            method: 'POST', body,
            headers: { 'content-type': 'application/json', 'mcp-session-id': transport.sessionId },
        });
        const reply = await r.json();
        if (call.kind === 'malformed') {
            assert.equal(r.status, 400);
            assert.equal(reply.error.code, -32700);
        } else {
            assert.equal(r.status, 413);
            assert.equal(reply.error.code, -32600);
        }
        return;
    }
    const [name, args, expected] = call.call;
    const result = await client.callTool({ name, arguments: args });
    if (call.kind === 'invalid') {
        assert.equal(result.isError, true);
        assert.match(result.content[0].text, expected);
    } else {
        assert.equal(result.isError, false, JSON.stringify(result.content));
        assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
        if (typeof expected === 'function')
            expected(result.structuredContent);
        else
            assert.deepEqual(result.structuredContent, expected);
    }
}

async function worker(index) {
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const client = new Client({ name: `load-${index}`, version: '1.0.0' });
    await client.connect(transport);
    for (let i = index; i < plan.length; i += CLIENTS) {
        try {
            await run(client, transport, plan[i]);
            counts[plan[i].kind]++;
        } catch (e) {
            failures.push(`call ${i} (${plan[i].kind} ${plan[i].call?.[0] ?? ''}): ${e.message}`);
        }
        if (++done === Math.floor(CALLS / 10))
            rssEarly = memory('VmRSS');
    }
    await transport.terminateSession();
    await client.close();
}

const start = process.hrtime.bigint();
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => worker(i)));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const rssEnd = memory('VmRSS'), peak = memory('VmHWM');
const { code, signal } = await http.stop();

const total = counts.valid + counts.invalid + counts.malformed + counts.oversized;
console.log(`${CLIENTS} clients, ${CALLS} requests in ${seconds.toFixed(2)} s: ${(CALLS / seconds).toFixed(0)} requests/s`);
console.log(`  valid ${counts.valid}, invalid ${counts.invalid}, malformed ${counts.malformed}, oversized ${counts.oversized}`);
console.log(`  server RSS after ${Math.floor(CALLS / 10)} requests ${rssEarly} kB, at the end ${rssEnd} kB, peak ${peak} kB`);
for (const f of failures.slice(0, 20))
    console.log(`FAIL ${f}`);
let ok = failures.length === 0;
if (total !== CALLS) {
    console.log(`FAIL ${CALLS - total} requests got no correct reply`);
    ok = false;
}
if (code !== 0 || signal !== null) {
    console.log(`FAIL the server exited with ${code ?? signal}: ${http.stderr()}`);
    ok = false;
}
const unexpected = http.stderr().split('\n').filter((l) => l && !/^mcp_server: (listening|stopping|tools\/call)/.test(l));
if (unexpected.length) {
    console.log(`FAIL unexpected server diagnostics:\n${unexpected.slice(0, 10).join('\n')}`);
    ok = false;
}
console.log(ok ? 'ok   every reply correct, nothing lost' : 'FAIL');

ok = await stateless() && ok;
if (transportServer)
    ok = await sse() && ok;
process.exit(ok ? 0 : 1);

// SSE: several streams at once per session, and the GET stream.
async function sse() {
    const { LoggingMessageNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const MESSAGES = 20, SSE_CALLS = Math.max(CLIENTS * STREAMS, Math.floor(CALLS / 10));
    const server = await startHttp(transportServer, ['--max-connections', String(8 * CLIENTS * (STREAMS + 1))]);
    const problems = [];
    let calls = 0, messages = 0, outside = 0, rssEarly = NaN;
    async function sseWorker(index) {
        const client = new Client({ name: `sse-${index}`, version: '1.0.0' });
        const byTag = new Map();
        let outsideHere = 0;
        client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params: { data } }) => {
            const [tag, n] = data.split(' ');
            if (tag === 'outside')
                outsideHere++;
            else
                (byTag.get(tag) ?? byTag.set(tag, []).get(tag)).push(Number(n));
        });
        const transport = new StreamableHTTPClientTransport(new URL(server.url));
        await client.connect(transport);
        let mine = 0;
        const lane = async (l) => {
            for (let i = index * STREAMS + l; i < SSE_CALLS; i += CLIENTS * STREAMS) {
                const tag = `c${index}l${l}n${i}`;
                try {
                    const r = await client.callTool({ name: 'stream', arguments: { count: MESSAGES, outside: 1, tag } });
                    assert.equal(r.content[0].text, `sent ${MESSAGES}`);
                    assert.deepEqual(byTag.get(tag), Array.from({ length: MESSAGES }, (_, n) => n), `the messages of ${tag}`);
                    byTag.delete(tag);
                    messages += MESSAGES;
                    calls++;
                    mine++;
                } catch (e) {
                    problems.push(`${tag}: ${e.message}`);
                }
                if (calls === Math.floor(SSE_CALLS / 10))
                    rssEarly = memoryOf(server.child.pid, 'VmRSS');
            }
        };
        await Promise.all(Array.from({ length: STREAMS }, (_, l) => lane(l)));
        for (let i = 0; i < 100 && outsideHere < mine; i++) // the GET stream may lag its POSTs
            await new Promise((r) => setTimeout(r, 20));
        if (outsideHere !== mine)
            problems.push(`client ${index}: ${outsideHere} messages on the GET stream for ${mine} calls`);
        outside += outsideHere;
        await transport.terminateSession().catch((e) => problems.push(`client ${index}: DELETE: ${e.message}`));
        await client.close();
    }
    const start = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => sseWorker(i)));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const rssEnd = memoryOf(server.child.pid, 'VmRSS'), peak = memoryOf(server.child.pid, 'VmHWM');
    const { code, signal } = await server.stop();
    console.log(`SSE: ${CLIENTS} clients x ${STREAMS} streams at once, ${SSE_CALLS} calls in ${seconds.toFixed(2)} s: ` +
        `${(messages / seconds).toFixed(0)} messages/s`);
    console.log(`  calls answered ${calls}, messages on POST streams ${messages}, on GET streams ${outside}`);
    console.log(`  server RSS after ${Math.floor(SSE_CALLS / 10)} calls ${rssEarly} kB, at the end ${rssEnd} kB, peak ${peak} kB`);
    for (const p of problems.slice(0, 20))
        console.log(`FAIL ${p}`);
    let fine = problems.length === 0 && calls === SSE_CALLS && messages === SSE_CALLS * MESSAGES && outside === SSE_CALLS;
    if (code !== 0 || signal !== null) {
        console.log(`FAIL the server exited with ${code ?? signal}: ${server.stderr()}`);
        fine = false;
    }
    console.log(fine ? 'ok   SSE: every message and reply, in order, nothing lost' : 'FAIL SSE');
    return fine;
}

// 2026-07-28: every request stateless, raw fetch POSTs with the headers
// and _meta of the revision; the replies as JSON or as an SSE stream.
async function stateless() {
    const VERSION = '2026-07-28';
    const STATELESS_RSS_SLACK = 32 * 1024; // kB
    const meta = {
        'io.modelcontextprotocol/protocolVersion': VERSION,
        'io.modelcontextprotocol/clientInfo': { name: 'load-stateless', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
    };
    const malformed = ['not JSON', 'no version header', 'no _meta'];
    const plan = [];
    for (let i = 0; plan.length < CALLS; i++) {
        if (i % 250 === 125)
            plan.push({ kind: malformed[Math.floor(i / 250) % malformed.length] });
        else if (i % 3 === 2)
            plan.push({ kind: 'invalid', call: invalid[i % invalid.length] });
        else
            plan.push({ kind: 'valid', call: valid[i % valid.length] });
    }
    const http = await startHttp(server, ['--page-size', '2']);
    const counts = Object.fromEntries(['valid', 'invalid', ...malformed].map((k) => [k, 0]));
    const as = { json: 0, sse: 0 };
    const failures = [];
    const early = Math.max(1, Math.floor(CALLS / 10));
    let done = 0, rssEarly = NaN;

    // The JSON-RPC messages of a reply, by its Content-Type.
    const messagesOf = (type, text) => {
        if (/^application\/json\b/.test(type)) {
            as.json++;
            return [JSON.parse(text)];
        }
        assert.match(type, /^text\/event-stream\b/, 'the Content-Type');
        as.sse++;
        const out = [];
        for (const event of text.split(/\r?\n\r?\n/)) {
            const data = event.split(/\r?\n/).filter((l) => l.startsWith('data:'))
                .map((l) => l.slice(5).replace(/^ /, '')).join('\n');
            if (data) // the priming event has none
                out.push(JSON.parse(data));
        }
        return out;
    };
    async function run(id, call) {
        const headers = {
            'mcp-protocol-version': VERSION, 'mcp-method': 'tools/call',
            accept: 'application/json, text/event-stream', 'content-type': 'application/json',
        };
        const [name, args, expected] = call.call ?? valid[id % valid.length];
        const params = { name, arguments: args, _meta: meta };
        headers['mcp-name'] = name;
        let body;
        if (call.kind === 'not JSON')
            body = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{`;
        else {
            if (call.kind === 'no version header')
                delete headers['mcp-protocol-version'];
            if (call.kind === 'no _meta')
                delete params._meta;
            body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
        }
        const r = await fetch(http.url, { method: 'POST', headers, body });
        const messages = messagesOf(r.headers.get('content-type') ?? '', await r.text());
        const replies = messages.filter((m) => 'result' in m || 'error' in m);
        assert.equal(replies.length, 1, `one reply among ${JSON.stringify(messages)}`);
        const [reply] = replies;
        assert.equal(reply.jsonrpc, '2.0');
        if (call.kind !== 'valid' && call.kind !== 'invalid') {
            const code = { 'not JSON': -32700, 'no version header': -32020, 'no _meta': -32602 }[call.kind];
            assert.equal(r.status, 400, JSON.stringify(reply));
            assert.equal(reply.error?.code, code, JSON.stringify(reply));
            assert.equal(reply.id, call.kind === 'not JSON' ? null : id);
            return;
        }
        assert.equal(r.status, 200, JSON.stringify(reply));
        assert.equal(reply.id, id);
        const { result } = reply;
        assert.ok(result, JSON.stringify(reply));
        assert.equal(result.resultType, 'complete');
        if (call.kind === 'invalid') {
            assert.equal(result.isError, true);
            assert.match(result.content[0].text, expected);
        } else {
            assert.equal(result.isError, false, JSON.stringify(result.content));
            assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
            if (typeof expected === 'function')
                expected(result.structuredContent);
            else
                assert.deepEqual(result.structuredContent, expected);
        }
    }
    async function worker(index) {
        for (let i = index; i < plan.length; i += CLIENTS) {
            try {
                await run(i + 1, plan[i]);
                counts[plan[i].kind]++;
            } catch (e) {
                failures.push(`request ${i} (${plan[i].kind} ${plan[i].call?.[0] ?? ''}): ${e.message}`);
            }
            if (++done === early)
                rssEarly = memoryOf(http.child.pid, 'VmRSS');
        }
    }
    const start = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => worker(i)));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const rssEnd = memoryOf(http.child.pid, 'VmRSS'), peak = memoryOf(http.child.pid, 'VmHWM');
    // AddressSanitizer keeps freed memory in quarantine (256 MB by default):
    // its RSS grows whatever the server does
    const asan = /libasan|libclang_rt\.asan/.test(readFileSync(`/proc/${http.child.pid}/maps`, 'utf8')) ||
        readFileSync(server).includes('__asan_init');
    const { code, signal } = await http.stop();

    const total = Object.values(counts).reduce((a, b) => a + b);
    console.log(`${VERSION} stateless: ${CLIENTS} clients, ${CALLS} requests in ${seconds.toFixed(2)} s: ` +
        `${(CALLS / seconds).toFixed(0)} requests/s`);
    console.log(`  ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}; ` +
        `replies as application/json ${as.json}, as text/event-stream ${as.sse}`);
    console.log(`  server RSS after ${early} requests ${rssEarly} kB, at the end ${rssEnd} kB, peak ${peak} kB`);
    for (const f of failures.slice(0, 20))
        console.log(`FAIL ${f}`);
    let fine = failures.length === 0;
    if (total !== CALLS || as.json + as.sse !== CALLS) {
        console.log(`FAIL ${CALLS - total} requests got no correct reply (${as.json + as.sse} replies read)`);
        fine = false;
    }
    if (!(rssEnd <= rssEarly + STATELESS_RSS_SLACK)) {
        if (asan)
            console.log(`  (the server runs under AddressSanitizer: its RSS growth of ${rssEnd - rssEarly} kB is not checked)`);
        else {
            console.log(`FAIL the server's RSS grew by ${rssEnd - rssEarly} kB, more than ${STATELESS_RSS_SLACK} kB`);
            fine = false;
        }
    }
    if (code !== 0 || signal !== null) {
        console.log(`FAIL the server exited with ${code ?? signal}: ${http.stderr()}`);
        fine = false;
    }
    const unexpected = http.stderr().split('\n').filter((l) => l && !/^mcp_server: (listening|stopping|tools\/call)/.test(l));
    if (unexpected.length) {
        console.log(`FAIL unexpected server diagnostics:\n${unexpected.slice(0, 10).join('\n')}`);
        fine = false;
    }
    console.log(fine ? `ok   ${VERSION} stateless: every reply correct, nothing lost${asan ? '' : ', memory flat'}`
        : `FAIL ${VERSION} stateless`);
    return fine;
}
