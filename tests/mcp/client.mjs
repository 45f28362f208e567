// Drives samples/mcp-server (libschemac's MCP server) with the official MCP
// TypeScript SDK client (@modelcontextprotocol/sdk, pinned in
// package-lock.json) over one transport:
//
//   node client.mjs stdio MCP_SERVER TOOL.mcp.json...
//   node client.mjs http  MCP_SERVER TOOL.mcp.json...   (Streamable HTTP on 127.0.0.1)
//
// TOOL.mcp.json are the tools/list entries schemac generated from
// samples/mcp-server/tools.h. Through the SDK: initialize, ping, tools/list
// in pages of 2 (the server runs with --page-size 2), valid and invalid
// calls, an unknown tool and method. Then raw messages for what the SDK
// never sends: version negotiation, requests before initialize, batches,
// malformed and oversized messages, and over HTTP the session, protocol
// version, Origin, method and size rules. Exits 0 when every check passes,
// 1 on a failure, 77 (skipped) when node_modules is not installed
// (.ci/install-deps: npm ci --prefix tests/mcp).
//
// With MCP_SERVER_VALGRIND=/path/to/valgrind every server process runs under
// memcheck, and any error or leak it reports fails the test.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import assert from 'node:assert/strict';

import { valid, invalid } from './cases.mjs';
import { command, startHttp, underValgrind, valgrindReport } from './server.mjs';
import { check, finish } from './check.mjs';

let Client, StdioClientTransport, StreamableHTTPClientTransport, AjvJsonSchemaValidator, LATEST_PROTOCOL_VERSION;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
    ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
    ({ AjvJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/ajv'));
    ({ LATEST_PROTOCOL_VERSION } = await import('@modelcontextprotocol/sdk/types.js'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [mode, server, ...entryFiles] = process.argv.slice(2);
if (!['stdio', 'http'].includes(mode) || !server || entryFiles.length === 0) {
    console.error('usage: node client.mjs stdio|http MCP_SERVER TOOL.mcp.json...');
    process.exit(2);
}
const PAGE = ['--page-size', '2'];

const generated = new Map(entryFiles.map((f) => {
    const entry = JSON.parse(readFileSync(f, 'utf8'));
    return [entry.name, entry];
}));


// ---- through the SDK client ----------------------------------------------

let http = null, transport, serverStderr = () => '';
if (mode === 'stdio') {
    const { command: cmd, args } = command(server, PAGE);
    transport = new StdioClientTransport({ command: cmd, args, stderr: 'pipe' });
    let text = '';
    transport.stderr?.on('data', (chunk) => { text += chunk; });
    serverStderr = () => text;
} else {
    http = await startHttp(server, PAGE);
    transport = new StreamableHTTPClientTransport(new URL(http.url));
    serverStderr = http.stderr;
}
const client = new Client({ name: 'schemac-mcp-test', version: '1.0.0' });
await client.connect(transport);

await check(`${mode}: initialize: the SDK's newest revision, serverInfo, instructions, the tools capability`, () => {
    assert.equal(client.getServerVersion()?.name, 'schemac-sample-mcp-server');
    assert.equal(typeof client.getServerVersion()?.version, 'string');
    // logging: every server takes logging/setLevel (a handler logs through its context)
    assert.deepEqual(client.getServerCapabilities(), { tools: {}, logging: {} });
    assert.match(client.getInstructions() ?? '', /schemac/);
    if (mode === 'http')
        assert.match(transport.sessionId ?? '', /^[0-9a-f]{32}$/);
});
await check(`${mode}: the SDK asked for ${LATEST_PROTOCOL_VERSION}, and the server speaks it`, () => {
    assert.equal(LATEST_PROTOCOL_VERSION, '2025-11-25');
    if (mode === 'http') // the transport learns it from the initialize result
        assert.equal(transport.protocolVersion, LATEST_PROTOCOL_VERSION);
});

await check(`${mode}: ping`, async () => {
    assert.deepEqual(await client.ping(), {});
});

// tools/list in pages of two, following nextCursor
const pages = [], tools = [];
for (let cursor; pages.length < 10;) {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    pages.push(page.tools.map((t) => t.name));
    tools.push(...page.tools);
    if (!(cursor = page.nextCursor))
        break;
}
await check(`${mode}: tools/list: two pages of two, in table order`, () => {
    assert.deepEqual(pages, [['calculate', 'search_files'], ['http_request', 'create_event']]);
    assert.deepEqual(new Set(tools.map((t) => t.name)), new Set(generated.keys()));
});
await check(`${mode}: tools/list: an invalid cursor is -32602`, async () => {
    await assert.rejects(client.listTools({ cursor: 'bogus' }), (e) => e.code === -32602);
    await assert.rejects(client.listTools({ cursor: '4' }), (e) => e.code === -32602);
});
for (const tool of tools) {
    await check(`${mode}: tools/list: ${tool.name} is its generated ${tool.name}.mcp.json entry`, () => {
        const entry = generated.get(tool.name);
        assert.ok(entry, `no generated entry for ${tool.name}`);
        for (const key of ['name', 'description', 'inputSchema', 'outputSchema', 'annotations'])
            assert.deepEqual(tool[key], entry[key], key);
    });
}
await check(`${mode}: tools/list: annotations from @effect / @idempotent`, () => {
    const by = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    assert.deepEqual(by.calculate, { readOnlyHint: true, idempotentHint: true });
    assert.deepEqual(by.search_files, { readOnlyHint: true, idempotentHint: true });
    assert.deepEqual(by.http_request, { readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    assert.deepEqual(by.create_event, { readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    assert.equal(tools.find((t) => t.name === 'http_request').outputSchema, undefined);
});

// Validation as the SDK does it (its own Ajv instance with ajv-formats). The
// SDK's callTool already ran this for tools with an outputSchema and would
// have thrown; this makes the check explicit and reports what failed.
const validator = new AjvJsonSchemaValidator();
function checkStructured(name, result) {
    assert.equal(result.isError, false, `isError: ${JSON.stringify(result.content)}`);
    assert.ok(result.structuredContent && typeof result.structuredContent === 'object', 'structuredContent');
    assert.equal(result.content.length, 1);
    assert.equal(result.content[0].type, 'text');
    // the text content is the same JSON, for clients that ignore structuredContent
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
    const schema = tools.find((t) => t.name === name).outputSchema;
    if (schema) {
        const v = validator.getValidator(schema)(result.structuredContent);
        assert.ok(v.valid, `structuredContent breaks the outputSchema: ${v.errorMessage}`);
    }
    return result.structuredContent;
}

for (const [name, args, expected] of valid) {
    await check(`${mode}: tools/call ${name} ${JSON.stringify(args)}`, async () => {
        const out = checkStructured(name, await client.callTool({ name, arguments: args }));
        if (typeof expected === 'function')
            expected(out);
        else
            assert.deepEqual(out, expected);
    });
}
await check(`${mode}: tools/call create_event twice: same id (idempotent)`, async () => {
    const args = { title: 'Sync', start: '2026-05-01T09:00:00Z', location: { name: 'A', latitude: 1, longitude: 2 } };
    const first = checkStructured('create_event', await client.callTool({ name: 'create_event', arguments: args }));
    const second = checkStructured('create_event', await client.callTool({ name: 'create_event', arguments: args }));
    assert.equal(first.id, second.id);
});

for (const [name, args, message] of invalid) {
    await check(`${mode}: tools/call ${name} invalid ${JSON.stringify(args).slice(0, 90)}`, async () => {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, true, `isError: ${JSON.stringify(result)}`);
        assert.equal(result.structuredContent, undefined);
        assert.equal(result.content.length, 1);
        assert.equal(result.content[0].type, 'text');
        assert.match(result.content[0].text, message);
    });
}

await check(`${mode}: tools/call of an unknown tool: -32602 naming the tools`, async () => {
    await assert.rejects(client.callTool({ name: 'delete_everything', arguments: {} }), (e) => {
        assert.equal(e.code, -32602);
        assert.match(e.message, /unknown tool "delete_everything"; the tools are: calculate, search_files, http_request, create_event/);
        return true;
    });
});

await check(`${mode}: an integer literal beyond 2^53 in the arguments: -32600 for the request, not a timeout`, async () => {
    // JSON.stringify(1e20) is "100000000000000000000": I-JSON's exact range is exceeded
    await assert.rejects(client.callTool({ name: 'calculate', arguments: { op: 'add', a: 1e20, b: 1 } }), (e) => {
        assert.equal(e.code, -32600);
        // named where it is in the message: the error of a value the
        // envelope's parse skipped carries its JSON Pointer
        assert.match(e.message,
            /strictness rules \(I-JSON\): \/params\/arguments\/a: integer beyond \+-\(2\^53-1\) .* \(at byte \d+\)/);
        return true;
    });
});

await check(`${mode}: an unknown method: -32601`, async () => {
    await assert.rejects(client.listResources(), (e) => {
        assert.equal(e.code, -32601);
        return true;
    });
});

if (mode === 'http') {
    await check('http: DELETE ends the session; its id is then 404', async () => {
        const id = transport.sessionId;
        await transport.terminateSession();
        const r = await fetch(http.url, {
            method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
            headers: { 'content-type': 'application/json', 'mcp-session-id': id },
        });
        assert.equal(r.status, 404);
    });
}
await client.close();

// ---- raw messages: what the SDK never sends --------------------------------

const initialize = (v, id = 1) => JSON.stringify({
    jsonrpc: '2.0', id, method: 'initialize',
    params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
// [id, error code or 'ok'] of a reply, a batch reply or a list of them
const summarize = (m) => [m.id, m.error?.code ?? 'ok'];
const summary = (msgs) => Array.isArray(msgs) ? msgs.map((m) => Array.isArray(m) ? m.map(summarize) : summarize(m))
    : summarize(msgs);
const versions = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const big = '{"jsonrpc":"2.0","id":99,"method":"ping","params":{"pad":"' + 'x'.repeat(1536 * 1024) + '"}}';

if (mode === 'stdio') {
    // Sends each line, collects the lines the server writes, until it exits.
    const raw = (lines) => new Promise((resolve, reject) => {
        const { command: cmd, args } = command(server, PAGE);
        const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
        const out = [];
        createInterface({ input: child.stdout }).on('line', (l) => out.push(l));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out: out.map((l) => JSON.parse(l)) }));
        child.stdin.end(Buffer.concat(lines.map((l) => Buffer.concat([Buffer.from(l), Buffer.from('\n')]))));
    });

    // one server process per session, run side by side (valgrind is slow to start)
    const asked = [...versions, '1999-01-01', '2024-10-07'];
    const negotiated = await Promise.all(asked.map((v) => raw([initialize(v)])));
    for (const [i, v] of asked.entries()) {
        await check(`stdio raw: initialize asking for ${v}`, async () => {
            const { code, out } = negotiated[i];
            assert.equal(code, 0);
            assert.equal(out[0].result.protocolVersion, versions.includes(v) ? v : '2025-11-25');
        });
    }
    await check('stdio raw: what the negotiated revision lacks is left out (2024-11-05, 2025-03-26)', async () => {
        const call = '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1,"b":2}}}';
        const list = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}';
        const [{ out: old }, { out: mid }, { out: now }] = await Promise.all([
            raw([initialize('2024-11-05'), list, call]), raw([initialize('2025-03-26'), list]),
            raw([initialize('2025-06-18'), list])]);
        assert.ok(old[1].result.tools.every((t) => !('outputSchema' in t) && !('annotations' in t)));
        assert.equal(old[2].result.structuredContent, undefined);
        assert.equal(old[2].result.content[0].text, '{"result":3,"expression":"1 + 2"}');
        assert.ok(mid[1].result.tools.every((t) => !('outputSchema' in t) && 'annotations' in t));
        assert.ok(now[1].result.tools.some((t) => 'outputSchema' in t));
    });

    await check('stdio raw: before initialize, ping or a stateless request (2026-07-28 _meta); initialize only once', async () => {
        const { code, out } = await raw([
            '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
            '{"jsonrpc":"2.0","id":2,"method":"ping"}',
            '[{"jsonrpc":"2.0","id":3,"method":"ping"}]',
            initialize('2025-06-18', 4),
            initialize('2025-06-18', 5),
            '{"jsonrpc":"2.0","id":6,"method":"tools/list"}',
        ]);
        assert.equal(code, 0);
        assert.deepEqual(summary(out), [[1, -32602], [2, 'ok'], [null, -32600], [4, 'ok'], [5, -32600], [6, 'ok']]);
        // neither initialize nor the _meta of the stateless revision: the
        // error names both ways in
        assert.match(out[0].error.message, /io\.modelcontextprotocol\/protocolVersion.*initialize/);
    });

    await check('stdio raw: batches in 2025-03-26 only', async () => {
        const batch = '[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},' +
            '{"jsonrpc":"2.0","id":"b","method":"nope"},{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1,"b":1}}},5]';
        const [old, now] = await Promise.all([
            raw([initialize('2025-03-26'), batch, '[]', '[{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}]']),
            raw([initialize('2025-06-18'), batch])]);
        assert.deepEqual(summary(old.out), [[1, 'ok'], [['a', 'ok'], ['b', -32601], ['c', 'ok'], [null, -32600]], [null, -32600]]);
        assert.equal(old.out[1][2].result.structuredContent, undefined); // 2025-03-26 has none
        assert.deepEqual(summary(now.out), [[1, 'ok'], [null, -32600]]);
        assert.match(now.out[1].error.message, /no JSON-RPC batches/);
    });

    await check('stdio raw: errors, notifications, ids and the strict envelope; the server goes on', async () => {
        const { code, out } = await raw([
            initialize('2025-11-25', 0),
            '{"jsonrpc":"2.0","method":"notifications/initialized"}',
            '{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}',
            '{"jsonrpc":"2.0","id":"a","method":"ping"}',
            '{"jsonrpc":"2.0","id":2,"method":"nope"}',
            '{"jsonrpc":"2.0","id":3,"method":',
            '"not a request"',
            '{"jsonrpc":"1.0","id":4,"method":"ping"}',
            '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
            '{"jsonrpc":"2.0","id":null,"method":"ping"}',
            '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
            '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}',
            '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"calculate","arguments":[1]}}',
            '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":[1]}',
            '',
            '{"jsonrpc":"2.0","id":7,"result":{}}',
            '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":0.1,"b":0.2}}}',
            '{"jsonrpc":"2.0","id":9,"method":"ping"} {"jsonrpc":"2.0","id":10,"method":"ping"}',
            // the envelope is read as strictly as the arguments: a duplicate
            // key, a number beyond I-JSON, bytes that are not UTF-8 (JSON,
            // so -32600 with the id, when there is one id)
            '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1,"a":2,"b":3}}}',
            '{"jsonrpc":"2.0","id":12,"id":13,"method":"ping"}',
            '{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1e400,"b":3}}}',
            Buffer.from('{"jsonrpc":"2.0","id":15,"method":"\xff"}', 'latin1'),
            big,
            '{"jsonrpc":"2.0","id":16,"method":"ping"}\r',
        ]);
        assert.equal(code, 0);
        assert.ok(out.every((m) => m.jsonrpc === '2.0'));
        assert.deepEqual(summary(out), [
            [0, 'ok'], ['a', 'ok'], [2, -32601], [null, -32700], [null, -32600], [4, -32600], [null, -32600],
            [null, -32600], [null, -32600], [5, -32602], [6, -32602], [7, -32602], [8, 'ok'], [null, -32700],
            [11, -32600], [null, -32600], [14, -32600], [15, -32600], [null, -32600], [16, 'ok'],
        ]);
        // numbers are written so they read back exactly
        assert.equal(out[12].result.structuredContent.result, 0.1 + 0.2);
        assert.match(out[14].error.message, /duplicate key "a"/);
        assert.match(out[15].error.message, /duplicate key "id"/);
        assert.match(out[17].error.message, /UTF-8/);
        assert.match(out[18].error.message, /larger than 1048576 bytes/);
    });
} else {
    const post = (body, headers = {}) => fetch(http.url, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    const open = async (v) => {
        const r = await post(initialize(v));
        assert.equal(r.status, 200);
        assert.equal(r.headers.get('content-type'), 'application/json');
        const body = await r.json();
        return { id: r.headers.get('mcp-session-id'), version: body.result.protocolVersion };
    };
    for (const v of [...versions, '1999-01-01']) {
        await check(`http raw: initialize asking for ${v} opens a session`, async () => {
            const s = await open(v);
            assert.match(s.id, /^[0-9a-f]{32}$/);
            assert.equal(s.version, versions.includes(v) ? v : '2025-11-25');
        });
    }
    const s = await open('2025-06-18');
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const session = { 'mcp-session-id': s.id };
    await check('http raw: sessions: none 400, unknown 404, its own 200; notifications 202', async () => {
        assert.equal((await post(ping)).status, 400);
        assert.equal((await post(ping, { 'mcp-session-id': 'f'.repeat(32) })).status, 404);
        const r = await post(ping, session);
        assert.equal(r.status, 200);
        assert.deepEqual(await r.json(), { jsonrpc: '2.0', id: 1, result: {} });
        assert.equal((await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', session)).status, 202);
        const again = await post(initialize('2025-06-18'), session);
        assert.deepEqual(summary(await again.json()), [1, -32600]); // already initialized
        assert.equal((await fetch(http.url, { method: 'DELETE' })).status, 400);
    });
    // the specification: 400 for an invalid or unsupported revision only
    await check('http raw: MCP-Protocol-Version: the session\'s or another supported one 200, an unknown one 400', async () => {
        assert.equal((await post(ping, { ...session, 'mcp-protocol-version': '2025-06-18' })).status, 200);
        assert.equal((await post(ping, { ...session, 'mcp-protocol-version': '2025-03-26' })).status, 200);
        assert.equal((await post(ping, { ...session, 'mcp-protocol-version': '2099-01-01' })).status, 400);
    });
    await check('http raw: a foreign Origin is refused (403), a loopback one is not', async () => {
        for (const origin of ['http://evil.example', 'http://localhost.evil.example', 'null', 'http://127.0.0.1.nip.io:8080'])
            assert.equal((await post(ping, { ...session, origin })).status, 403, origin);
        assert.equal((await post(initialize('2025-06-18'), { origin: 'http://evil.example' })).status, 403);
        for (const origin of ['http://localhost:6274', 'http://127.0.0.1', 'https://[::1]:8443'])
            assert.equal((await post(ping, { ...session, origin })).status, 200, origin);
    });
    await check('http raw: CORS for allowed origins: a preflight 204, answers readable with Mcp-Session-Id exposed', async () => {
        const origin = 'http://localhost:6274';
        let r = await fetch(http.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
        assert.equal(r.status, 204);
        assert.equal(r.headers.get('access-control-allow-origin'), origin);
        assert.match(r.headers.get('access-control-allow-headers'), /Mcp-Session-Id/);
        assert.match(r.headers.get('access-control-allow-methods'), /POST/);
        r = await post(initialize('2025-06-18'), { origin });
        assert.equal(r.headers.get('access-control-allow-origin'), origin);
        assert.equal(r.headers.get('access-control-expose-headers'), 'Mcp-Session-Id');
        r = await post(ping, session); // no Origin: not a browser, no CORS headers
        assert.equal(r.headers.get('access-control-allow-origin'), null);
        r = await fetch(http.url, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
        assert.equal(r.status, 403);
        assert.equal(r.headers.get('access-control-allow-origin'), null);
    });
    await check('http raw: an oversized body is refused (413), and the session goes on', async () => {
        const r = await post(big, session);
        assert.equal(r.status, 413);
        assert.match((await r.json()).error.message, /over 1048576 bytes/);
        assert.equal((await post(ping, session)).status, 200);
    });
    await check('http raw: malformed JSON 400 with -32700; an invalid request 400 with -32600 when it has no id', async () => {
        let r = await post('{"jsonrpc":"2.0","id":3,"method":', session);
        assert.equal(r.status, 400);
        assert.equal((await r.json()).error.code, -32700);
        r = await post('{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}', session); // which id?
        assert.equal(r.status, 400);
        assert.equal((await r.json()).error.code, -32600);
        r = await post('{"jsonrpc":"1.0","id":4,"method":"ping"}', session); // the reply to request 4
        assert.equal(r.status, 200);
        assert.deepEqual(summary(await r.json()), [4, -32600]);
        r = await post('{"jsonrpc":"2.0","id":5,"method":"nope"}', session);
        assert.equal(r.status, 200); // a method error is a reply to a valid request
        assert.equal((await r.json()).error.code, -32601);
    });
    await check('http raw: GET an SSE stream, PUT 405, wrong path 404, wrong media types 415 / 406', async () => {
        let r = await fetch(http.url, { headers: { accept: 'text/event-stream', ...session } });
        assert.equal(r.status, 200);
        assert.equal(r.headers.get('content-type'), 'text/event-stream');
        await r.body.cancel();
        r = await fetch(http.url, { method: 'PUT', body: ping });
        assert.equal(r.status, 405);
        assert.match(r.headers.get('allow'), /POST/);
        assert.equal((await fetch(http.url.replace('/mcp', '/other'), { method: 'POST', body: ping })).status, 404);
        assert.equal((await post(ping, { ...session, 'content-type': 'text/plain' })).status, 415);
        assert.equal((await post(ping, { ...session, accept: 'text/html' })).status, 406);
    });
    await check('http raw: batches in a 2025-03-26 session only', async () => {
        const old = await open('2025-03-26');
        const batch = '[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]';
        let r = await post(batch, { 'mcp-session-id': old.id });
        assert.equal(r.status, 200);
        assert.deepEqual(await r.json(), [{ jsonrpc: '2.0', id: 'a', result: {} }]);
        r = await post(batch, session);
        assert.equal(r.status, 400);
        assert.equal((await r.json()).error.code, -32600);
    });
    await check('http raw: DELETE ends a session: 200, then 404', async () => {
        assert.equal((await fetch(http.url, { method: 'DELETE', headers: session })).status, 200);
        assert.equal((await fetch(http.url, { method: 'DELETE', headers: session })).status, 404);
        assert.equal((await post(ping, session)).status, 404);
    });
    const { code, signal } = await http.stop();
    await check('http: the server stops cleanly on SIGTERM', () => {
        assert.equal(signal, null, `killed by ${signal}`);
        assert.equal(code, 0);
        assert.equal(http.stdout(), '', 'nothing on stdout');
    });

    // the bearer token hook: the sample checks the token of --bearer-env
    const secure = await startHttp(server, ['--bearer-env', 'MCP_TEST_TOKEN'], { MCP_TEST_TOKEN: 'sesame-0123' });
    await check('http: a bearer token: none or a wrong one 401 with WWW-Authenticate, the right one served', async () => {
        const send = (headers) => fetch(secure.url, {
            method: 'POST', body: initialize('2025-11-25'), headers: { 'content-type': 'application/json', ...headers },
        });
        for (const authorization of [undefined, 'Bearer sesame-0124', 'Bearer sesame-012', 'Basic c2VzYW1lLTAxMjM=']) {
            const r = await send(authorization ? { authorization } : {});
            assert.equal(r.status, 401, authorization);
            assert.equal(r.headers.get('www-authenticate'), 'Bearer');
        }
        assert.equal((await send({ authorization: 'Bearer sesame-0123' })).status, 200);
        const authed = new Client({ name: 'authed', version: '1.0.0' });
        await authed.connect(new StreamableHTTPClientTransport(new URL(secure.url), {
            requestInit: { headers: { authorization: 'Bearer sesame-0123' } },
        }));
        assert.equal((await authed.listTools()).tools.length, 4);
        await authed.close();
    });
    const stopped = await secure.stop();
    await check('http: the server with a token stops cleanly too', () => {
        assert.equal(stopped.code, 0);
    });
}

await check(`${mode}: server stderr: only its own diagnostics`, () => {
    const lines = serverStderr().split('\n').filter(Boolean);
    assert.ok(lines.every((l) => l.startsWith('mcp_server: ')), serverStderr());
});

if (underValgrind) {
    await check('valgrind: no memory errors or leaks in any server process', () => {
        const logs = valgrindReport();
        assert.ok(logs.length >= (mode === 'stdio' ? 5 : 2), `expected a log per server process, got ${logs.length}`);
        for (const log of logs)
            assert.match(log, /ERROR SUMMARY: 0 errors/, log);
    });
}

finish();
