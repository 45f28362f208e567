// Three replicas of samples/mcp-everything behind HAProxy with the
// configuration of samples/deploy (haproxy.cfg), on a redis-server of the
// test's own, each replica with --redis URL and one --state-key-file, all
// on free loopback ports; the official MCP client v2 talks to HAProxy only,
// over HTTPS (a certificate of a test CA in MCP_CERT, the CA trusted by
// this script's fetch: test_ca.mjs):
//   - the sample is TLS: https works, plain http on that port gets no
//     HTTP answer (issue 42: MCP_BIND="ADDRESS ssl crt FILE" served plain
//     HTTP), and haproxy -c refuses it without a certificate;
//   - a 2025 session works through the proxy: every request of it and its
//     GET stream reach the replica that answered initialize (sticky on
//     Mcp-Session-Id), and a list change it makes comes back on that stream;
//   - 2026-07-28 requests are spread over the three replicas (round robin:
//     the X-MCP-Replica header the sample configuration adds);
//   - a two-round requestState tool call succeeds with its rounds answered
//     by different replicas (the shared key);
//   - a subscription (subscriptions/listen) on each replica gets a tools
//     list change made through any replica exactly once (the Redis bus);
//   - every replica stops cleanly on SIGTERM; --state-key-file and --redis
//     that cannot be used are refused (exit 2).
//
//   node haproxy.mjs MCP_EVERYTHING HAPROXY_CFG
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
    assert, check, failed, freePort, loadSdk, program, recorder, removeDir, sleep, start, startRedis, stop, tempDir,
    text, waitFor, waitLog,
} from './cluster.mjs';
import { withTestCa } from '../mcp/test_ca.mjs';

// a CA this process trusts (NODE_EXTRA_CA_CERTS: the script runs again)
const caDir = withTestCa(import.meta.url, { name: 'haproxy', server: 'proxy', envVar: 'SCHEMAC_HAPROXY_TEST_CA' });

const [everything, config] = process.argv.slice(2);
const sdk = await loadSdk();
const redisServer = program('redis-server');
const haproxyProgram = program('haproxy');
const REVISION = '2026-07-28';

const dir = tempDir('schemac-haproxy-');
const keyFile = path.join(dir, 'state.key');
writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
const redisPort = await freePort();
const redis = await startRedis(redisServer, redisPort, dir);
const channel = `schemac-haproxy-test-${process.pid}`;

await check('the command line: --state-key-file and --redis refused when unusable, exit 2 with the reason', async () => {
    const shortKey = path.join(dir, 'short.key');
    writeFileSync(shortKey, 'too short\n');
    for (const [args, message] of [
        [['--state-key-file', shortKey], /--state-key-file: '.*short\.key' is too short/],
        [['--state-key-file', path.join(dir, 'none')], /--state-key-file: cannot open/],
        [['--state-key-file'], /--state-key-file needs a FILE/],
        [['--redis', 'http://127.0.0.1'], /--redis: not a Redis URL/],
        [['--redis-channel', 'x'], /--redis-channel goes with --redis URL/],
    ]) {
        const run = spawnSync(everything, ['--http', '0', ...args], { encoding: 'utf8', timeout: 10000 });
        assert.equal(run.status, 2, `${args}: ${run.stderr}`);
        assert.match(run.stderr, message);
    }
});

const replicas = [];
for (let i = 1; i <= 3; i++) {
    const proc = start(everything, ['--http', '0', '--redis', `redis://127.0.0.1:${redisPort}`, '--redis-channel', channel,
        '--state-key-file', keyFile], { name: `r${i}` });
    proc.port = (await waitLog(proc, /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/, `r${i} listening`))[1];
    await waitLog(proc, /redis bus: subscribed at/, `r${i} subscribed`);
    replicas.push(proc);
}

const proxyPort = await freePort();
// HAProxy's crt: the certificate, then its key, in one file
const certFile = path.join(dir, 'proxy.crt.pem');
writeFileSync(certFile, readFileSync(path.join(caDir, 'proxy.pem'), 'utf8') + readFileSync(path.join(caDir, 'proxy.key'), 'utf8'),
    { mode: 0o600 });
const proxyEnv = { ...process.env, MCP_BIND: `127.0.0.1:${proxyPort}`, MCP_CERT: certFile,
    MCP_REPLICA1: `127.0.0.1:${replicas[0].port}`, MCP_REPLICA2: `127.0.0.1:${replicas[1].port}`,
    MCP_REPLICA3: `127.0.0.1:${replicas[2].port}` };
await check('haproxy -c: the sample is valid with MCP_CERT, and refused without a certificate', async () => {
    const valid = spawnSync(haproxyProgram, ['-c', '-f', config], { env: proxyEnv, encoding: 'utf8' });
    assert.equal(valid.status, 0, valid.stdout + valid.stderr);
    const none = spawnSync(haproxyProgram, ['-c', '-f', config], { env: { ...proxyEnv, MCP_CERT: '' }, encoding: 'utf8' });
    assert.notEqual(none.status, 0, none.stdout + none.stderr);
});
const haproxy = start(haproxyProgram, ['-db', '-f', config], { name: 'haproxy', env: proxyEnv });
const canConnect = () => new Promise((resolve) => {
    const socket = net.connect(proxyPort, '127.0.0.1', () => { socket.end(); resolve(true); });
    socket.on('error', () => resolve(false));
});
for (let up = false; !up;) {
    if (haproxy.exit !== null)
        throw new Error(`haproxy exited: ${haproxy.log}`);
    up = await canConnect();
    if (!up)
        await sleep(50);
}
await sleep(300); // the first health checks
const url = `https://127.0.0.1:${proxyPort}/mcp`;

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
const postInitialize = (target) => fetch(target, { method: 'POST', body: initialize,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
await check('HTTPS through the proxy: initialize answered 200 over TLS', async () => {
    const r = await postInitialize(url);
    assert.equal(r.status, 200);
    assert.match(await r.text(), /"protocolVersion":"2025-11-25"/);
});
await check('plain HTTP to the proxy\'s port gets no HTTP answer (no token in clear)', async () => {
    let status = null;
    try {
        const r = await postInitialize(`http://127.0.0.1:${proxyPort}/mcp`);
        status = r.status;
        await r.text();
    } catch (e) {
        status = `refused (${e.cause?.code ?? e.message})`;
    }
    assert.match(String(status), /^refused/, `plain HTTP got ${status}`);
});

// A client through the proxy, with each HTTP exchange: method, the JSON-RPC
// method of a POST, the replica that answered, the session.
async function connect(modern, capabilities = {}) {
    const http = [];
    const recordingFetch = async (input, init) => {
        const response = await fetch(input, init);
        let rpc;
        try {
            rpc = typeof init?.body === 'string' ? JSON.parse(init.body).method : undefined;
        } catch { /* a batch or no body */ }
        http.push({ method: init?.method ?? 'GET', rpc, status: response.status,
            replica: response.headers.get('x-mcp-replica'),
            session: new Headers(init?.headers).get('mcp-session-id') ?? response.headers.get('mcp-session-id') });
        return response;
    };
    const transport = new sdk.StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch });
    const client = new sdk.Client({ name: 'haproxy-test', version: '1.0.0' },
        { capabilities, ...(modern && { versionNegotiation: { mode: { pin: REVISION } } }) });
    await client.connect(transport);
    return { client, http };
}

await check('a 2025 session through the proxy: every request and its GET stream on one replica (sticky)', async () => {
    const { client, http } = await connect(false);
    assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
    const got = recorder(sdk, client, ['notifications/tools/list_changed']);
    await waitFor(() => http.some((x) => x.method === 'GET' && x.status === 200), 'the session\'s GET stream');
    for (let i = 0; i < 4; i++)
        assert.equal(text(await client.callTool({ name: 'test_simple_text', arguments: {} })),
            'This is a simple text response for testing.');
    assert.ok((await client.listTools()).tools.length > 10);
    // the change comes back on the GET stream: the replica that made it holds the stream
    assert.equal(text(await client.callTool({ name: 'test_trigger_tool_change', arguments: {} })), 'The tools list changed');
    await waitFor(() => got.length > 0, 'tools/list_changed on the session\'s GET stream');
    const replicasSeen = new Set(http.map((x) => x.replica));
    assert.equal(replicasSeen.size, 1, JSON.stringify(http));
    assert.ok(http.length >= 8 && http.every((x) => x.status < 300), JSON.stringify(http));
    assert.ok(http.slice(1).every((x) => x.session === http[0].session && x.session), JSON.stringify(http));
    await client.close();
});

await check('2026-07-28 requests spread over the three replicas (round robin)', async () => {
    const { client, http } = await connect(true);
    for (let i = 0; i < 6; i++)
        assert.equal(text(await client.callTool({ name: 'test_simple_text', arguments: {} })),
            'This is a simple text response for testing.');
    const calls = http.filter((x) => x.rpc === 'tools/call');
    assert.deepEqual([...new Set(calls.map((x) => x.replica))].sort(), ['r1', 'r2', 'r3'], JSON.stringify(calls));
    assert.ok(http.every((x) => x.session === null), 'a session in a 2026-07-28 exchange');
    await client.close();
});

await check('a two-round requestState tool call with its rounds on different replicas (one state key)', async () => {
    const { client, http } = await connect(true, { elicitation: {} });
    const answers = [{ name: 'Alice' }, { color: 'blue' }];
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: answers.shift() }));
    const result = await client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} });
    assert.equal(text(result), 'Alice likes blue');
    const calls = http.filter((x) => x.rpc === 'tools/call');
    assert.equal(calls.length, 3, JSON.stringify(calls));
    // round robin with no other client: the first try, and each retry, on the next replica
    assert.ok(new Set(calls.map((x) => x.replica)).size >= 2, JSON.stringify(calls));
    assert.ok(calls[1].replica !== calls[2].replica || calls[0].replica !== calls[1].replica, JSON.stringify(calls));
    await client.close();
});

await check('a subscription on each replica gets a tools list change made through the proxy exactly once', async () => {
    const listeners = [];
    const seen = new Set();
    // round robin puts consecutive listen requests on different replicas;
    // a few more clients in case another request came between
    for (let i = 0; i < 6 && seen.size < 3; i++) {
        const { client, http } = await connect(true);
        const got = recorder(sdk, client, ['notifications/tools/list_changed']);
        const subscription = await client.listen({ toolsListChanged: true });
        const replica = http.find((x) => x.rpc === 'subscriptions/listen')?.replica;
        seen.add(replica);
        listeners.push({ client, got, subscription, replica });
    }
    assert.deepEqual([...seen].sort(), ['r1', 'r2', 'r3']);
    const { client: trigger } = await connect(true);
    assert.equal(text(await trigger.callTool({ name: 'test_trigger_tool_change', arguments: {} })), 'The tools list changed');
    await waitFor(() => listeners.every((l) => l.got.length > 0), 'the change on every subscription');
    await sleep(400);
    for (const l of listeners)
        assert.equal(l.got.length, 1, `${l.replica}: ${JSON.stringify(l.got)}`);
    for (const l of listeners) {
        await l.subscription.close();
        await l.client.close();
    }
    await trigger.close();
});

await check('every replica stops cleanly on SIGTERM (the sanitizer build: no leak)', async () => {
    for (const r of replicas) {
        const exit = await stop(r);
        assert.deepEqual(exit, { code: 0, signal: null }, `${r.name}:\n${r.log}`);
    }
});
await stop(haproxy);
await stop(redis);
removeDir(dir);
if (failed() > 0) {
    for (const r of replicas)
        console.log(`---- ${r.name}'s log\n${r.log}`);
    console.log(`---- haproxy's log\n${haproxy.log}`);
}
console.log(failed() === 0 ? 'every check passed' : `${failed()} check(s) failed`);
process.exit(failed() === 0 ? 0 : 1);
