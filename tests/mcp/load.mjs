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
//   node load.mjs MCP_SERVER [CLIENTS [CALLS]]     (defaults 8, 10000)
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

const [server, clients = '8', calls = '10000'] = process.argv.slice(2);
const CLIENTS = Number(clients), CALLS = Number(calls);
if (!server || !(CLIENTS >= 1) || !(CALLS >= CLIENTS)) {
    console.error('usage: node load.mjs MCP_SERVER [CLIENTS [CALLS]]');
    process.exit(2);
}

const http = await startHttp(server, ['--page-size', '2']);
const memory = (field) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${http.child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
};

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
process.exit(ok ? 0 : 1);
