// A second MCP client, independent of the official TypeScript SDK: the
// Vercel AI SDK's @ai-sdk/mcp (pinned in this folder's package-lock.json)
// drives samples/mcp-everything over stdio or Streamable HTTP: tools and
// their content types, prompts (typed arguments from a header), resources
// and templates, completion, elicitation answered by the client (in MCP
// 2026-07-28, which @ai-sdk/mcp 2.0 speaks when the server answers
// server/discover, as an InputRequiredResult the client answers and retries),
// and no sampling request to a client that did not announce sampling. (@ai-sdk/mcp
// 2.0 has no handlers for sampling, progress or log notifications, and
// sends no notifications/cancelled: those are the TypeScript SDK's tests.)
//
//   node client.mjs stdio|http MCP_EVERYTHING
//
// Exits 77 (skipped) when node_modules/@ai-sdk/mcp is not installed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

let mcp, stdio;
try {
    mcp = await import('@ai-sdk/mcp');
    stdio = await import('@ai-sdk/mcp/mcp-stdio');
} catch {
    console.log('@ai-sdk/mcp is not installed (npm ci --prefix tests/ai-sdk): skipped');
    process.exit(77);
}
const [mode, serverPath] = process.argv.slice(2);

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
    transport = { type: 'http', url };
} else {
    transport = new stdio.Experimental_StdioMCPTransport({ command: serverPath, args: [] });
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

const client = await mcp.createMCPClient({ transport, name: 'ai-sdk-test', version: '1.0.0',
    capabilities: { elicitation: {} } });
const text = (result) => result.content.map((c) => c.text ?? '').join('');

await check('tools: listed, called, content types, an error for the model', async () => {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'test_sampling' && t.inputSchema.properties.prompt));
    const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
    assert.deepEqual(mixed.content.map((c) => c.type), ['text', 'image', 'resource', 'resource_link']);
    const error = await client.callTool({ name: 'test_error_handling', arguments: {} });
    assert.equal(error.isError, true);
    // the AI SDK's own tool set over the listed tools
    const set = await client.tools();
    assert.ok('test_simple_text' in set && 'json_schema_2020_12_tool' in set);
});
await check('prompts: listed from the header struct, typed, refused with the member\'s path', async () => {
    const { prompts } = await client.listPrompts();
    const review = prompts.find((p) => p.name === 'code_review');
    assert.deepEqual(review.arguments.map((a) => a.name), ['language', 'code']);
    const got = await client.getPrompt({ name: 'code_review', arguments: { language: 'go', code: 'package x' } });
    assert.equal(got.messages[0].content.text, 'Review this Go code:\npackage x');
    await assert.rejects(client.getPrompt({ name: 'code_review', arguments: { language: 'x', code: '' } }),
        /\/language/);
});
await check('resources: list, templates, read text, blob and a template', async () => {
    const { resources } = await client.listResources();
    assert.equal(resources.length, 3);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(resourceTemplates[0].uriTemplate, 'test://template/{id}/data');
    const read = await client.readResource({ uri: 'test://template/5/data' });
    assert.equal(JSON.parse(read.contents[0].text).id, '5');
    const blob = await client.readResource({ uri: 'test://static-binary' });
    assert.equal(blob.contents[0].mimeType, 'image/png');
});
await check('completion: an enum member of the arguments\' struct, a template variable', async () => {
    const language = await client.complete({ ref: { type: 'ref/prompt', name: 'code_review' },
        argument: { name: 'language', value: 't' } });
    assert.deepEqual(language.completion.values, ['typescript']);
    const id = await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
        argument: { name: 'id', value: '2' } });
    assert.deepEqual(id.completion.values, ['200']);
});
await check('elicitation: the client fills in the generated form', async () => {
    let asked;
    client.onElicitationRequest(mcp.ElicitationRequestSchema,
        (request) => { asked = request.params; return { action: 'accept', content: { response: 'from the AI SDK' } }; });
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Say something' } });
    assert.equal(text(result), 'User response: action=accept, response=from the AI SDK');
    assert.equal(asked.requestedSchema.properties.response.type, 'string');
});

await check('sampling: a client that did not announce it is never asked', async () => {
    // this client has no sampling handler and announces none: the server
    // must not ask it. @ai-sdk/mcp 2.0 speaks MCP 2026-07-28 (server/discover,
    // then stateless requests), where that is the request's error -32021
    // naming the capability; a 2025 session gets a tool result that says why
    let result;
    try {
        result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } });
    } catch (e) {
        assert.equal(e.code, -32021, `${e}`);
        assert.ok(e.data?.requiredCapabilities?.sampling, JSON.stringify(e.data));
        return;
    }
    assert.equal(result.isError, true);
    assert.match(text(result), /sampling/);
});

await client.close();
server?.kill();
console.log(failures === 0 ? 'every check passed' : `${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
