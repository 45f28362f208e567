// One notify call reaches both eras (docs/deploy.md, "Several replicas"):
// samples/mcp-everything, whose main is sc_mcp_redis_main and whose
// test_trigger_tool_change calls sc_mcp_notify_list_changed alone, with
// 2025 sessions of the official SDK v1 client (@modelcontextprotocol/sdk,
// tests/mcp's node_modules: Client + StreamableHTTPClientTransport, its
// GET stream) and 2026-07-28 subscriptions of the v2 client (tests/sdk2):
//   - one replica without --redis (sc_mcp_main): a change made by a
//     stateless client reaches every session and the subscription exactly
//     once, and one made by a session reaches it once too (not twice);
//   - three replicas with --redis on a redis-server of the test's own: a
//     change made on one reaches the session and the subscription of
//     every replica exactly once.
//
//   node eras.mjs MCP_EVERYTHING
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
    assert, check, failed, freePort, loadSdk, program, recorder, removeDir, skip, sleep, sourceRoot, start,
    startRedis, stop, tempDir, text, waitFor, waitLog,
} from './cluster.mjs';

const [everything] = process.argv.slice(2);
const v2 = await loadSdk();
const v1Root = path.join(sourceRoot, 'tests', 'mcp', 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
if (!existsSync(path.join(v1Root, 'client', 'index.js')))
    skip('@modelcontextprotocol/sdk is not installed (npm ci --prefix tests/mcp)');
const v1 = {
    ...(await import(pathToFileURL(path.join(v1Root, 'client', 'index.js')).href)),
    ...(await import(pathToFileURL(path.join(v1Root, 'client', 'streamableHttp.js')).href)),
    ...(await import(pathToFileURL(path.join(v1Root, 'types.js')).href)),
};
const redisServer = program('redis-server');
const REVISION = '2026-07-28';
const TOOLS_CHANGED = 'notifications/tools/list_changed';

async function replica(name, args) {
    const proc = start(everything, ['--http', '0', ...args], { name });
    proc.url = (await waitLog(proc, /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, `${name} listening`))[1];
    if (args.includes('--redis'))
        await waitLog(proc, /redis bus: subscribed at/, `${name} subscribed`);
    return proc;
}

// A 2025 session of the SDK v1 client, counting its tools list changes.
async function session(url, name) {
    const client = new v1.Client({ name: 'eras-v1', version: '1.0.0' });
    await client.connect(new v1.StreamableHTTPClientTransport(new URL(url)));
    const listener = { name, client, changes: 0, modern: false };
    client.setNotificationHandler(v1.ToolListChangedNotificationSchema, () => { listener.changes++; });
    return listener;
}

// A 2026-07-28 client of the v2 SDK; with listen, a tools subscription.
async function stateless(url, name, listen) {
    const client = new v2.Client({ name: 'eras-v2', version: '1.0.0' },
        { capabilities: {}, versionNegotiation: { mode: { pin: REVISION } } });
    await client.connect(new v2.StreamableHTTPClientTransport(new URL(url)));
    const listener = { name, client, modern: true };
    if (listen) {
        listener.got = recorder(v2, client, [TOOLS_CHANGED]);
        listener.subscription = await client.listen({ toolsListChanged: true });
    }
    return listener;
}

const count = (l) => (l.modern ? l.got.length : l.changes);

// Every listener got exactly one change (settled: a repeat would follow at once).
async function exactlyOnce(listeners) {
    await waitFor(() => listeners.every((l) => count(l) > 0), 'the change on every listener').catch(() => {});
    await sleep(500); // the counts below say who missed it
    assert.deepEqual(listeners.map((l) => `${l.name}: ${count(l)}`), listeners.map((l) => `${l.name}: 1`));
}

const reset = (listeners) => listeners.forEach((l) => { if (l.modern) l.got.length = 0; else l.changes = 0; });

async function close(listeners) {
    for (const l of listeners) {
        await l.subscription?.close();
        await l.client.close();
    }
}

// ---- one replica, sc_mcp_main

const single = await replica('single', []);
const local = [await session(single.url, 'session 1'), await session(single.url, 'session 2'),
    await stateless(single.url, 'subscription', true)];
const caller = await stateless(single.url, 'caller', false);
await sleep(500); // the v1 client opens its GET stream after notifications/initialized

await check('one replica: a change by a 2026-07-28 call reaches both 2025 sessions (SDK v1) and the subscription (v2) once', async () => {
    reset(local);
    assert.equal(text(await caller.client.callTool({ name: 'test_trigger_tool_change', arguments: {} })),
        'The tools list changed');
    await exactlyOnce(local);
});

await check('one replica: a change by a 2025 session reaches it, the other session and the subscription once', async () => {
    reset(local);
    const result = await local[0].client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
    assert.equal(result.content[0].text, 'The tools list changed');
    await exactlyOnce(local);
});

await close([...local, caller]);
await check('the replica without --redis stops cleanly on SIGTERM', async () => {
    assert.deepEqual(await stop(single), { code: 0, signal: null }, single.log);
});

// ---- three replicas on Redis, sc_mcp_redis_main

const dir = tempDir('schemac-eras-');
const redisPort = await freePort();
const redis = await startRedis(redisServer, redisPort, dir);
const channel = `schemac-eras-test-${process.pid}`;
const replicas = [];
for (let i = 1; i <= 3; i++)
    replicas.push(await replica(`r${i}`, ['--redis', `redis://127.0.0.1:${redisPort}`, '--redis-channel', channel]));
const listeners = [];
for (const r of replicas) {
    listeners.push(await session(r.url, `${r.name} session`));
    listeners.push(await stateless(r.url, `${r.name} subscription`, true));
}
const callers = await Promise.all(replicas.map((r) => stateless(r.url, `${r.name} caller`, false)));
await sleep(500);

for (const i of [0, 1]) {
    await check(`three replicas: a change by a 2026-07-28 call on r${i + 1} reaches the session and the subscription of every replica once`, async () => {
        reset(listeners);
        assert.equal(text(await callers[i].client.callTool({ name: 'test_trigger_tool_change', arguments: {} })),
            'The tools list changed');
        await exactlyOnce(listeners);
    });
}

await check('three replicas: a change by r3\'s 2025 session reaches every listener once', async () => {
    reset(listeners);
    const result = await listeners[4].client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
    assert.equal(result.content[0].text, 'The tools list changed');
    await exactlyOnce(listeners);
});

await close([...listeners, ...callers]);
await check('every replica stops cleanly on SIGTERM (the sanitizer build: no leak)', async () => {
    for (const r of replicas)
        assert.deepEqual(await stop(r), { code: 0, signal: null }, `${r.name}:\n${r.log}`);
});
await stop(redis);
removeDir(dir);
if (failed() > 0)
    for (const r of [single, ...replicas])
        console.log(`---- ${r.name}'s log\n${r.log}`);
console.log(failed() === 0 ? 'every check passed' : `${failed()} check(s) failed`);
process.exit(failed() === 0 ? 0 : 1);
