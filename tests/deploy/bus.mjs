// The notification bus of replicas on Redis (libschemac-mcp-redis): three
// replicas (bus_server.c) of one MCP server on a redis-server of the
// test's own (a free port, no persistence, a temporary directory), each
// with a 2026-07-28 subscription (subscriptions/listen) and a 2025 session
// (its GET stream, resources/subscribe) of the official MCP client v2.
// A change notified on one replica reaches every listener of every replica
// exactly once (none twice on the replica that published it), through
// sc_mcp_http_list_changed as through sc_mcp_notify_list_changed, also when
// Redis stalls (SIGSTOP) past a PUBLISH's timeout, and an event repeated
// with its id (schemac-mcp/2 ORIGIN SEQ) is delivered once; an older
// replica's subscriptions-only event (schemac-mcp/1, scope -) reaches no
// 2025 session; malformed and oversized messages on the channel are dropped.
// Redis killed: the replica that notifies still reaches its own
// listeners, the tool call succeeds; Redis back on the same port: every
// replica subscribes again and tells its listeners to fetch their lists,
// and the next change reaches every listener exactly once again. Each
// replica stops cleanly on SIGTERM (exit 0: in the sanitizer build, no
// leak).
//
//   node bus.mjs BUS_SERVER
import net from 'node:net';
import {
    assert, check, failed, freePort, loadSdk, program, recorder, removeDir, sleep, start, startRedis, stop, tempDir,
    text, waitFor, waitLog,
} from './cluster.mjs';

const [busServer] = process.argv.slice(2);
const sdk = await loadSdk();
const redisServer = program('redis-server');
const REVISION = '2026-07-28';
const METHODS = ['notifications/tools/list_changed', 'notifications/resources/list_changed',
    'notifications/prompts/list_changed', 'notifications/resources/updated'];

const dir = tempDir('schemac-bus-');
const redisPort = await freePort();
let redis = await startRedis(redisServer, redisPort, dir);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const channel = `schemac-bus-test-${process.pid}`;

const replicas = [];
for (let i = 0; i < 3; i++) {
    const proc = start(busServer, ['--name', `r${i}`, '--redis', redisUrl, '--channel', channel], { name: `r${i}` });
    proc.url = (await waitLog(proc, /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, `r${i} listening`))[1];
    await waitLog(proc, /redis bus: subscribed at/, `r${i} subscribed`);
    replicas.push(proc);
}

async function connect(url, modern) {
    const transport = new sdk.StreamableHTTPClientTransport(new URL(url));
    const client = new sdk.Client({ name: 'bus-test', version: '1.0.0' },
        { capabilities: {}, ...(modern && { versionNegotiation: { mode: { pin: REVISION } } }) });
    await client.connect(transport);
    return client;
}

// On every replica: a subscription and a 2025 session, each recording.
const listeners = [];
for (const replica of replicas) {
    const modern = await connect(replica.url, true);
    const got = recorder(sdk, modern, METHODS);
    const subscription = await modern.listen({ toolsListChanged: true, resourcesListChanged: true,
        resourceSubscriptions: ['test://watched'] });
    listeners.push({ name: `${replica.name} subscription`, client: modern, got, modern: true, subscription });
    const legacy = await connect(replica.url, false);
    assert.equal(legacy.getNegotiatedProtocolVersion(), '2025-11-25');
    const legacyGot = recorder(sdk, legacy, METHODS);
    await legacy.subscribeResource({ uri: 'test://watched' });
    listeners.push({ name: `${replica.name} session`, client: legacy, got: legacyGot, modern: false });
}
const callers = await Promise.all(replicas.map((r) => connect(r.url, true)));
await sleep(500); // the 2025 sessions' GET streams open

const clear = () => listeners.forEach((l) => { l.got.length = 0; });
const of = (l, method) => l.got.filter((n) => n.method === method);

// Each listener in who got method exactly once (settled: a duplicate would follow at once).
async function exactlyOnce(who, method, uri) {
    await waitFor(() => who.every((l) => of(l, method).length > 0), `${method} on every listener`);
    await sleep(400);
    for (const l of who) {
        const got = of(l, method);
        assert.equal(got.length, 1, `${l.name}: ${JSON.stringify(l.got)}`);
        if (uri !== undefined)
            assert.equal(got[0].uri, uri);
        // a subscription's notifications carry its id; a session's none
        assert.equal(got[0].tag !== undefined, l.modern, `${l.name}: ${JSON.stringify(got[0])}`);
    }
}

await check('tools list changed on r0: every listener of the three replicas, both eras, exactly once', async () => {
    clear();
    assert.equal(text(await callers[0].callTool({ name: 'notify_tools', arguments: {} })), 'tools changed on r0');
    await exactlyOnce(listeners, 'notifications/tools/list_changed');
});

await check('resource updated on r1: every subscriber of test://watched, both eras, exactly once', async () => {
    clear();
    assert.equal(text(await callers[1].callTool({ name: 'update_watched', arguments: {} })), 'test://watched updated on r1');
    await exactlyOnce(listeners, 'notifications/resources/updated', 'test://watched');
});

await check('sc_mcp_notify_list_changed on r2: every listener of the three replicas, both eras, exactly once', async () => {
    clear();
    assert.equal(text(await callers[2].callTool({ name: 'notify_resources', arguments: {} })), 'resources changed on r2');
    await exactlyOnce(listeners, 'notifications/resources/list_changed');
});

await check('a subscriptions-only event of an older replica (schemac-mcp/1, scope -): every subscription, no session', async () => {
    clear();
    await publishRaw(`schemac-mcp/1 ${'cd'.repeat(16)} L - resources`);
    await exactlyOnce(listeners.filter((l) => l.modern), 'notifications/resources/list_changed');
    assert.deepEqual(listeners.filter((l) => !l.modern).flatMap((l) => l.got), []);
});

// PUBLISH on the channel from outside (RESP over a socket).
function publishRaw(message) {
    return new Promise((resolve, reject) => {
        const socket = net.connect(redisPort, '127.0.0.1');
        const parts = ['PUBLISH', channel, message].map((s) => `$${Buffer.byteLength(s)}\r\n${s}\r\n`);
        socket.on('error', reject);
        socket.on('data', () => { socket.end(); resolve(); });
        socket.write(`*3\r\n${parts.join('')}`);
    });
}

await check('malformed and oversized messages on the channel are dropped and logged', async () => {
    clear();
    await publishRaw('hello');
    await publishRaw(`schemac-mcp/1 ${'0'.repeat(32)} L S ${'x'.repeat(10000)}`);
    await publishRaw(`schemac-mcp/1 ${'0'.repeat(32)} L S no-such-list`);
    for (const r of replicas) {
        await waitLog(r, /that is not schemac-mcp's dropped/, `${r.name} drops a foreign message`);
        await waitLog(r, /a message of \d+ bytes on \S+ dropped/, `${r.name} drops an oversized message`);
        await waitLog(r, /that is no event dropped/, `${r.name} drops an unknown list`);
    }
    await sleep(200);
    assert.deepEqual(listeners.flatMap((l) => l.got), []);
});

await check('Redis stalled 2.5 s (SIGSTOP) while r0 notifies: every listener gets the change exactly once', async () => {
    clear();
    redis.child.kill('SIGSTOP');
    // PUBLISH gets no reply within timeout_ms (1 s); a retry would reach Redis too, and both run once it resumes
    const resume = sleep(2500).then(() => redis.child.kill('SIGCONT'));
    assert.equal(text(await callers[0].callTool({ name: 'notify_tools', arguments: {} })), 'tools changed on r0');
    await resume;
    await waitLog(replicas[0], /no reply within 1000 ms \(the other replicas may still get it\)/, 'r0 logs the timeout');
    await exactlyOnce(listeners, 'notifications/tools/list_changed');
    await sleep(600);
    for (const l of listeners)
        assert.equal(of(l, 'notifications/tools/list_changed').length, 1, `${l.name}: ${JSON.stringify(l.got)}`);
});

await check('an event published twice with one id (schemac-mcp/2 ORIGIN SEQ) reaches every listener once', async () => {
    clear();
    const origin = 'ab'.repeat(16);
    for (const seq of ['0000000000000007', '0000000000000007', '0000000000000005', '0000000000000007'])
        await publishRaw(`schemac-mcp/2 ${origin} ${seq} L S tools`);
    await waitFor(() => listeners.every((l) => of(l, 'notifications/tools/list_changed').length >= 2),
        'events 7 and 5 on every listener');
    await sleep(400);
    for (const l of listeners)
        assert.equal(of(l, 'notifications/tools/list_changed').length, 2, `${l.name}: ${JSON.stringify(l.got)}`);
    for (const r of replicas)
        await waitLog(r, /event 0000000000000007 of (ab){16} on \S+ dropped: heard before/, `${r.name} drops the repeat`);
});

await check('Redis killed: the notifying replica still reaches its own listeners and the call succeeds', async () => {
    await stop(redis, 'SIGKILL');
    for (const r of replicas)
        await waitLog(r, /redis bus: lost the connection/, `${r.name} sees the connection lost`);
    clear();
    assert.equal(text(await callers[0].callTool({ name: 'notify_tools', arguments: {} })), 'tools changed on r0');
    await exactlyOnce(listeners.slice(0, 2), 'notifications/tools/list_changed');
    await waitLog(replicas[0], /reached this replica only/, 'r0 logs the notification that did not leave');
    assert.deepEqual(listeners.slice(2).flatMap((l) => l.got), [], 'the other replicas heard of it');
});

await check('Redis back on its port: every replica subscribes again and its listeners are told to fetch their lists', async () => {
    clear();
    redis = await startRedis(redisServer, redisPort, dir);
    for (const r of replicas)
        await waitLog(r, /subscribed again at/, `${r.name} subscribed again`, 20000);
    await waitFor(() => listeners.every((l) => of(l, 'notifications/tools/list_changed').length === 1),
        'a tools list change (resync) on every listener');
    for (const l of listeners.filter((x) => x.modern))
        await waitFor(() => of(l, 'notifications/resources/list_changed').length === 1, `${l.name} resources resync`);
});

await check('after the outage: a change on r2 reaches every listener exactly once (a new publishing connection)', async () => {
    await sleep(300);
    clear();
    assert.equal(text(await callers[2].callTool({ name: 'notify_tools', arguments: {} })), 'tools changed on r2');
    await exactlyOnce(listeners, 'notifications/tools/list_changed');
});

for (const l of listeners) {
    await l.subscription?.close();
    await l.client.close();
}
for (const c of callers)
    await c.close();

await check('every replica stops cleanly on SIGTERM (the sanitizer build: no leak)', async () => {
    for (const r of replicas) {
        const exit = await stop(r);
        assert.deepEqual(exit, { code: 0, signal: null }, `${r.name}:\n${r.log}`);
    }
});
await stop(redis);
removeDir(dir);
if (failed() > 0)
    for (const r of replicas)
        console.log(`---- ${r.name}'s log\n${r.log}`);
console.log(failed() === 0 ? 'every check passed' : `${failed()} check(s) failed`);
process.exit(failed() === 0 ? 0 : 1);
