// The Streamable HTTP transport against the findings of issue 20 and with
// SSE, on transport_server.c (requests within 2 s, 40 connections, 20 per
// address, 4 events kept per stream):
//   - slow clients (a header line now and then, nothing at all) cannot keep
//     a normal client waiting past the request deadline, nor take more than
//     their address's share;
//   - HTTP framing: no Host on HTTP/1.1, two Content-Length, Content-Length
//     with Transfer-Encoding: 400 and the connection closed, so a request
//     smuggled behind it is never answered;
//   - Accept q-values; the Host allow-list of a loopback bind; a full
//     session table answers 503 and pushes no session out; the
//     MCP-Protocol-Version rule; a request's id kept when the message is
//     JSON (as node's JSON.parse judges it) but too deep or holding a lone
//     surrogate;
//   - SSE, judged by the official TypeScript SDK client: a call's messages
//     on its POST's stream, messages outside a request on the GET stream,
//     several streams at once in one session, a handler waiting for a
//     message that comes on another POST of its session; raw: event ids,
//     the priming event, Last-Event-ID resumption with nothing lost or
//     repeated, one connection per stream;
//   - stdio: the server reads on while a request runs (a handler waiting
//     for a notification gets it), messages a handler sends are lines
//     before its reply.
//
//   node transport.mjs TRANSPORT_SERVER
import net from 'node:net';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

import { startHttp } from './server.mjs';
import { check, finish } from './check.mjs';

let Client, StreamableHTTPClientTransport, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
    ({ LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [binary] = process.argv.slice(2);
const http = await startHttp(binary);
const url = new URL(http.url);
const port = Number(url.port);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A raw connection from localAddress (any 127.x.y.z is this machine):
// what the server sent, when it closed, and how long after opening.
function connection(localAddress = '127.0.0.1') {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const opened = Date.now();
    let data = '';
    let answered; // when the first byte came back
    const firstData = new Promise((r) => { answered = r; });
    socket.on('data', (d) => { data += d; answered(Date.now()); });
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', () => resolve({ data, after: Date.now() - opened })));
    return { socket, closed, firstData, ready: new Promise((r) => socket.on('connect', r)), text: () => data };
}
const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const raw = (body, headers = 'Host: 127.0.0.1\r\nContent-Type: application/json\r\n') =>
    `POST /mcp HTTP/1.1\r\n${headers}Content-Length: ${body.length}\r\n\r\n${body}`;

const initialize = (v = '2025-11-25', id = 1) => JSON.stringify({
    jsonrpc: '2.0', id, method: 'initialize',
    params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 't', version: '0' } },
});
const post = (body, headers = {}) => fetch(url, {
    method: 'POST', body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
});
async function open(v = '2025-11-25') {
    const r = await post(initialize(v));
    assert.equal(r.status, 200);
    await r.text();
    const id = r.headers.get('mcp-session-id');
    await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', { 'mcp-session-id': id });
    return id;
}

// SSE events of a response body, as they come: { id, data } (data parsed
// when not empty); comments skipped.
async function* events(response) {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = {};
            for (const line of block.split('\n')) {
                if (line.startsWith(':'))
                    continue;
                const [, field, value] = /^([^:]*): ?(.*)$/.exec(line) ?? [];
                event[field] = field === 'data' ? (value === '' ? '' : JSON.parse(value)) : value;
            }
            if (Object.keys(event).length)
                yield event;
        }
    }
}

// ---- slow clients ------------------------------------------------------------

await check('slow clients: 20 trickling connections from one address take only its share; a 21st is refused; another address is served at once', async () => {
    const slow = Array.from({ length: 20 }, () => connection('127.0.0.2'));
    await Promise.all(slow.map((c) => c.ready));
    slow.forEach((c) => c.socket.write('POST /mcp HTTP/1.1\r\n'));
    const timer = setInterval(() => slow.forEach((c) => c.socket.write('X-Slow: 1\r\n')), 300);
    await sleep(200);
    const ninth = connection('127.0.0.2');
    const refused = await ninth.closed;
    assert.equal(refused.data, '');
    assert.ok(refused.after < 1000, `the 21st closed after ${refused.after} ms`);
    const started = Date.now();
    const r = await post(ping); // from 127.0.0.1
    assert.equal(r.status, 400); // served: no session
    assert.ok(Date.now() - started < 1000, `served after ${Date.now() - started} ms`);
    const ends = await Promise.all(slow.map((c) => c.closed));
    clearInterval(timer);
    // still sending, but the request deadline (2 s) is not the idle timeout
    for (const end of ends)
        assert.ok(end.after >= 1800 && end.after < 4000, `a trickling connection closed after ${end.after} ms`);
});

await check('slow clients: with every slot held by trickling clients, a normal client is served within the request deadline', async () => {
    const slow = [...Array.from({ length: 20 }, () => connection('127.0.0.3')),
        ...Array.from({ length: 20 }, () => connection('127.0.0.4'))];
    await Promise.all(slow.map((c) => c.ready));
    slow.forEach((c) => c.socket.write('POST /mcp HTTP/1.1\r\n'));
    const timer = setInterval(() => slow.forEach((c) => c.socket.write('X-Slow: 1\r\n')), 300);
    await sleep(300);
    const started = Date.now();
    const normal = connection('127.0.0.1');
    normal.socket.write(raw(ping));
    normal.socket.end();
    // served = its answer's first byte, not the close: libmicrohttpd 0.9.75
    // may miss a FIN that came with the request (read before the
    // connection was accepted, as here), and keep the connection until the
    // next request's deadline closes it
    const waited = await Promise.race([normal.firstData, normal.closed.then(() => Date.now())]) - started;
    const { data } = await normal.closed;
    clearInterval(timer);
    slow.forEach((c) => c.socket.destroy());
    assert.match(data, /^HTTP\/1\.1 400 /);
    assert.ok(waited < 3500, `served after ${waited} ms (deadline 2 s)`);
});

await check('slow clients: a connection that sends nothing, or half a request line, is closed at the deadline', async () => {
    const silent = connection(), half = connection();
    await Promise.all([silent.ready, half.ready]);
    half.socket.write('GET /mc');
    for (const c of [silent, half]) {
        const { after } = await c.closed;
        assert.ok(after >= 1800 && after < 3500, `closed after ${after} ms`);
    }
});

// ---- framing -------------------------------------------------------------------

// Sends text on a new connection; resolves to what came back before the close.
async function exchange(text) {
    const c = connection();
    await c.ready;
    c.socket.write(text);
    setTimeout(() => c.socket.destroy(), 3000);
    return (await c.closed).data;
}
const responses = (data) => data.match(/HTTP\/1\.[01] \d{3}/g) ?? [];

await check('framing: HTTP/1.1 without Host is 400', async () => {
    // (libmicrohttpd 0.9.75 writes the status line and headers of this
    // answer twice; the connection is closed after it)
    const data = await exchange(`POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${ping.length}\r\n\r\n${ping}` + raw(ping));
    assert.match(data, /^HTTP\/1\.1 400 /);
    assert.match(data, /Host:.{0,20} header required/);
    assert.doesNotMatch(data, /jsonrpc/); // the pipelined request is never answered
});

await check('framing: two Content-Length values: 400, connection closed, the pipelined request unanswered', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const data = await exchange(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nContent-Length: 0\r\n\r\n${body}` + raw(ping));
    assert.deepEqual(responses(data), ['HTTP/1.1 400']);
    assert.match(data, /Connection: close/i);
    assert.match(data, /more than one Content-Length/);
});

await check('framing: the same Content-Length twice is refused too', async () => {
    const data = await exchange(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${ping.length}\r\nContent-Length: ${ping.length}\r\n\r\n${ping}`);
    assert.deepEqual(responses(data), ['HTTP/1.1 400']);
});

await check('framing: Content-Length with Transfer-Encoding: chunked: 400, connection closed, the pipelined request unanswered', async () => {
    const chunk = `${ping.length.toString(16)}\r\n${ping}\r\n0\r\n\r\n`;
    const data = await exchange(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}` + raw(ping));
    assert.deepEqual(responses(data), ['HTTP/1.1 400']);
    assert.match(data, /Connection: close/i);
});

await check('framing: a well-framed pipelined pair is answered twice (the checks above are not vacuous)', async () => {
    const data = await exchange(raw(ping) + raw(ping).replace('Host: 127.0.0.1\r\n', 'Host: 127.0.0.1\r\nConnection: close\r\n'));
    assert.deepEqual(responses(data), ['HTTP/1.1 400', 'HTTP/1.1 400']);
});

// ---- headers -------------------------------------------------------------------

const session = { 'mcp-session-id': await open() };

await check('Accept q-values (RFC 9110 12.4.2): json;q=0 gets SSE, event-stream;q=0 gets JSON, nothing acceptable 406', async () => {
    let r = await post(ping, { ...session, accept: 'application/json;q=0, text/event-stream' });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'text/event-stream');
    const got = [];
    for await (const e of events(r))
        got.push(e);
    assert.deepEqual(got.at(-1).data, { jsonrpc: '2.0', id: 1, result: {} });
    r = await post(ping, { ...session, accept: 'application/json, text/event-stream;q=0' });
    assert.equal(r.headers.get('content-type'), 'application/json');
    await r.text();
    r = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'stream', arguments: { count: 3 } } }),
        { ...session, accept: 'application/json, text/event-stream;q=0' });
    assert.equal(r.headers.get('content-type'), 'application/json');
    assert.equal((await r.json()).result.content[0].text, 'sent 0'); // the client takes no stream
    r = await post(ping, { ...session, accept: 'application/*;q=0.5, text/*;q=0' });
    assert.equal(r.headers.get('content-type'), 'application/json');
    await r.text();
    for (const accept of ['text/html', '*/*;q=0', 'application/json;q=0.000, text/event-stream;q=0'])
        assert.equal((await post(ping, { ...session, accept })).status, 406, accept);
    r = await fetch(url, { headers: { ...session, accept: 'text/event-stream;q=0, */*' } });
    assert.equal(r.status, 406);
});

await check('Host allow-list on a loopback bind: localhost, 127.0.0.1 and [::1] with any port; another name 403', async () => {
    const status = async (host) => (await exchange(raw(ping, `Host: ${host}\r\nContent-Type: application/json\r\nConnection: close\r\n`))).slice(9, 12);
    for (const host of [`localhost:${port}`, '127.0.0.1', `[::1]:${port}`, 'LOCALHOST'])
        assert.equal(await status(host), '400', host); // served: no session
    for (const host of ['evil.example.com', `evil.example.com:${port}`, 'localhost.evil.example.com', '127.0.0.1.nip.io'])
        assert.equal(await status(host), '403', host);
});

await check('MCP-Protocol-Version: another supported revision is served; an unknown one is 400', async () => {
    for (const v of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])
        assert.equal((await post(ping, { ...session, 'mcp-protocol-version': v })).status, 200, v);
    for (const v of ['2099-01-01', 'latest'])
        assert.equal((await post(ping, { ...session, 'mcp-protocol-version': v })).status, 400, v);
});

await check('the id kept: JSON 1500 deep or holding a lone \\ud800 gets -32600 with its id (node reads both as JSON)', async () => {
    const messages = [
        [7, `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":${'['.repeat(1500)}${']'.repeat(1500)}}}`],
        ['s', '{"jsonrpc":"2.0","method":"ping","params":{"s":"\\ud800"},"id":"s"}'],
        [9, `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":${'['.repeat(70)}${']'.repeat(70)}}}`],
        [10, '{"jsonrpc":"2.0","\\u0069d":10,"method":"ping","params":{"s":"\\udfff x"}}'],
    ];
    for (const [id, text] of messages) {
        JSON.parse(text); // the outside judge: this is JSON
        const r = await post(text, session);
        const reply = await r.json();
        assert.equal(r.status, 200);
        assert.equal(reply.id, id);
        assert.equal(reply.error.code, -32600);
    }
    const broken = `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"x":${'['.repeat(1500)}}}`;
    assert.throws(() => JSON.parse(broken));
    const reply = await (await post(broken, session)).json();
    assert.deepEqual([reply.id, reply.error.code], [null, -32700]);
});

// ---- SSE with the SDK client ---------------------------------------------------------

async function sdkClient() {
    const client = new Client({ name: 'transport-test', version: '0' });
    const got = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { got.push(n.params.data); });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    return { client, transport, got };
}

await check('SSE (SDK client): a call\'s messages on its POST stream, then its result; messages outside it on the GET stream', async () => {
    const { client, got } = await sdkClient();
    await sleep(300); // the SDK opens its GET stream after initialized
    const result = await client.callTool({ name: 'stream', arguments: { count: 5, outside: 3 } });
    assert.equal(result.content[0].text, 'sent 5');
    for (let i = 0; i < 50 && got.length < 8; i++)
        await sleep(20);
    assert.deepEqual(got.filter((d) => d.startsWith('request')), ['request 0', 'request 1', 'request 2', 'request 3', 'request 4']);
    assert.deepEqual(got.filter((d) => d.startsWith('outside')), ['outside 0', 'outside 1', 'outside 2']);
    await client.close();
});

await check('SSE (SDK client): 6 streams at once in one session, 40 messages each: every message, in order, every result', async () => {
    const { client, got } = await sdkClient();
    const results = await Promise.all(Array.from({ length: 6 }, (_, s) =>
        client.callTool({ name: 'stream', arguments: { count: 40, delay_ms: 2, tag: `s${s}` } })));
    results.forEach((r) => assert.equal(r.content[0].text, 'sent 40'));
    for (let s = 0; s < 6; s++)
        assert.deepEqual(got.filter((d) => d.startsWith(`s${s} `)), Array.from({ length: 40 }, (_, i) => `s${s} ${i}`));
    await client.close();
});

await check('a handler waiting in one POST gets what the client sends on another POST of its session', async () => {
    const { client } = await sdkClient();
    const waiting = client.callTool({ name: 'wait', arguments: {} });
    await sleep(300);
    await client.notification({ method: 'notifications/test/release' });
    assert.equal((await waiting).content[0].text, 'released');
    await client.close();
});

await check('sc_mcp_http_list_changed reaches every open session on its GET stream, sent from a call of one of them', async () => {
    const clients = await Promise.all([sdkClient(), sdkClient(), sdkClient()]);
    const changed = clients.map(() => 0);
    clients.forEach(({ client }, i) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => { changed[i]++; }));
    await sleep(300); // the SDK opens its GET stream after initialized
    const result = await clients[0].client.callTool({ name: 'notify_all', arguments: { what: 'tools' } });
    assert.equal(result.content[0].text, 'rc 0');
    for (let i = 0; i < 50 && changed.some((n) => n === 0); i++)
        await sleep(20);
    assert.deepEqual(changed, [1, 1, 1]);
    const bad = await clients[0].client.callTool({ name: 'notify_all', arguments: { what: 'nothing' } });
    assert.notEqual(bad.content[0].text, 'rc 0'); // not one of tools, prompts, resources
    await Promise.all(clients.map(({ client }) => client.close()));
});

await check('DELETE while a call of the session runs: the call finishes on the session, which is freed after it; the server goes on', async () => {
    const id = { 'mcp-session-id': await open() };
    const waiting = post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'wait', arguments: {} } }), id);
    await sleep(300);
    assert.equal((await fetch(url, { method: 'DELETE', headers: id })).status, 200);
    assert.equal((await post(ping, id)).status, 404); // ended for every new request
    const other = { 'mcp-session-id': await open() };
    assert.equal((await post('{"jsonrpc":"2.0","method":"notifications/test/release"}', other)).status, 202);
    const r = await waiting; // the handler ran to its end on the ended session
    assert.match(await r.text(), /released/);
    assert.equal((await post(ping, other)).status, 200);
});

// ---- SSE raw: ids, priming, resumption --------------------------------------------

const call = (id, args) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'stream', arguments: args } });

await check('SSE raw: a priming event (id, no data) first; then one event per message, ids unique, the reply last, then the end', async () => {
    const r = await post(call(20, { count: 3 }), session);
    assert.equal(r.headers.get('content-type'), 'text/event-stream');
    assert.equal(r.headers.get('cache-control'), 'no-cache');
    const got = [];
    for await (const e of events(r))
        got.push(e);
    assert.equal(got[0].data, '');
    assert.match(got[0].id, /^\d+-0$/);
    assert.equal(got[0].retry, '1000');
    assert.deepEqual(got.slice(1, 4).map((e) => e.data.params.data), ['request 0', 'request 1', 'request 2']);
    assert.equal(got[4].data.id, 20);
    assert.equal(got.length, 5);
    assert.equal(new Set(got.map((e) => e.id)).size, 5);
});

await check('SSE raw: a 2025-06-18 session gets no priming event (its clients may not expect one)', async () => {
    const old = { 'mcp-session-id': await open('2025-06-18') };
    const got = [];
    for await (const e of events(await post(call(21, { count: 1 }), old)))
        got.push(e);
    assert.deepEqual(got.map((e) => e.data.id ?? e.data.params.data), ['request 0', 21]);
});

await check('SSE raw: Last-Event-ID resumes a POST stream cut short: nothing lost, nothing repeated', async () => {
    const controller = new AbortController();
    const r = await fetch(url, {
        method: 'POST', body: call(22, { count: 6, delay_ms: 150 }), signal: controller.signal,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...session },
    });
    const seen = [];
    let last;
    try {
        for await (const e of events(r)) {
            last = e.id;
            if (e.data !== '')
                seen.push(e.data.params.data);
            if (seen.length === 2)
                controller.abort();
        }
    } catch (e) {
        assert.equal(e.name, 'AbortError');
    }
    const resumed = await fetch(url, { headers: { ...session, accept: 'text/event-stream', 'last-event-id': last } });
    assert.equal(resumed.status, 200);
    let reply;
    for await (const e of events(resumed)) {
        if (e.data?.method)
            seen.push(e.data.params.data);
        else
            reply = e.data;
    }
    assert.deepEqual(seen, Array.from({ length: 6 }, (_, i) => `request ${i}`));
    assert.equal(reply.id, 22);
    assert.equal(reply.result.content[0].text, 'sent 6');
});

await check('SSE raw: the GET stream keeps what was sent while it was closed; one connection per stream (409); bad Last-Event-ID 400, unknown stream 404', async () => {
    const id = { 'mcp-session-id': await open() };
    await (await post(call(23, { outside: 2 }), id)).text(); // no GET stream open yet
    const r = await fetch(url, { headers: { ...id, accept: 'text/event-stream' } });
    const second = await fetch(url, { headers: { ...id, accept: 'text/event-stream' } });
    assert.equal(second.status, 409);
    const got = [];
    for await (const e of events(r)) {
        if (e.data !== '')
            got.push(e.data.params.data);
        if (got.length === 2)
            break;
    }
    assert.deepEqual(got, ['outside 0', 'outside 1']);
    assert.equal((await fetch(url, { headers: { ...id, accept: 'text/event-stream', 'last-event-id': 'x' } })).status, 400);
    assert.equal((await fetch(url, { headers: { ...id, accept: 'text/event-stream', 'last-event-id': '999999-1' } })).status, 404);
});

await check('DELETE ends the session and its GET stream', async () => {
    const id = { 'mcp-session-id': await open() };
    const r = await fetch(url, { headers: { ...id, accept: 'text/event-stream' } });
    const ended = (async () => { for await (const e of events(r)) void e; })();
    assert.equal((await fetch(url, { method: 'DELETE', headers: id })).status, 200);
    await ended; // the stream ends
    assert.equal((await post(ping, id)).status, 404);
});

await check('a long call gets its SSE stream after keepalive_seconds (1 s): a client gone frees its slot; handlers left running are capped at threads (80), then 503', async () => {
    const id = await open();
    const wait = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait', arguments: {} } });
    const request = raw(wait, `Host: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: ${id}\r\n`);
    // a call that waits: after 1 s the priming event, then keep-alive comments
    const one = connection();
    await one.ready;
    one.socket.write(request);
    await sleep(1500);
    assert.match(one.text(), /^HTTP\/1\.1 200 [^]*text\/event-stream[^]*\r\n\r\n[0-9A-F]+\r\nid: \d+-0\nretry: 1000\ndata: \n\n/);
    one.socket.destroy();
    // 79 more from clients that leave at once: their connections are
    // closed when their stream's first write fails, so all 80 fit through
    // 40 connections, and the 81st call is refused
    const started = Date.now();
    for (let i = 1; i < 80; i++) {
        const c = connection(`127.0.1.${1 + (i % 4)}`);
        await c.ready;
        c.socket.write(request);
        await sleep(10);
        c.socket.destroy();
    }
    await sleep(2500);
    const r = await post(wait, { 'mcp-session-id': id });
    assert.equal(r.status, 503, `after ${Date.now() - started} ms`);
    assert.equal(r.headers.get('retry-after'), '1');
    await r.text();
    assert.equal((await post('{"jsonrpc":"2.0","method":"notifications/test/release"}', { 'mcp-session-id': id })).status, 202);
    await sleep(500);
    assert.equal((await post(ping, { 'mcp-session-id': id })).status, 200);
});

const { code } = await http.stop();
await check('the server stops cleanly', () => assert.equal(code, 0));

// ---- a full session table ------------------------------------------------------------

const small = await startHttp(binary, ['--max-sessions', '3']);
await check('a full session table: initialize gets 503 with Retry-After; no live session is pushed out', async () => {
    const at = (body, headers = {}) => fetch(small.url, {
        method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    const ids = [];
    for (let i = 0; i < 3; i++)
        ids.push((await at(initialize())).headers.get('mcp-session-id'));
    for (let i = 0; i < 20; i++) {
        const r = await at(initialize());
        assert.equal(r.status, 503);
        assert.match(r.headers.get('retry-after'), /^\d+$/);
        await r.text();
    }
    for (const id of ids)
        assert.equal((await at(ping, { 'mcp-session-id': id })).status, 200);
    assert.equal((await fetch(small.url, { method: 'DELETE', headers: { 'mcp-session-id': ids[0] } })).status, 200);
    assert.equal((await at(initialize())).status, 200);
});
assert.equal((await small.stop()).code, 0);

// ---- stdio ---------------------------------------------------------------------

await check('stdio: the server reads on while a request runs; a handler\'s messages are lines before its reply', async () => {
    const child = spawn(binary, ['--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = [];
    const waiters = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(JSON.parse(line));
        waiters.splice(0).forEach((w) => w());
    });
    const until = async (pred, ms = 5000) => {
        const end = Date.now() + ms;
        while (!pred() && Date.now() < end)
            await new Promise((r) => { waiters.push(r); setTimeout(r, 50); });
        assert.ok(pred(), `no such line in ${JSON.stringify(lines)}`);
    };
    const send = (m) => child.stdin.write(JSON.stringify(m) + '\n');
    send(JSON.parse(initialize()));
    await until(() => lines.some((l) => l.id === 1));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait', arguments: {} } });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    send({ jsonrpc: '2.0', method: 'notifications/test/release' });
    await until(() => lines.some((l) => l.id === 2));
    assert.equal(lines.find((l) => l.id === 2).result.content[0].text, 'released');
    assert.ok(Date.now() - started < 3000);
    const before = lines.length;
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'stream', arguments: { count: 3, outside: 2 } } });
    await until(() => lines.some((l) => l.id === 3));
    assert.deepEqual(lines.slice(before).map((l) => l.params?.data ?? l.result.content[0].text),
        ['request 0', 'request 1', 'request 2', 'outside 0', 'outside 1', 'sent 3']);
    child.stdin.end();
    const code = await new Promise((r) => child.on('exit', r));
    assert.equal(code, 0);
});

finish();
