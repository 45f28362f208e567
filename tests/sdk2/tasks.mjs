// The official MCP Tasks client, @modelcontextprotocol/ext-tasks (pinned in
// this folder's package-lock.json), on the official MCP TypeScript SDK v2
// client (@modelcontextprotocol/client), drives the tasks extension
// (io.modelcontextprotocol/tasks, SEP-2663) of samples/mcp-everything in
// MCP 2026-07-28 over stdio or Streamable HTTP.
//
// The SDK client is pinned to 2026-07-28 (server/discover). Its 2026 codec
// knows no tasks/* method and no resultType "task", so ext-tasks sends
// tools/call and tasks/* through a host-owned raw dispatcher (its
// rawDispatch option, with v2RequestFraming: the _meta the package writes
// on those requests): rawDispatch below sends on the SDK's own transport
// under ids of its own and takes their responses before the SDK sees them.
// Everything else (server/discover, tools/list) is the SDK's.
//
// Through the package's session: a task-backed call that completes, an
// immediate one, task input answered through the package's input routing
// (one question, two at once, a decline), a tool error inside a completed
// task, a task that fails with a JSON-RPC error, cancellation, and the
// input_required round trip of a tools/call before the task; a
// subscriptions/listen for a task's notifications/tasks. Every response
// the server sent to tools/call and tasks/* is validated against the
// package's generated 2026-07-28 zod schemas (core/v2); over HTTP the
// standard headers of tasks/* are checked (Mcp-Name = params.taskId).
//
//   node tasks.mjs stdio|http MCP_EVERYTHING
//
// Exits 77 (skipped) when node_modules/@modelcontextprotocol/client or
// @modelcontextprotocol/ext-tasks is not installed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

let sdk, stdio, tasks, v2;
try {
    sdk = await import('@modelcontextprotocol/client');
    stdio = await import('@modelcontextprotocol/client/stdio');
    tasks = await import('@modelcontextprotocol/ext-tasks/client');
    v2 = await import('@modelcontextprotocol/ext-tasks/core/v2');
} catch {
    console.log('@modelcontextprotocol/client or @modelcontextprotocol/ext-tasks is not installed ' +
        '(npm ci --prefix tests/sdk2): skipped');
    process.exit(77);
}
const [mode, serverPath] = process.argv.slice(2);
const REVISION = '2026-07-28';
const TASKS = v2.TASKS_EXTENSION_ID_V2; // io.modelcontextprotocol/tasks
const CLIENT_INFO = { name: 'sdk2-ext-tasks-test', version: '1.0.0' };
const CLIENT_CAPABILITIES = { elicitation: {} };

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
        console.log(`FAIL ${mode}: ${name}\n     ${describe(e)}`);
    }
}
// An error, where it was thrown and its causes (the package wraps a zod
// failure in a ProtocolDecodeError, the zod issues in its cause).
function describe(e) {
    const where = /\n\s+at [^\n]*/.exec(e?.stack ?? '')?.[0].trim();
    let text = `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}${where ? ` (${where})` : ''}`;
    for (let cause = e?.cause; cause !== undefined; cause = cause?.cause)
        text += `\n     caused by: ${cause?.issues ? zodIssues(cause.issues) : cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`;
    return text;
}
// Zod issues on one line: path: message, a union's alternatives joined by " or ".
function zodIssues(issues) {
    return issues.map((issue) => issue.code === 'invalid_union' && issue.errors?.length
        ? `(${issue.errors.map(zodIssues).join(' or ')})`
        : `/${[...issue.path].join('/')}: ${issue.message}`).join('; ');
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (value) => JSON.stringify(value);

// The SDK client on a transport of its own, with what went over it: the
// JSON-RPC messages sent and received, each raw exchange (request, response,
// the headers the package asked for) and, over HTTP, each POST's headers.
async function connect() {
    const wire = { sent: [], received: [], exchanges: [], http: [] };
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
    const client = new sdk.Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES,
        versionNegotiation: { mode: { pin: REVISION } } });
    await client.connect(transport);
    return { client, transport, wire, rawDispatch: rawCoordinator(transport, wire) };
}

// The host request coordinator ext-tasks asks for (rawDispatch): it owns the
// ids of the requests it sends ("ext-tasks-N", never the SDK's numbers) and
// matches their responses on the transport before the SDK's protocol layer.
function rawCoordinator(transport, wire) {
    const pending = new Map();
    let next = 0;
    const onmessage = transport.onmessage;
    transport.onmessage = (message, extra) => {
        wire.received.push(message);
        if (message?.method === undefined && pending.has(message?.id)) {
            pending.get(message.id)(message);
            return;
        }
        onmessage?.(message, extra);
    };
    return async (request, options = {}) => {
        const id = `ext-tasks-${++next}`;
        const message = { jsonrpc: '2.0', id, method: request.method,
            ...(request.params !== undefined && { params: request.params }) };
        const exchange = { request: message, headers: options.context?.headers };
        wire.exchanges.push(exchange);
        // Mcp-Name is the transport's own header (it mirrors params.taskId
        // from the body), refused as a per-request header; the check on the
        // HTTP wire below compares it with the one the package asked for.
        const headers = Object.fromEntries(Object.entries(options.context?.headers ?? {})
            .filter(([name]) => name.toLowerCase() !== 'mcp-name'));
        const signal = options.signal;
        signal?.throwIfAborted();
        const response = await new Promise((resolve, reject) => {
            const timeout = setTimeout(() => done(new tasks.DispatchError(`${message.method}: no response in time`)),
                options.context?.requestTimeoutMs ?? 30000);
            const onAbort = () => {
                exchange.aborted = true;
                done(signal.reason);
                // over stdio the server learns of it so (over HTTP the POST is aborted)
                if (mode === 'stdio')
                    transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled',
                        params: { requestId: id, reason: String(signal.reason?.message ?? signal.reason) } }).catch(() => {});
            };
            function done(error, value) {
                clearTimeout(timeout);
                signal?.removeEventListener('abort', onAbort);
                pending.delete(id);
                if (error)
                    reject(error);
                else
                    resolve(value);
            }
            signal?.addEventListener('abort', onAbort, { once: true });
            pending.set(id, (value) => done(undefined, value));
            transport.send(message, { headers, ...(signal && { requestSignal: signal }) })
                .catch((e) => done(new tasks.DispatchError(`${message.method}: the transport failed`, false, { cause: e })));
        });
        exchange.response = response;
        return response.error !== undefined ? { kind: 'error', error: response.error }
            : { kind: 'result', result: response.result };
    };
}

// The application's answers, by input key, and what it was asked.
const asked = [];
const answers = new Map();
const backgroundErrors = [];
const onInputRequest = tasks.createApplicationInputHandler({
    elicitation: (request, context) => {
        asked.push({ key: context.inputId, scope: context.scope, delivery: context.delivery,
            taskId: context.taskId, params: request.params });
        return answers.get(context.inputId) ?? { action: 'decline' };
    },
    sampling: () => {
        throw new Error('no sampling here');
    },
    roots: () => ({ roots: [] }),
});

let main, session;
try {
    main = await connect();
    session = tasks.createTaskSessionFromClient(main.client, {
        endpointId: `mcp-everything-${mode}`,
        rawDispatch: main.rawDispatch,
        v2RequestFraming: { protocolVersion: main.client.getNegotiatedProtocolVersion(),
            clientInfo: CLIENT_INFO, clientCapabilities: CLIENT_CAPABILITIES },
        onInputRequest,
        onError: (error) => backgroundErrors.push(error),
    });
} catch (e) {
    console.log(`FAIL ${mode}: connect pinned to ${REVISION} and create the ext-tasks session\n     ${describe(e)}`);
    server?.kill();
    process.exit(1);
}
const { client, wire } = main;

const text = (result) => result.content.map((c) => c.text ?? '').join('');

// A call through the package, settled: the execution, its outcome, every task view it saw.
async function run(name, args, options = {}) {
    const execution = await session.callTool(name, args, options);
    const seen = [];
    const { outcome, lastTask } = await execution.settle({
        onEvent: (event) => {
            const task = tasks.taskViewFromExecutionEvent(event);
            if (task !== undefined)
                seen.push(task.status);
        },
    });
    return { execution, outcome, lastTask, seen };
}
function completed(outcome) {
    if (outcome.status !== 'completed')
        throw Object.assign(new Error(`outcome ${outcome.status}, not completed: ${outcome.error?.message ?? ''}`),
            { cause: outcome.error });
    return outcome.result;
}
// The raw exchanges of one task (its tasks/* requests).
const ofTask = (taskId) => wire.exchanges.filter((x) => x.request.params?.taskId === taskId);

await check('server/discover: 2026-07-28 with the tasks extension ({}); the package negotiates Tasks V2', async () => {
    assert.equal(client.getNegotiatedProtocolVersion(), REVISION);
    assert.deepEqual(client.getServerCapabilities()?.extensions?.[TASKS], {});
    assert.ok(v2.hasTaskServerCapabilityV2(client.getServerCapabilities()), json(client.getServerCapabilities()));
    assert.deepEqual(session.capabilities, { inventory: 'known-handles', execution: true, cancellation: true,
        inputResponses: true, requestedRetention: false });
});

await check('slow_compute: a task-backed execution, polled with tasks/get until completed with its content', async () => {
    const { execution, outcome, lastTask, seen } = await run('slow_compute', { seconds: 1, label: 'pi' });
    assert.equal(execution.kind, 'task');
    assert.equal(execution.handle.operation, 'tools/call');
    assert.equal(text(completed(outcome)), 'computed pi in 1 s');
    assert.equal(lastTask?.status, 'completed');
    assert.ok(seen.includes('working'), `the task views seen: ${seen}`);
    assert.equal(lastTask.retentionMs, 3600000);
    assert.ok(typeof lastTask.suggestedPollIntervalMs === 'number', json(lastTask.raw));
    assert.ok(!Number.isNaN(Date.parse(lastTask.createdAt)) && !Number.isNaN(Date.parse(lastTask.lastUpdatedAt)));
    const gets = ofTask(execution.handle.taskId).filter((x) => x.request.method === 'tasks/get');
    assert.ok(gets.length >= 1, 'no tasks/get');
    // the request the package framed: the 2026-07-28 _meta with the extension
    const meta = gets[0].request.params._meta;
    assert.equal(meta['io.modelcontextprotocol/protocolVersion'], REVISION);
    assert.deepEqual(meta['io.modelcontextprotocol/clientCapabilities'], { ...CLIENT_CAPABILITIES, extensions: { [TASKS]: {} } });
    assert.equal(gets[0].headers?.['Mcp-Name'], execution.handle.taskId);
});

await check('a completed task\'s result, decoded by the package\'s default codec (CallToolResultV2Schema)', async () => {
    const { execution, outcome } = await run('slow_compute', { seconds: 0, label: 'zero' }, {});
    assert.equal(execution.kind, 'task');
    if (outcome.status !== 'completed') {
        const completedGet = ofTask(execution.handle.taskId)
            .find((x) => x.request.method === 'tasks/get' && x.response?.result?.status === 'completed');
        throw Object.assign(new Error(`ext-tasks settled the task ${outcome.status}: ${outcome.error?.message}; ` +
            `the server's tasks/get: ${json(completedGet?.response.result)}`), { cause: outcome.error });
    }
    assert.equal(text(outcome.result), 'computed zero in 0 s');
});

await check('greet: an immediate result (no task) through the same session', async () => {
    const { execution, outcome } = await run('greet', { name: 'Ada' });
    assert.equal(execution.kind, 'immediate');
    assert.equal(text(completed(outcome)), 'Hello, Ada!');
    const call = wire.exchanges.findLast((x) => x.request.params?.name === 'greet');
    assert.equal(call.response.result?.resultType, 'complete', json(call.response));
});

await check('confirm_delete: the task asks (input_required), the package\'s input routing answers by tasks/update', async () => {
    asked.length = 0;
    answers.clear();
    answers.set('confirm', { action: 'accept', content: { confirm: true } });
    const { execution, outcome, seen } = await run('confirm_delete', { filename: 'notes.txt' });
    assert.equal(execution.kind, 'task');
    assert.equal(text(completed(outcome)), 'deleted notes.txt (pretend)');
    assert.ok(seen.includes('input_required'), `the task views seen: ${seen}`);
    assert.equal(asked.length, 1, json(asked));
    assert.deepEqual([asked[0].key, asked[0].scope, asked[0].delivery, asked[0].taskId],
        ['confirm', 'task', 'task-update', execution.handle.taskId]);
    assert.equal(asked[0].params.message, 'Delete notes.txt?');
    assert.equal(asked[0].params.requestedSchema.properties.confirm.type, 'boolean');
    const updates = ofTask(execution.handle.taskId).filter((x) => x.request.method === 'tasks/update');
    assert.equal(updates.length, 1);
    assert.deepEqual(updates[0].request.params.inputResponses, { confirm: { action: 'accept', content: { confirm: true } } });
});

await check('confirm_delete declined: the task completes with the file kept', async () => {
    asked.length = 0;
    answers.clear();
    answers.set('confirm', { action: 'decline' });
    const { outcome } = await run('confirm_delete', { filename: 'keep.txt' });
    assert.equal(text(completed(outcome)), 'kept keep.txt');
    assert.deepEqual(asked.map((a) => a.key), ['confirm']);
});

await check('multi_input: two questions at once, both answered through the package, completed', async () => {
    asked.length = 0;
    answers.clear();
    answers.set('first', { action: 'accept', content: { confirm: true, name: 'one' } });
    answers.set('second', { action: 'accept', content: { confirm: true, name: 'two' } });
    const { execution, outcome } = await run('multi_input', {});
    assert.equal(execution.kind, 'task');
    assert.equal(text(completed(outcome)), 'first: one (confirmed), second: two (confirmed)');
    assert.deepEqual(asked.map((a) => a.key).sort(), ['first', 'second']);
    const inputRequired = ofTask(execution.handle.taskId).find((x) => x.response?.result?.status === 'input_required');
    assert.deepEqual(Object.keys(inputRequired.response.result.inputRequests).sort(), ['first', 'second']);
});

await check('failing_job: the task completes with the tool\'s error (isError true)', async () => {
    const { execution, outcome } = await run('failing_job', {});
    assert.equal(execution.kind, 'task');
    const result = completed(outcome);
    assert.equal(result.isError, true);
    assert.match(text(result), /the job failed, as it always does/);
});

await check('protocol_error_job: the task fails with the JSON-RPC error -32603 (TaskFailedError)', async () => {
    const { execution, outcome, lastTask } = await run('protocol_error_job', {});
    assert.equal(execution.kind, 'task');
    assert.equal(outcome.status, 'failed', json(outcome));
    assert.ok(outcome.error instanceof tasks.TaskFailedError, String(outcome.error));
    assert.equal(outcome.error.code, -32603);
    assert.match(outcome.error.message, /the job broke down/);
    assert.equal(lastTask?.status, 'failed');
    assert.throws(() => tasks.resultFromTaskOutcome(outcome), (e) => e instanceof tasks.TaskFailedError && e.code === -32603);
});

await check('cancel: a 60 s slow_compute cancelled through the package ends cancelled', async () => {
    const started = Date.now();
    const execution = await session.callTool('slow_compute', { seconds: 60 });
    assert.equal(execution.kind, 'task');
    const taskId = execution.handle.taskId;
    await sleep(300);
    await session.cancelTask(taskId);
    const outcome = await execution.result();
    assert.equal(outcome.status, 'cancelled', json(outcome));
    assert.throws(() => tasks.resultFromTaskOutcome(outcome), tasks.TaskCancelledError);
    const cancels = ofTask(taskId).filter((x) => x.request.method === 'tasks/cancel');
    assert.equal(cancels.length, 1);
    assert.equal(cancels[0].response.error, undefined, json(cancels[0].response));
    // the server's side: tasks/get (a detached controller) says cancelled
    let snapshot;
    for (const deadline = Date.now() + 5000; ;) {
        snapshot = await session.task(taskId).snapshot();
        if (snapshot.status !== 'working' || Date.now() > deadline)
            break;
        await sleep(100);
    }
    assert.equal(snapshot.status, 'cancelled', json(snapshot.raw));
    assert.ok(Date.now() - started < 15000, 'the cancelled task ran on');
});

await check('test_tool_with_task: an input_required round trip of tools/call, then a task with the answer', async () => {
    asked.length = 0;
    answers.clear();
    answers.set('user_name', { action: 'accept', content: { name: 'Grace' } });
    const from = wire.exchanges.length;
    const { execution, outcome } = await run('test_tool_with_task', {});
    assert.equal(execution.kind, 'task');
    assert.equal(text(completed(outcome)), 'Hello, Grace! (from a task)');
    assert.equal(asked.length, 1, json(asked));
    assert.deepEqual([asked[0].key, asked[0].scope, asked[0].delivery], ['user_name', 'request', 'request-retry']);
    assert.equal(asked[0].params.message, 'What is your name?');
    const calls = wire.exchanges.slice(from).filter((x) => x.request.method === 'tools/call');
    assert.equal(calls.length, 2, json(calls.map((c) => c.request)));
    assert.equal(calls[0].response.result?.resultType, 'input_required', json(calls[0].response));
    assert.deepEqual(calls[1].request.params.inputResponses, { user_name: { action: 'accept', content: { name: 'Grace' } } });
    assert.equal(calls[1].request.params.requestState, calls[0].response.result.requestState);
    assert.equal(calls[1].response.result?.resultType, 'task', json(calls[1].response));
    assert.equal(calls[1].response.result.taskId, execution.handle.taskId);
});

await check('subscriptions/listen with notifications.taskIds: acknowledged; notifications/tasks by the package\'s schema', async () => {
    // ext-tasks has no subscription of its own: the request is the host's,
    // built with the package's helpers and sent by the coordinator; the
    // package's session sees what arrives (fallbackNotificationHandler).
    const execution = await session.callTool('slow_compute', { seconds: 1, label: 'watched' });
    const taskId = execution.handle.taskId;
    const from = wire.received.length;
    const meta = { [sdk.PROTOCOL_VERSION_META_KEY]: REVISION, [sdk.CLIENT_INFO_META_KEY]: CLIENT_INFO,
        [sdk.CLIENT_CAPABILITIES_META_KEY]: CLIENT_CAPABILITIES };
    const params = v2.contributeTaskFilterV2(v2.withTaskCapabilityV2({ _meta: meta }), [taskId]);
    const listening = new AbortController();
    const listenId = `ext-tasks-${wire.exchanges.length + 1}`;
    const listen = main.rawDispatch({ method: 'subscriptions/listen', params },
        { signal: listening.signal, context: { requestTimeoutMs: 600000 } }).catch(() => undefined);
    try {
        const { outcome } = await execution.settle();
        assert.equal(text(completed(outcome)), 'computed watched in 1 s');
        const arrived = () => wire.received.slice(from);
        await waitFor(() => arrived().some((m) => m.method === 'notifications/tasks' && m.params?.status === 'completed'),
            'notifications/tasks with status completed');
        const ack = arrived().find((m) => m.method === 'notifications/subscriptions/acknowledged');
        assert.deepEqual(v2.readAcceptedTaskIdsV2(ack?.params), [taskId], json(ack));
        assert.equal(ack.params._meta?.[sdk.SUBSCRIPTION_ID_META_KEY], listenId);
        const notes = arrived().filter((m) => m.method === 'notifications/tasks');
        for (const note of notes) {
            const parsed = v2.TaskStatusNotificationV2Schema.safeParse(note);
            assert.ok(parsed.success, `${parsed.success || zodIssues(parsed.error.issues)}: ${json(note)}`);
            assert.equal(note.params.taskId, taskId);
            assert.equal(note.params._meta?.[sdk.SUBSCRIPTION_ID_META_KEY], listenId, json(note));
        }
        assert.equal(notes.at(-1).params.status, 'completed');
    } finally {
        listening.abort(new Error('the test is done listening'));
        await listen;
    }
});

async function waitFor(predicate, what, ms = 5000) {
    for (const deadline = Date.now() + ms; !predicate();) {
        if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
    }
}

// Every response the server sent to a request the package made, against the
// package's generated 2026-07-28 schemas.
function schemaFor(exchange) {
    const { method } = exchange.request;
    const result = exchange.response.result;
    if (method === 'tools/call')
        return result?.resultType === 'task' ? ['CreateTaskResult', v2.CreateTaskResultV2Schema]
            : result?.resultType === 'input_required' ? ['InputRequiredCallToolResult', v2.InputRequiredCallToolResultV2Schema]
                : ['CallToolResult', v2.CallToolResultV2Schema];
    return { 'tasks/get': ['GetTaskResult', v2.GetTaskResultV2Schema],
        'tasks/update': ['UpdateTaskResult', v2.UpdateTaskResultV2Schema],
        'tasks/cancel': ['CancelTaskResult', v2.CancelTaskResultV2Schema] }[method];
}
await check('every tools/call and tasks/* response validates against ext-tasks\' core/v2 schemas', async () => {
    const problems = [];
    const counts = {};
    // (less the subscription, and requests the package aborted: a poll a notification overtook)
    for (const exchange of wire.exchanges.filter((x) => x.request.method !== 'subscriptions/listen' && !x.aborted)) {
        if (exchange.response === undefined) {
            problems.push(`no response to ${json(exchange.request)}`);
            continue;
        }
        if (exchange.response.error !== undefined) {
            problems.push(`an error for ${json(exchange.request)}: ${json(exchange.response.error)}`);
            continue;
        }
        const [name, schema] = schemaFor(exchange);
        counts[name] = (counts[name] ?? 0) + 1;
        const parsed = schema.safeParse(exchange.response.result);
        if (!parsed.success)
            problems.push(`${exchange.request.method} -> ${name}: ${zodIssues(parsed.error.issues)}\n       response ${json(exchange.response.result)}`);
        // a completed task's result: decoded by the package with its CallToolResult schema
        if (exchange.request.method === 'tasks/get' && exchange.response.result.status === 'completed') {
            const inlined = v2.CallToolResultV2Schema.safeParse(exchange.response.result.result);
            counts['inlined CallToolResult'] = (counts['inlined CallToolResult'] ?? 0) + 1;
            if (!inlined.success)
                problems.push(`tasks/get -> a completed task's result as CallToolResult: ${zodIssues(inlined.error.issues)}\n       result ${json(exchange.response.result.result)}`);
        }
        // tasks/* answer for the task asked about
        if (exchange.request.params?.taskId !== undefined && exchange.request.method === 'tasks/get')
            if (exchange.response.result.taskId !== exchange.request.params.taskId)
                problems.push(`tasks/get for ${exchange.request.params.taskId} answered ${exchange.response.result.taskId}`);
    }
    for (const name of ['CreateTaskResult', 'InputRequiredCallToolResult', 'CallToolResult', 'GetTaskResult',
        'UpdateTaskResult', 'CancelTaskResult'])
        if (!counts[name])
            problems.push(`no ${name} was seen`);
    console.log(`     validated: ${json(counts)}`);
    if (problems.length > 0)
        throw new Error(`${problems.length} response(s) disagree with the schemas:\n     ${problems.join('\n     ')}`);
});

await check('the package\'s own tasks/* requests are well formed (GetTask/UpdateTask/CancelTaskRequest schemas)', async () => {
    const schemas = { 'tasks/get': v2.GetTaskRequestV2Schema, 'tasks/update': v2.UpdateTaskRequestV2Schema,
        'tasks/cancel': v2.CancelTaskRequestV2Schema };
    const problems = wire.exchanges.filter((x) => schemas[x.request.method] !== undefined)
        .map((x) => [x.request, schemas[x.request.method].safeParse(x.request)])
        .filter(([, parsed]) => !parsed.success).map(([request, parsed]) => `${json(request)}: ${json(parsed.error.issues)}`);
    assert.deepEqual(problems, []);
});

if (mode === 'http')
    await check('the wire: tasks/* POSTs carry MCP-Protocol-Version, Mcp-Method and Mcp-Name = params.taskId; no session', async () => {
        const posts = wire.http.filter((x) => x.method === 'POST' && x.body !== undefined)
            .map((x) => ({ ...x, message: JSON.parse(x.body) }));
        const taskPosts = posts.filter((x) => x.message.method?.startsWith('tasks/'));
        assert.ok(taskPosts.length >= 10, `${taskPosts.length} tasks/* POSTs`);
        for (const post of taskPosts) {
            assert.equal(post.headers.get('mcp-protocol-version'), REVISION, post.body);
            assert.equal(post.headers.get('mcp-method'), post.message.method, post.body);
            assert.equal(post.headers.get('mcp-name'), post.message.params.taskId, post.body);
            assert.equal(post.status, 200, post.body);
        }
        for (const post of posts) {
            assert.equal(post.headers.get('mcp-session-id'), null, post.body);
            assert.equal(post.responseHeaders.get('mcp-session-id'), null, post.body);
        }
    });

await check('the wire: no initialize; tools/call and tasks/* only through the coordinator, every request id once', async () => {
    assert.ok(!wire.sent.some((m) => m.method === 'initialize'));
    const requests = wire.sent.filter((m) => m.method !== undefined && m.id !== undefined);
    const ids = requests.map((m) => m.id);
    assert.equal(new Set(ids).size, ids.length, `an id sent twice: ${json(ids)}`);
    const raw = new Set(wire.exchanges.map((x) => x.request.id));
    const sdkRequests = requests.filter((m) => !raw.has(m.id));
    assert.ok(!sdkRequests.some((m) => m.method === 'tools/call' || m.method.startsWith('tasks/')),
        'the SDK sent a tools/call or tasks/* itself');
    const unanswered = wire.exchanges.filter((x) => x.request.method !== 'subscriptions/listen' && !x.aborted &&
        x.response?.id !== x.request.id);
    assert.deepEqual(unanswered, []);
    if (mode === 'http')
        assert.equal(JSON.parse(wire.http.find((x) => x.method === 'POST').body).method, 'server/discover');
});

await check('the package reported no background error (onError)', async () => {
    assert.deepEqual(backgroundErrors.map(describe), []);
});

await session.close();
await client.close();

if (mode === 'http')
    await check('no error in the server\'s log', async () => {
        assert.doesNotMatch(stderr, /application error|Closing connection/, stderr);
    });

server?.kill();
console.log(failures === 0 ? 'every check passed' : `${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
