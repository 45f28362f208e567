// Drives samples/mcp-server with the official MCP TypeScript SDK client
// (@modelcontextprotocol/sdk, pinned in package-lock.json) over stdio.
//
//   node client.mjs MCP_SERVER TOOL.mcp.json...
//
// TOOL.mcp.json are the tools/list entries schemac generated from
// samples/mcp-server/tools.h. Exits 0 when every check passes, 1 on a
// failure, 77 (skipped) when node_modules is not installed
// (.ci/install-deps: npm ci --prefix tests/mcp).
//
// With MCP_SERVER_VALGRIND=/path/to/valgrind every server process runs under
// memcheck, and any error or leak it reports fails the test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import assert from 'node:assert/strict';

let Client, StdioClientTransport, AjvJsonSchemaValidator;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
    ({ AjvJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/ajv'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [server, ...entryFiles] = process.argv.slice(2);
if (!server || entryFiles.length === 0) {
    console.error('usage: node client.mjs MCP_SERVER TOOL.mcp.json...');
    process.exit(2);
}

// How a server process is started: the server, or valgrind running it.
const valgrind = process.env.MCP_SERVER_VALGRIND;
const valgrindLogs = valgrind ? mkdtempSync(join(tmpdir(), 'mcp-valgrind-')) : null;
const command = valgrind ?? server;
const commandArgs = valgrind
    ? ['--leak-check=full', '--errors-for-leak-kinds=definite,indirect', `--log-file=${valgrindLogs}/%p.log`, server]
    : [];

const generated = new Map(entryFiles.map((f) => {
    const entry = JSON.parse(readFileSync(f, 'utf8'));
    return [entry.name, entry];
}));

let failures = 0, checks = 0;
async function check(name, fn) {
    checks++;
    try {
        await fn();
        console.log(`ok   ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${name}\n     ${String(e.stack ?? e).split('\n').join('\n     ')}`);
    }
}

// ---- through the SDK client ----------------------------------------------

const transport = new StdioClientTransport({ command, args: commandArgs, stderr: 'pipe' });
let serverStderr = '';
transport.stderr?.on('data', (chunk) => { serverStderr += chunk; });
const client = new Client({ name: 'schemac-mcp-test', version: '1.0.0' });
await client.connect(transport);

await check('initialize: serverInfo and the tools capability', () => {
    assert.equal(client.getServerVersion()?.name, 'schemac-sample-mcp-server');
    assert.equal(typeof client.getServerVersion()?.version, 'string');
    assert.deepEqual(client.getServerCapabilities(), { tools: {} });
    assert.match(client.getInstructions() ?? '', /schemac/);
});

await check('ping', async () => {
    assert.deepEqual(await client.ping(), {});
});

const { tools } = await client.listTools();
await check('tools/list: the generated tools, in table order', () => {
    assert.deepEqual(tools.map((t) => t.name), ['calculate', 'search_files', 'http_request', 'create_event']);
    assert.deepEqual(new Set(tools.map((t) => t.name)), new Set(generated.keys()));
});
for (const tool of tools) {
    await check(`tools/list: ${tool.name} is its generated ${tool.name}.mcp.json entry`, () => {
        const entry = generated.get(tool.name);
        assert.ok(entry, `no generated entry for ${tool.name}`);
        for (const key of ['name', 'description', 'inputSchema', 'outputSchema', 'annotations'])
            assert.deepEqual(tool[key], entry[key], key);
    });
}
await check('tools/list: annotations from @effect / @idempotent', () => {
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

const valid = [
    ['calculate', { op: 'add', a: 1, b: 2 }, { result: 3, expression: '1 + 2' }],
    ['calculate', { op: 'divide', a: 1, b: 4 }, { result: 0.25, expression: '1 / 4' }],
    ['calculate', { op: 'multiply', a: -1.5, b: 1e20 }, { result: -1.5e20, expression: '-1.5 * 1e+20' }],
    ['calculate', { op: 'subtract', a: 0.1, b: 0.3 }, { result: 0.1 - 0.3, expression: '0.1 - 0.3' }],
    ['search_files', { glob: '**.c' }, {
        matches: [
            { path: 'src/agent.c', kind: 'file', size: 14022 },
            { path: 'src/main.c', kind: 'file', size: 3187 },
            { path: 'src/util/strings.c', kind: 'file', size: 2764 },
            { path: 'tests/test_agent.c', kind: 'file', size: 6402 },
        ],
        truncated: false,
    }],
    ['search_files', { glob: 'SRC/*', ignore_case: true, kind: 'any', max_results: 2 }, {
        matches: [
            { path: 'src/agent.c', kind: 'file', size: 14022 },
            { path: 'src/main.c', kind: 'file', size: 3187 },
        ],
        truncated: true,
    }],
    ['search_files', { glob: '*', kind: 'directory' }, {
        matches: ['docs', 'include', 'src', 'tests'].map((path) => ({ path, kind: 'directory', size: 0 })),
        truncated: false,
    }],
    ['search_files', { glob: 'nothing?here' }, { matches: [], truncated: false }],
    ['http_request', {
        method: 'post', url: 'https://api.example.com/v1/items?page=2#top',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': '42' }, body: '{"name":"x"}',
    }, {
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': '42' },
        method: 'POST', url: 'https://api.example.com/v1/items?page=2#top', sent: false, body_bytes: 12,
        request: 'POST /v1/items?page=2 HTTP/1.1\r\nHost: api.example.com\r\nContent-Type: application/json\r\n' +
            'X-Request-Id: 42\r\nContent-Length: 12\r\n\r\n{"name":"x"}',
    }],
    ['http_request', { url: 'http://localhost:8080' }, {
        headers: {}, method: 'GET', url: 'http://localhost:8080', sent: false, body_bytes: 0,
        request: 'GET / HTTP/1.1\r\nHost: localhost:8080\r\n\r\n',
    }],
    ['create_event', {
        title: 'Design review', start: '2026-12-31T23:50:00+01:00', duration_minutes: 45,
        location: { name: 'Room 4', latitude: 48.8566, longitude: 2.3522 },
        attendees: ['ada@example.com', 'alan@example.org'],
    }, (out) => {
        assert.match(out.id, /^evt-[0-9a-f]{8}$/);
        assert.deepEqual({ ...out, id: undefined }, {
            id: undefined, title: 'Design review', start: '2026-12-31T23:50:00+01:00', end: '2026-12-31T23:35:00Z',
            location: { name: 'Room 4', latitude: 48.8566, longitude: 2.3522 },
            attendees: ['ada@example.com', 'alan@example.org'],
        });
    }],
    ['create_event', {
        title: 'Late', start: '2026-02-28T23:59:59.5Z', location: { name: 'Home', latitude: 0, longitude: 0 },
    }, (out) => {
        assert.equal(out.end, '2026-03-01T00:29:59Z'); // duration_minutes defaults to 30
        assert.deepEqual(out.attendees, []);
    }],
];
for (const [name, args, expected] of valid) {
    await check(`tools/call ${name} ${JSON.stringify(args)}`, async () => {
        const out = checkStructured(name, await client.callTool({ name, arguments: args }));
        if (typeof expected === 'function')
            expected(out);
        else
            assert.deepEqual(out, expected);
    });
}
await check('tools/call create_event twice: same id (idempotent)', async () => {
    const args = { title: 'Sync', start: '2026-05-01T09:00:00Z', location: { name: 'A', latitude: 1, longitude: 2 } };
    const first = checkStructured('create_event', await client.callTool({ name: 'create_event', arguments: args }));
    const second = checkStructured('create_event', await client.callTool({ name: 'create_event', arguments: args }));
    assert.equal(first.id, second.id);
});

// Invalid arguments: a result with isError (the model sees it and can fix
// its call), the message naming the JSON Pointer and the problem.
const invalid = [
    ['calculate', { op: 'power', a: 2, b: 8 }, /^\/op: must be one of: add, subtract, multiply, divide$/],
    ['calculate', { op: 'add', a: '1', b: 2 }, /^\/a: .*number/],
    ['calculate', { op: 'add', a: 1 }, /b/],
    ['calculate', { op: 'add', a: 1, b: 2, c: 3 }, /c/],
    ['calculate', { op: 'divide', a: 1, b: 0 }, /division by zero: b must not be 0/], // the handler's own error
    ['calculate', { op: 'multiply', a: 1e308, b: 10 }, /too large/],
    ['search_files', {}, /glob/],
    ['search_files', { glob: 'src/$(rm -rf)' }, /^\/glob: .*pattern|^\/glob: must match/],
    ['search_files', { glob: 'x'.repeat(201) }, /^\/glob: .*200/],
    ['search_files', { glob: '*', max_results: 0 }, /^\/max_results: must be >= 1$/],
    ['search_files', { glob: '*', kind: 'link' }, /^\/kind: must be one of: any, file, directory$/],
    ['http_request', { url: 'not a url' }, /^\/url: .*uri/i],
    ['http_request', { url: 'https://example.com', method: 'TRACE' }, /^\/method: must be one of/],
    ['http_request', { url: 'https://example.com', headers: { 'Bad Header': 'x' } }, /^\/headers/],
    ['http_request', { url: 'https://example.com', headers: { 'X-A': 1 } }, /^\/headers\/X-A: .*string/],
    ['http_request', { url: 'https://example.com', headers: { 'X-A': 'a\r\nX-Injected: 1' } }, /line break/],
    ['http_request', { url: 'mailto:someone@example.com' }, /must name a host/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 91, longitude: 0 },
    }, /^\/location\/latitude: must be <= 90$/],
    ['create_event', {
        title: 'x', start: 'tomorrow', location: { name: 'R', latitude: 0, longitude: 0 },
    }, /^\/start: .*date-time/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
        attendees: ['a@example.com', 'a@example.com'],
    }, /^\/attendees: must not contain duplicates/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
        attendees: ['not-an-email'],
    }, /^\/attendees\/0: .*email/],
    ['create_event', {
        title: 'x', start: '9999-12-31T23:59:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
    }, /outside the years/],
];
for (const [name, args, message] of invalid) {
    await check(`tools/call ${name} invalid ${JSON.stringify(args).slice(0, 90)}`, async () => {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, true, `isError: ${JSON.stringify(result)}`);
        assert.equal(result.structuredContent, undefined);
        assert.equal(result.content.length, 1);
        assert.equal(result.content[0].type, 'text');
        assert.match(result.content[0].text, message);
    });
}

await check('tools/call of an unknown tool: an error result naming the tools', async () => {
    const result = await client.callTool({ name: 'delete_everything', arguments: {} });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /unknown tool "delete_everything"; the tools are: calculate, search_files, http_request, create_event/);
});

await check('an unknown method: -32601', async () => {
    await assert.rejects(client.listResources(), (e) => {
        assert.equal(e.code, -32601);
        return true;
    });
});

await client.close();
await check('server stderr: one diagnostic per failed call, nothing unexpected', () => {
    const lines = serverStderr.split('\n').filter(Boolean);
    assert.ok(lines.every((l) => l.startsWith('mcp_server: ')), serverStderr);
});

// ---- raw stdio: what the SDK never sends ----------------------------------

// Sends each line, collects the lines the server writes, until it exits.
function raw(lines) {
    return new Promise((resolve, reject) => {
        const child = spawn(command, commandArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
        const out = [];
        createInterface({ input: child.stdout }).on('line', (l) => out.push(l));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out }));
        child.stdin.end(Buffer.concat(lines.map((l) => Buffer.concat([Buffer.from(l), Buffer.from('\n')]))));
    });
}

const init = (v) => JSON.stringify({
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
await check('raw: protocolVersion negotiation', async () => {
    const { code, out } = await raw([init('2025-06-18'), init('2024-11-05'), init('1999-01-01')]);
    assert.equal(code, 0);
    assert.deepEqual(out.map((l) => JSON.parse(l).result.protocolVersion), ['2025-06-18', '2024-11-05', '2025-11-25']);
});

await check('raw: errors, notifications and ids', async () => {
    const { code, out } = await raw([
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}',
        '{"jsonrpc":"2.0","id":"a","method":"ping"}',
        '{"jsonrpc":"2.0","id":2,"method":"nope"}',
        '{"jsonrpc":"2.0","id":3,"method":',
        '["not", "a", "request"]',
        '{"jsonrpc":"1.0","id":4,"method":"ping"}',
        '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
        '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}',
        '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"calculate","arguments":[1]}}',
        '',
        '{"jsonrpc":"2.0","id":7,"result":{}}',
        '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":0.1,"b":0.2}}}',
        '{"jsonrpc":"2.0","id":9,"method":"ping"} {"jsonrpc":"2.0","id":10,"method":"ping"}',
        '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1,"a":2,"b":3}}}',
        '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"add","a":1e400,"b":3}}}',
        // not UTF-8: in arguments an isError result, echoed in a response an internal error
        Buffer.from('{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"calculate","arguments":{"op":"a\xffdd","a":1,"b":2}}}', 'latin1'),
        Buffer.from('{"jsonrpc":"2.0","id":14,"method":"\xff"}', 'latin1'),
    ]);
    assert.equal(code, 0);
    const msgs = out.map((l) => JSON.parse(l));
    const summary = msgs.map((m) => [m.id, m.error?.code ?? 'ok']);
    assert.deepEqual(summary, [
        ['a', 'ok'], [2, -32601], [null, -32700], [null, -32600], [4, -32600], [null, -32600],
        [5, -32602], [6, -32602], [8, 'ok'], [null, -32700], [11, 'ok'], [12, 'ok'], [13, 'ok'], [null, -32603],
    ]);
    assert.ok(msgs.every((m) => m.jsonrpc === '2.0'));
    // numbers are written so they read back exactly
    assert.equal(msgs[8].result.structuredContent.result, 0.1 + 0.2);
    // the envelope is read leniently, the arguments strictly by the decoder
    for (const m of msgs.slice(10, 13)) {
        assert.equal(m.result.isError, true);
        console.log(`     ${m.id}: ${m.result.content[0].text}`);
    }
    assert.match(msgs[10].result.content[0].text, /duplicate/);
    assert.match(msgs[12].result.content[0].text, /UTF-8/);
});

if (valgrind) {
    await check('valgrind: no memory errors or leaks in any server process', () => {
        const logs = readdirSync(valgrindLogs).map((f) => readFileSync(join(valgrindLogs, f), 'utf8'));
        assert.ok(logs.length >= 3, `expected a log per server process, got ${logs.length}`);
        for (const log of logs)
            assert.match(log, /ERROR SUMMARY: 0 errors/, log);
    });
    rmSync(valgrindLogs, { recursive: true, force: true });
}

console.log(`${checks - failures}/${checks} checks passed`);
process.exit(failures ? 1 : 0);
