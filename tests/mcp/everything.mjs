// samples/mcp-everything driven by the official MCP TypeScript SDK client
// over stdio or Streamable HTTP: prompts, resources and templates, completion (an argument
// with values, and one through a handler), progress, logging at the level
// the client set, sampling and elicitation answered by the client's
// handlers (the answer decoded by the server into its form's struct), and
// cancellation of a request whose handler waits for the client.
//
//   node everything.mjs stdio|http MCP_EVERYTHING
//
// Exits 77 (skipped) when node_modules/@modelcontextprotocol/sdk is missing.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { check as checkNamed, finish } from './check.mjs';

let sdk;
try {
    sdk = {
        ...(await import('@modelcontextprotocol/sdk/client/index.js')),
        ...(await import('@modelcontextprotocol/sdk/client/stdio.js')),
        ...(await import('@modelcontextprotocol/sdk/client/streamableHttp.js')),
        ...(await import('@modelcontextprotocol/sdk/types.js')),
    };
} catch {
    console.log('@modelcontextprotocol/sdk is not installed (npm ci --prefix tests/mcp): skipped');
    process.exit(77);
}
const { Client, StdioClientTransport, StreamableHTTPClientTransport, CreateMessageRequestSchema, ElicitRequestSchema,
    LoggingMessageNotificationSchema, CallToolResultSchema } = sdk;

const [mode, serverPath] = process.argv.slice(2);
// each check named with the transport it ran over
const check = (name, fn) => checkNamed(`${mode}: ${name}`, fn);

const client = new Client({ name: 'everything-test', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {} } } });
let sampling = (request) => ({
    model: 'test-model', role: 'assistant',
    content: { type: 'text', text: `echo of ${request.params.messages[0].content.text}` },
});
client.setRequestHandler(CreateMessageRequestSchema, (request) => sampling(request));
let elicit = () => ({ action: 'accept', content: { response: 'forty-two' } });
client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request));
const logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
let server;
let transport;
if (mode === 'http') {
    server = spawn(serverPath, ['--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const url = await new Promise((resolve, reject) => {
        server.stderr.on('data', (chunk) => {
            stderr += chunk;
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
            if (m)
                resolve(m[1]);
        });
        server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
    });
    transport = new StreamableHTTPClientTransport(new URL(url));
} else {
    transport = new StdioClientTransport({ command: serverPath, stderr: 'pipe' });
}
// the server's diagnostics: a sanitizer's report there (an ASan build) fails the test
let serverLog = '';
(server?.stderr ?? transport.stderr)?.on('data', (chunk) => { serverLog += chunk; });
await client.connect(transport);

const text = (result) => result.content.map((c) => c.text ?? '').join('');

await check('capabilities: prompts, resources (subscribe), logging, completions, listChanged', () => {
    const caps = client.getServerCapabilities();
    assert.deepEqual(caps.resources, { subscribe: true, listChanged: true });
    assert.deepEqual(caps.prompts, { listChanged: true });
    assert.ok(caps.logging && caps.completions);
});
await check('prompts/list and prompts/get with arguments, image and embedded resource', async () => {
    const { prompts } = await client.listPrompts();
    // code_review's arguments are listed from the generated schema of a header struct
    const review = prompts.find((p) => p.name === 'code_review');
    assert.deepEqual(review.arguments.map((a) => [a.name, a.required]), [['language', true], ['code', true]]);
    assert.match(review.arguments[0].description, /^The language of the code/);
    assert.equal(review.description, 'Review code in a language'); // the struct's doc comment
    const typed = await client.getPrompt({ name: 'code_review', arguments: { language: 'rust', code: 'fn main() {}' } });
    assert.equal(typed.messages[0].content.text, 'Review this Rust code:\nfn main() {}');
    // decoded by the generated decoder: the enum's values, the member's path in the error
    await assert.rejects(client.getPrompt({ name: 'code_review', arguments: { language: 'cobol', code: 'x' } }),
        /-32602.*\/language/);
    // every error of the arguments, as a tool call's (not only the first)
    await assert.rejects(client.getPrompt({ name: 'code_review', arguments: { language: 'cobol', code: 'x'.repeat(4001) } }),
        (e) => /-32602/.test(e.message) && /\/language: must be one of/.test(e.message) && /\/code: /.test(e.message));
    const got = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'x', arg2: 'y' } });
    assert.equal(got.messages[0].content.text, "Prompt with arguments: arg1='x', arg2='y'");
    const image = await client.getPrompt({ name: 'test_prompt_with_image' });
    assert.equal(image.messages[0].content.type, 'image');
    const embedded = await client.getPrompt({ name: 'test_prompt_with_embedded_resource',
        arguments: { resourceUri: 'test://x' } });
    assert.equal(embedded.messages[0].content.resource.uri, 'test://x');
    await assert.rejects(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'x' } }),
        /-32602.*arg2: missing required argument/);
    await assert.rejects(client.getPrompt({ name: 'test_prompt_with_arguments',
        arguments: { arg1: 'x', arg2: 'y', arg3: 'z' } }), /arg3: unknown argument/);
});
await check('resources: list, templates, read text, binary and a template, subscribe, not found', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), ['test://static-text', 'test://static-binary',
        'test://watched-resource']);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((r) => r.uriTemplate), ['test://template/{id}/data']);
    assert.equal((await client.readResource({ uri: 'test://static-text' })).contents[0].text,
        'This is the content of the static text resource.');
    assert.ok((await client.readResource({ uri: 'test://static-binary' })).contents[0].blob.startsWith('iVBOR'));
    const data = await client.readResource({ uri: 'test://template/77/data' });
    assert.deepEqual(JSON.parse(data.contents[0].text), { id: '77', templateTest: true, data: 'Data for ID: 77' });
    await assert.rejects(client.readResource({ uri: 'test://template//data' }), /-32002/);
    // the variable decoded into its struct: the member's @pattern refuses it
    await assert.rejects(client.readResource({ uri: 'test://template/abc/data' }), /-32602.*\/id/);
    await assert.rejects(client.readResource({ uri: 'test://nothing' }), /-32002/);
    assert.deepEqual(await client.subscribeResource({ uri: 'test://watched-resource' }), {});
    assert.deepEqual(await client.unsubscribeResource({ uri: 'test://watched-resource' }), {});
});
await check('completion: an argument with values, a template variable through its handler', async () => {
    const language = await client.complete({ ref: { type: 'ref/prompt', name: 'code_review' },
        argument: { name: 'language', value: 'py' } });
    assert.deepEqual(language.completion, { values: ['python'], total: 1, hasMore: false });
    const id = await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
        argument: { name: 'id', value: '12' } });
    assert.deepEqual(id.completion.values, ['123', '124']);
});
await check('progress: notifications/progress for the request\'s token, in order', async () => {
    const seen = [];
    const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, CallToolResultSchema,
        { onprogress: (p) => seen.push(p) });
    assert.deepEqual(seen.map((p) => p.progress), [0, 50, 100]);
    assert.equal(seen[2].total, 100);
    assert.match(text(result), /Progress reported/);
});
await check('logging: notifications/message at or above the level set', async () => {
    logs.length = 0;
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    assert.deepEqual(logs.map((l) => l.data), ['Tool execution started', 'Tool processing data',
        'Tool execution completed']);
    assert.equal(logs[0].level, 'info');
    await client.setLoggingLevel('warning');
    logs.length = 0;
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    assert.equal(logs.length, 0);
    await client.setLoggingLevel('debug');
});
await check('tool content: image, audio, embedded resource, resource link; a hidden error', async () => {
    const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
    assert.deepEqual(mixed.content.map((c) => c.type), ['text', 'image', 'resource', 'resource_link']);
    const audio = await client.callTool({ name: 'test_audio_content', arguments: {} });
    assert.equal(audio.content[0].mimeType, 'audio/wav');
    const error = await client.callTool({ name: 'test_error_handling', arguments: {} });
    assert.equal(error.isError, true);
    assert.match(text(error), /intentionally returns an error/);
});
await check('sampling: the client\'s model answers the tool', async () => {
    const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'hello' } });
    assert.equal(text(result), 'LLM response: echo of hello');
});
await check('elicitation: the generated form schema, the answer decoded into the struct', async () => {
    let asked;
    elicit = (request) => { asked = request.params; return { action: 'accept', content: { response: 'forty-two' } }; };
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Your answer?' } });
    assert.equal(text(result), 'User response: action=accept, response=forty-two');
    assert.equal(asked.message, 'Your answer?');
    assert.deepEqual(asked.requestedSchema.properties.response.type, 'string');
    // an answer that breaks the form's schema is refused by the decoder
    elicit = () => ({ action: 'accept', content: { response: 42 } });
    const bad = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Again?' } });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /does not fit the form: \/response: /);
    elicit = () => ({ action: 'decline' });
    const declined = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Again?' } });
    assert.match(text(declined), /action=decline/);
    // the defaults form: every default of the header in the schema
    elicit = (request) => { asked = request.params; return { action: 'cancel' }; };
    await client.callTool({ name: 'test_elicitation_sep1034_defaults', arguments: {} });
    const p = asked.requestedSchema.properties;
    assert.deepEqual([p.name.default, p.age.default, p.score.default, p.status.default, p.verified.default],
        ['John Doe', 30, 95.5, 'active', true]);
});
await check('cancellation: a request whose handler waits for the client stops; the server goes on', async () => {
    let started;
    const waiting = new Promise((resolve) => { started = resolve; });
    sampling = () => { started(); return new Promise(() => {}); }; // never answers
    const abort = new AbortController();
    const call = client.callTool({ name: 'test_sampling', arguments: { prompt: 'slow' } }, CallToolResultSchema,
        { signal: abort.signal });
    const asked = await Promise.race([waiting.then(() => true),
        call.then(() => false, () => false), new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
    assert.ok(asked, 'the server did not ask the client (sampling/createMessage) while the call ran');
    abort.abort('enough');
    await assert.rejects(call, /enough|abort/i);
    sampling = (request) => ({ model: 'm', role: 'assistant',
        content: { type: 'text', text: `again ${request.params.messages[0].content.text}` } });
    const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'fast' } });
    assert.equal(text(result), 'LLM response: again fast');
});

await check('reconnection: the server closes the call\'s stream mid-call (HTTP), the client resumes it and gets the result', async () => {
    // over HTTP the tool ends its POST's SSE stream before it answers: the
    // SDK client reconnects with GET and Last-Event-ID and reads the
    // result there (SEP-1699); over stdio it just answers
    const result = await client.callTool({ name: 'test_reconnection', arguments: {} });
    assert.equal(text(result), 'Reconnection test completed successfully.');
    // the session goes on
    assert.equal(text(await client.callTool({ name: 'test_simple_text', arguments: {} })),
        'This is a simple text response for testing.');
});

await client.close();
server?.kill();
await new Promise((resolve) => setTimeout(resolve, 500)); // the server's last words (LeakSanitizer runs at exit)
await check('the server reports no memory error, leak or data race (ASan, LSan, TSan builds)', () => {
    assert.doesNotMatch(serverLog, /(Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:/);
});
finish();
