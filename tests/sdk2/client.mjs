// The official MCP TypeScript SDK's current client, v2
// (@modelcontextprotocol/client, pinned in this folder's package-lock.json),
// drives samples/mcp-everything in MCP 2026-07-28 over stdio or Streamable
// HTTP. v2 speaks that revision only when asked (its versionNegotiation
// option defaults to 'legacy', the 2025 initialize handshake): this client
// pins it ({ pin: '2026-07-28' }: connect sends server/discover and fails
// rather than fall back), then checks tools and their content types,
// prompts (typed arguments from a header), resources, templates and an
// unknown URI, completion, subscriptions/listen (a tools list change
// arriving once, tagged with the subscription, from the same client and,
// over HTTP, from another one; the filter honoured; nothing after close;
// no list change outside a subscription), multi-round-trip requests
// (InputRequiredResult answered by the SDK through its elicitation
// handler, in one round and in two, for a tool and a prompt), a missing
// client capability (-32021), and on the wire: no initialize, every
// request with its _meta, over HTTP no session and the version header.
// 'auto' negotiation must land on 2026-07-28 too, and v2's default on the
// 2025 era, which the server serves on the same endpoint.
//
//   node client.mjs stdio|http MCP_EVERYTHING
//
// Exits 77 (skipped) when node_modules/@modelcontextprotocol/client is not
// installed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

let sdk, stdio;
try {
    sdk = await import('@modelcontextprotocol/client');
    stdio = await import('@modelcontextprotocol/client/stdio');
} catch {
    console.log('@modelcontextprotocol/client is not installed (npm ci --prefix tests/sdk2): skipped');
    process.exit(77);
}
const [mode, serverPath] = process.argv.slice(2);
const REVISION = '2026-07-28';
const SUBSCRIPTION_ID = sdk.SUBSCRIPTION_ID_META_KEY; // io.modelcontextprotocol/subscriptionId

let server;
let url;
let stderr = ''; // the HTTP server's log
if (mode === 'http') {
    server = spawn(serverPath, ['--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    url = await new Promise((resolve, reject) => {
        server.stderr.on('data', (chunk) => {
            stderr += chunk;
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
            if (m)
                resolve(m[1]);
        });
        server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
    });
}

let failures = 0;
async function check(name, fn) {
    try {
        await fn();
        console.log(`ok   ${mode}: ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${mode}: ${name}\n     ${e.stack ?? e}`);
    }
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A client on a transport of its own, with what it sent and received
// (JSON-RPC messages) and, over HTTP, each exchange (method, request and
// response headers, body).
async function connect(versionNegotiation, capabilities = { elicitation: {} }) {
    const wire = { sent: [], received: [], http: [] };
    let transport;
    if (mode === 'http') {
        const recordingFetch = async (input, init) => {
            const response = await fetch(input, init);
            wire.http.push({ method: init?.method ?? 'GET', headers: new Headers(init?.headers),
                body: typeof init?.body === 'string' ? init.body : undefined, status: response.status,
                responseHeaders: response.headers });
            return response;
        };
        transport = new sdk.StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch });
    } else {
        transport = new stdio.StdioClientTransport({ command: serverPath, args: [] });
    }
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
        wire.sent.push(message);
        return send(message, options);
    };
    const client = new sdk.Client({ name: 'sdk2-test', version: '1.0.0' },
        { capabilities, ...(versionNegotiation && { versionNegotiation }) });
    await client.connect(transport);
    const onmessage = transport.onmessage;
    transport.onmessage = (message, extra) => {
        wire.received.push(message);
        onmessage?.(message, extra);
    };
    return { client, transport, wire };
}

// The elicitation handler answers from a queue and records what it was asked.
function answering(client) {
    const state = { answers: [], asked: [] };
    client.setRequestHandler('elicitation/create', async (request) => {
        state.asked.push(request.params);
        const content = state.answers.shift();
        return content === undefined ? { action: 'decline' } : { action: 'accept', content };
    });
    return state;
}

// Every tools and prompts list_changed a client gets: its subscription id (undefined: untagged).
function listChanges(client) {
    const got = { tools: [], prompts: [] };
    client.setNotificationHandler('notifications/tools/list_changed',
        (n) => got.tools.push(n.params?._meta?.[SUBSCRIPTION_ID]));
    client.setNotificationHandler('notifications/prompts/list_changed',
        (n) => got.prompts.push(n.params?._meta?.[SUBSCRIPTION_ID]));
    return got;
}

async function waitFor(predicate, what, ms = 5000) {
    for (const deadline = Date.now() + ms; !predicate();) {
        if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
    }
}

const text = (result) => result.content.map((c) => c.text ?? '').join('');
const pinned = { mode: { pin: REVISION } };

let main;
try {
    main = await connect(pinned);
} catch (e) {
    console.log(`FAIL ${mode}: connect pinned to ${REVISION} (server/discover)\n     ${e.stack ?? e}`);
    server?.kill();
    process.exit(1);
}
const { client } = main;
const elicit = answering(client);
const changes = listChanges(client);

await check('server/discover: the pinned 2026-07-28, the server\'s capabilities and identity', async () => {
    assert.equal(client.getProtocolEra(), 'modern');
    assert.equal(client.getNegotiatedProtocolVersion(), REVISION);
    const discover = client.getDiscoverResult();
    assert.ok(discover.supportedVersions.includes(REVISION), JSON.stringify(discover));
    assert.equal(client.getServerVersion()?.name, 'mcp-conformance-test-server');
    const caps = client.getServerCapabilities();
    assert.ok(caps.tools?.listChanged && caps.prompts && caps.resources && caps.completions, JSON.stringify(caps));
    assert.match(client.getInstructions() ?? '', /everything server/);
});

await check('tools: listed; text, image, audio, embedded resource, several types; an error for the model', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['test_simple_text', 'test_sampling', 'test_elicitation', 'json_schema_2020_12_tool',
        'test_input_required_result_multi_round', 'test_trigger_tool_change'])
        assert.ok(names.includes(name), `${name} not in ${names}`);
    assert.equal(tools.find((t) => t.name === 'test_sampling').inputSchema.properties.prompt.type, 'string');
    assert.equal(text(await client.callTool({ name: 'test_simple_text', arguments: {} })),
        'This is a simple text response for testing.');
    const image = (await client.callTool({ name: 'test_image_content', arguments: {} })).content[0];
    assert.equal(image.type, 'image');
    assert.equal(image.mimeType, 'image/png');
    assert.ok(Buffer.from(image.data, 'base64').subarray(1, 4).toString() === 'PNG');
    const audio = (await client.callTool({ name: 'test_audio_content', arguments: {} })).content[0];
    assert.deepEqual([audio.type, audio.mimeType], ['audio', 'audio/wav']);
    const embedded = (await client.callTool({ name: 'test_embedded_resource', arguments: {} })).content[0];
    assert.equal(embedded.type, 'resource');
    assert.equal(embedded.resource.uri, 'test://embedded-resource');
    assert.equal(embedded.resource.text, 'This is an embedded resource content.');
    const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
    assert.deepEqual(mixed.content.map((c) => c.type), ['text', 'image', 'resource', 'resource_link']);
    assert.equal(mixed.content[3].uri, 'test://static-text');
    const error = await client.callTool({ name: 'test_error_handling', arguments: {} });
    assert.equal(error.isError, true);
    assert.match(text(error), /intentionally returns an error/);
});

await check('tools: arguments decoded by the generated decoder, refused with the member\'s path; an unknown tool', async () => {
    const result = await client.callTool({ name: 'json_schema_2020_12_tool',
        arguments: { name: 'Ada', address: { city: 'London' } } });
    assert.deepEqual(result.structuredContent, { name: 'Ada', city: 'London' });
    const refused = await client.callTool({ name: 'json_schema_2020_12_tool', arguments: { address: { city: 7 } } });
    assert.equal(refused.isError, true);
    assert.equal(text(refused), '/address/city: must be a string');
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }),
        (e) => e.code === -32602 && /unknown tool "no_such_tool"/.test(e.message));
});

await check('prompts: listed, with arguments, typed from a header struct, refused with the member\'s path', async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((p) => p.name);
    for (const name of ['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_image', 'code_review'])
        assert.ok(names.includes(name), `${name} not in ${names}`);
    assert.deepEqual(prompts.find((p) => p.name === 'code_review').arguments.map((a) => a.name), ['language', 'code']);
    const got = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'one', arg2: 'two' } });
    assert.equal(got.messages[0].content.text, "Prompt with arguments: arg1='one', arg2='two'");
    const review = await client.getPrompt({ name: 'code_review', arguments: { language: 'go', code: 'package x' } });
    assert.equal(review.messages[0].content.text, 'Review this Go code:\npackage x');
    const image = await client.getPrompt({ name: 'test_prompt_with_image' });
    assert.equal(image.messages[0].content.type, 'image');
    await assert.rejects(client.getPrompt({ name: 'code_review', arguments: { language: 'x', code: '' } }),
        (e) => e.code === -32602 && /\/language/.test(e.message));
});

await check('resources: list, templates, read text, blob and a template; an unknown URI is -32602', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(),
        ['test://static-binary', 'test://static-text', 'test://watched-resource']);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate), ['test://template/{id}/data']);
    const static_ = await client.readResource({ uri: 'test://static-text' });
    assert.equal(static_.contents[0].text, 'This is the content of the static text resource.');
    const blob = await client.readResource({ uri: 'test://static-binary' });
    assert.equal(blob.contents[0].mimeType, 'image/png');
    assert.ok(blob.contents[0].blob.length > 0);
    const read = await client.readResource({ uri: 'test://template/5/data' });
    assert.deepEqual(JSON.parse(read.contents[0].text), { id: '5', templateTest: true, data: 'Data for ID: 5' });
    // 2026-07-28 server/resources: not found is -32602 with data.uri (no
    // longer -32002; the SDK accepts both, so the code is read on the wire)
    await assert.rejects(client.readResource({ uri: 'test://no-such-resource' }),
        (e) => e instanceof sdk.ResourceNotFoundError && e.data?.uri === 'test://no-such-resource');
    const notFound = main.wire.received.find((m) => m.error?.data?.uri === 'test://no-such-resource');
    assert.equal(notFound?.error.code, -32602, JSON.stringify(notFound));
});

await check('completion: an enum member of the arguments\' struct, a template variable', async () => {
    const language = await client.complete({ ref: { type: 'ref/prompt', name: 'code_review' },
        argument: { name: 'language', value: 't' } });
    assert.deepEqual(language.completion.values, ['typescript']);
    const id = await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
        argument: { name: 'id', value: '12' } });
    assert.deepEqual(id.completion.values, ['123', '124']);
});

await check('input required: one question, answered by the elicitation handler', async () => {
    elicit.asked.length = 0;
    elicit.answers.push({ name: 'Alice' });
    const result = await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} });
    assert.equal(text(result), 'Hello, Alice!');
    assert.equal(elicit.asked.length, 1);
    assert.equal(elicit.asked[0].message, 'What is your name?');
    assert.equal(elicit.asked[0].requestedSchema.properties.name.type, 'string');
});

await check('input required: two questions in two rounds, the second after the first answer', async () => {
    elicit.asked.length = 0;
    elicit.answers.push({ name: 'Alice' }, { color: 'blue' });
    const from = main.wire.sent.length;
    const result = await client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} });
    assert.equal(text(result), 'Alice likes blue');
    assert.deepEqual(elicit.asked.map((a) => a.message), ['What is your name?', 'What is your favourite colour, Alice?']);
    // on the wire: the call, then two retries, each with that round's answer and the server's requestState
    const calls = main.wire.sent.slice(from).filter((m) => m.method === 'tools/call');
    assert.equal(calls.length, 3, JSON.stringify(calls));
    assert.equal(calls[0].params.inputResponses, undefined);
    assert.deepEqual(calls[1].params.inputResponses, { step1: { action: 'accept', content: { name: 'Alice' } } });
    assert.deepEqual(calls[2].params.inputResponses, { step2: { action: 'accept', content: { color: 'blue' } } });
    // each answer the server gave: input_required, that round's question, the state the retry echoes
    for (const [i, key] of [[0, 'step1'], [1, 'step2']]) {
        const answer = main.wire.received.find((m) => m.id === calls[i].id)?.result;
        assert.equal(answer?.resultType, 'input_required', JSON.stringify(answer));
        assert.deepEqual(Object.keys(answer.inputRequests), [key]);
        assert.equal(answer.inputRequests[key].method, 'elicitation/create');
        assert.ok(typeof answer.requestState === 'string' && answer.requestState.length > 0);
        assert.equal(calls[i + 1].params.requestState, answer.requestState);
    }
    assert.equal(main.wire.received.find((m) => m.id === calls[2].id)?.result?.resultType, 'complete');
    assert.equal(new Set(calls.map((c) => c.id)).size, 3, 'each retry on a fresh id');
});

await check('input required: a prompt that asks, and the generated form of test_elicitation', async () => {
    elicit.asked.length = 0;
    elicit.answers.push({ context: 'a test' }, { response: 'from the SDK v2' });
    const prompt = await client.getPrompt({ name: 'test_input_required_result_prompt' });
    assert.equal(prompt.messages[0].content.text, 'Use this context: a test');
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Say something' } });
    assert.equal(text(result), 'User response: action=accept, response=from the SDK v2');
    assert.equal(elicit.asked[1].message, 'Say something');
    assert.equal(elicit.asked[1].requestedSchema.properties.response.type, 'string');
});

await check('a client capability the request needs and the client lacks: -32021', async () => {
    // this client declared elicitation only; test_missing_capability needs sampling
    await assert.rejects(client.callTool({ name: 'test_missing_capability', arguments: {} }),
        (e) => e.code === -32021 && e.data?.requiredCapabilities?.sampling !== undefined);
});

// The subscription id the SDK gave a subscriptions/listen request: its JSON-RPC id.
function listenId(wire, from) {
    const listen = wire.sent.slice(from).find((m) => m.method === 'subscriptions/listen');
    assert.ok(listen, 'no subscriptions/listen was sent');
    return listen.id;
}
// After a change: exactly one notification reached the subscription, tagged with its id.
async function arrivesOnce(list, id, what) {
    await waitFor(() => list.length > 0, what);
    await sleep(300); // a second copy would come right after the first
    assert.deepEqual(list.filter((tag) => tag !== undefined), [id], `${what}: the subscriptions tagged ${JSON.stringify(list)}`);
}

let subscription, subscriptionId;
await check('subscriptions/listen: acknowledged with the filter the server honours', async () => {
    const from = main.wire.sent.length;
    subscription = await client.listen({ toolsListChanged: true });
    subscriptionId = listenId(main.wire, from);
    assert.deepEqual(subscription.honoredFilter, { toolsListChanged: true });
});
await check('subscriptions/listen: a tools list change arrives once, tagged with the subscription', async () => {
    changes.tools.length = 0;
    const result = await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
    assert.equal(text(result), 'The tools list changed');
    await arrivesOnce(changes.tools, subscriptionId, 'tools/list_changed from the same client');
});
if (mode === 'http')
    await check('subscriptions/listen: a change made by another client reaches the subscription', async () => {
        const other = await connect(pinned);
        changes.tools.length = 0;
        await other.client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
        await arrivesOnce(changes.tools, subscriptionId, 'tools/list_changed from another client');
        await other.client.close();
    });
await check('subscriptions/listen: no prompts change on a tools-only subscription', async () => {
    changes.prompts.length = 0;
    assert.equal(text(await client.callTool({ name: 'test_trigger_prompt_change', arguments: {} })),
        'The prompts list changed');
    await sleep(300);
    assert.deepEqual(changes.prompts.filter((tag) => tag === subscriptionId), [],
        'a prompts change reached a tools-only subscription');
});
await check('subscriptions/listen: nothing after the client closed the subscription', async () => {
    await subscription.close();
    assert.equal(await subscription.closed, 'local');
    await sleep(200); // the server sees the cancellation (stdio) or the stream closed (HTTP)
    changes.tools.length = 0;
    await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
    await sleep(300);
    assert.deepEqual(changes.tools.filter((tag) => tag === subscriptionId), [],
        'a notification after the subscription closed');
});

await check('no list change outside a subscription (2026-07-28 sends them only on subscriptions/listen)', async () => {
    const untagged = main.wire.received.filter((m) => /^notifications\/(tools|prompts|resources)\/list_changed$/.test(m.method) &&
        m.params?._meta?.[SUBSCRIPTION_ID] === undefined);
    assert.deepEqual(untagged, [], `untagged list changes received: ${JSON.stringify(untagged)}`);
});

await check('the wire: no initialize, every request with the 2026-07-28 _meta' +
    (mode === 'http' ? ', MCP-Protocol-Version, no session' : ''), async () => {
    const requests = main.wire.sent.filter((m) => m.method !== undefined && m.id !== undefined);
    assert.ok(requests.length > 20, `${requests.length} requests`);
    assert.ok(!main.wire.sent.some((m) => m.method === 'initialize' || m.method === 'notifications/initialized'));
    for (const request of requests) {
        const meta = request.params?._meta ?? {};
        assert.equal(meta['io.modelcontextprotocol/protocolVersion'], REVISION, JSON.stringify(request));
        assert.deepEqual(meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: {} }, JSON.stringify(request));
    }
    if (mode === 'http') {
        const posts = main.wire.http.filter((x) => x.method === 'POST');
        assert.equal(JSON.parse(posts[0].body).method, 'server/discover');
        for (const post of posts) {
            assert.equal(post.headers.get('mcp-protocol-version'), REVISION, post.body);
            assert.equal(post.headers.get('mcp-session-id'), null, post.body);
            assert.equal(post.responseHeaders.get('mcp-session-id'), null, post.body);
        }
        assert.ok(!main.wire.http.some((x) => x.method === 'GET'), 'a GET stream: 2026-07-28 has subscriptions/listen instead');
    }
});

await client.close();

await check('negotiation: \'auto\' finds 2026-07-28; v2\'s default (\'legacy\') gets a 2025-11-25 session', async () => {
    const auto = await connect({ mode: 'auto' });
    assert.equal(auto.client.getNegotiatedProtocolVersion(), REVISION);
    assert.equal(text(await auto.client.callTool({ name: 'test_simple_text', arguments: {} })),
        'This is a simple text response for testing.');
    await auto.client.close();
    const legacy = await connect(undefined);
    assert.equal(legacy.client.getProtocolEra(), 'legacy');
    assert.equal(legacy.client.getNegotiatedProtocolVersion(), '2025-11-25');
    assert.equal(legacy.wire.sent[0].method, 'initialize');
    assert.equal(text(await legacy.client.callTool({ name: 'test_simple_text', arguments: {} })),
        'This is a simple text response for testing.');
    await legacy.client.close();
});

if (mode === 'http')
    await check('a client that closes its stream (subscriptions, calls) is no error in the server\'s log', async () => {
        assert.doesNotMatch(stderr, /application error|Closing connection/, stderr);
    });

server?.kill();
console.log(failures === 0 ? 'every check passed' : `${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
