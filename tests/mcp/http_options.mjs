// The options of the Streamable HTTP transport, on http_options.c (every
// option away from its default): the endpoint path, an Origin allow-list
// that replaces the loopback default, a Host allow-list, the body limit,
// the session limit (a full table refuses initialize with 503) and the
// session timeout, the connection limit, the idle timeout, the SSE
// keep-alive comments. (The request deadline, the per-address limit and
// Last-Event-ID replay are checked in transport.mjs.)
//
//   node http_options.mjs HTTP_OPTIONS_BINARY
import net from 'node:net';
import assert from 'node:assert/strict';

import { startHttp } from './server.mjs';
import { check, finish } from './check.mjs';

const [binary] = process.argv.slice(2);
const http = await startHttp(binary);
const url = new URL(http.url);
assert.equal(url.pathname, '/rpc');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A raw connection: resolves to what the server sent before it closed.
function connection() {
    const socket = net.connect(Number(url.port), '127.0.0.1');
    let data = '';
    socket.on('data', (d) => { data += d; });
    const closed = new Promise((resolve) => socket.on('close', () => resolve(data)));
    socket.on('error', () => {});
    return { socket, closed, ready: new Promise((r) => socket.on('connect', r)) };
}
const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const rawPost = (body) => `POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;

// First, before fetch keeps connections of its own open.
await check('max_connections 4: a fifth connection waits, unanswered, until one of them closes', async () => {
    const idle = Array.from({ length: 4 }, connection);
    await Promise.all(idle.map((c) => c.ready));
    await sleep(300);
    const fifth = connection();
    await fifth.ready;
    fifth.socket.write(rawPost(ping));
    let answer = null;
    fifth.closed.then((data) => { answer = data; });
    await sleep(800); // well within the 3 s timeout of the four
    assert.equal(answer, null, 'the fifth connection was served while four were open');
    idle.forEach((c) => c.socket.destroy());
    assert.match(await fifth.closed, /^HTTP\/1\.1 400 /); // served now: no session, so 400
});

await check('timeout_seconds 3: an idle connection is closed', async () => {
    const c = connection();
    await c.ready;
    const started = Date.now();
    assert.equal(await c.closed, '');
    assert.ok(Date.now() - started >= 2500, `closed after ${Date.now() - started} ms`);
});

const post = (body, headers = {}, path = '/rpc') => fetch(new URL(path, url), {
    method: 'POST', body, headers: { 'content-type': 'application/json', ...headers },
});
const initialize = JSON.stringify({
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'o', version: '0' } },
});
const open = async () => (await post(initialize)).headers.get('mcp-session-id');

await check('path: the endpoint is /rpc, /mcp is 404', async () => {
    assert.equal((await post(initialize, {}, '/mcp')).status, 404);
    assert.match(await open(), /^[0-9a-f]{32}$/);
});

await check('allowed_origins: exactly the list, which replaces the loopback default', async () => {
    for (const origin of ['https://app.example.com', 'http://localhost:5173']) {
        const r = await post(initialize, { origin });
        assert.equal(r.status, 200, origin);
        assert.equal(r.headers.get('access-control-allow-origin'), origin);
    }
    for (const origin of ['http://localhost:6274', 'https://app.example.com:443', 'https://app.example.co', 'http://127.0.0.1'])
        assert.equal((await post(initialize, { origin })).status, 403, origin);
});

await check('max_body 2000: 2000 bytes are read, 2001 are 413', async () => {
    const pad = (n) => {
        const body = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"o","version":"0"},"pad":"`;
        return body + 'x'.repeat(n - body.length - 4) + '"}}\n';
    };
    assert.equal(pad(2000).length, 2000);
    assert.equal((await post(pad(2000))).status, 200);
    const r = await post(pad(2001));
    assert.equal(r.status, 413);
    assert.match((await r.json()).error.message, /over 2000 bytes/);
});

const initializeWith = (extra) => `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":` +
    `"2025-11-25","capabilities":{},"clientInfo":{"name":"o","version":"0"}${extra}}}`;

await check('limits (max_members 6): a message over a limit is refused as a whole, 400 with id null', async () => {
    assert.equal((await post(initializeWith(',"a":1,"b":2,"c":3'))).status, 200);
    const r = await post(initializeWith(',"a":1,"b":2,"c":3,"d":4'));
    assert.equal(r.status, 400);
    const reply = await r.json();
    assert.equal(reply.id, null);
    assert.equal(reply.error.code, -32600);
    assert.match(reply.error.message, /more than 6 members \(max_members\)/);
});

await check('limits (max_depth 8): a message 9 deep is a strictness error, answered with its id', async () => {
    assert.equal((await post(initializeWith(`,"pad":${'['.repeat(6)}${']'.repeat(6)}`))).status, 200);
    const reply = await (await post(initializeWith(`,"pad":${'['.repeat(7)}${']'.repeat(7)}`))).json();
    assert.equal(reply.id, 1);
    assert.equal(reply.error.code, -32600);
    assert.match(reply.error.message, /nesting deeper than 8 \(max_depth\)/);
});

await check('max_sessions 8: a full table refuses initialize with 503 and Retry-After; live sessions stay', async () => {
    const ids = [];
    let r;
    for (let i = 0; i < 9 && (r = await post(initialize)).status === 200; i++)
        ids.push(r.headers.get('mcp-session-id'));
    assert.equal(r.status, 503);
    assert.match(r.headers.get('retry-after'), /^[0-9]+$/);
    assert.equal((await r.json()).error.code, -32600);
    for (const id of ids)
        assert.equal((await post(ping, { 'mcp-session-id': id })).status, 200);
});

await check('session_timeout_seconds 2: idle sessions end, and make room', async () => {
    const id = await open() ?? '';
    await sleep(3500);
    assert.equal((await post(ping, { 'mcp-session-id': id })).status, 404);
    assert.match(await open(), /^[0-9a-f]{32}$/);
});

await check('keepalive_seconds 1: a quiet GET stream gets comments', async () => {
    const id = await open();
    const r = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id } });
    assert.equal(r.status, 200);
    const reader = r.body.getReader();
    let text = '';
    const started = Date.now();
    while (!text.includes(': keep-alive') && Date.now() - started < 3000)
        text += new TextDecoder().decode((await reader.read()).value);
    assert.match(text, /^: keep-alive\n\n/m);
    await reader.cancel();
});

await check('allowed_hosts: exactly the names of the list, any port', async () => {
    const withHost = async (host) => {
        const c = connection();
        await c.ready;
        c.socket.write(rawPost(ping).replace('Host: 127.0.0.1', `Host: ${host}`));
        return (await c.closed).split(' ')[1];
    };
    assert.equal(await withHost('mcp.example.com'), '400'); // served: no session
    assert.equal(await withHost('MCP.example.com:8080'), '400');
    assert.equal(await withHost('localhost'), '403');
    assert.equal(await withHost('evil.example.com'), '403');
});

const { code } = await http.stop();
await check('the server stops cleanly; it logged the sessions it ended', () => {
    assert.equal(code, 0);
    assert.match(http.stderr(), /idle for 2 s: ended/);
    assert.doesNotMatch(http.stderr(), /Warning/); // e.g. libmicrohttpd's about a pool of one thread
});
finish();
