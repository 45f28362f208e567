// The MCP server of docs/overview.md (readme_server.c; it was README.md's,
// hence the names) is what the page shows, and works: the official MCP SDK
// client calls its tool, gets its prompt and reads its resource template.
//
//   node readme.mjs docs/overview.md readme_server.c README_SERVER
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

let Client, StdioClientTransport;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [readme, source, binary] = process.argv.slice(2);
const lines = /\/\* ---- docs\/overview.md ---- \*\/\n([^]*?)\/\* ---- end of docs\/overview.md ---- \*\//.exec(readFileSync(source, 'utf8'));
assert.ok(lines, `no docs/overview.md block in ${source}`);
assert.ok(readFileSync(readme, 'utf8').includes('```c\n' + lines[1] + '```\n'),
    `${readme} does not show the lines of ${source} as they are`);

const client = new Client({ name: 'readme', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: binary }));
assert.equal(client.getServerVersion().name, 'url-tools');
const { tools } = await client.listTools();
assert.deepEqual(tools.map((t) => t.name), ['parse_url']);
const ok = await client.callTool({ name: 'parse_url', arguments: { url: 'https://example.com/a', parts: ['host'] } });
assert.deepEqual(ok.structuredContent, { url: 'https://example.com/a' });
const bad = await client.callTool({ name: 'parse_url', arguments: { url: 'https://example.com/a', parts: [] } });
assert.equal(bad.isError, true);
assert.match(bad.content[0].text, /^\/parts: /);
const prompt = await client.getPrompt({ name: 'explain_url', arguments: { url: 'https://example.com' } });
assert.equal(prompt.messages[0].content.text, 'Explain the parts of https://example.com');
const { resourceTemplates } = await client.listResourceTemplates();
assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate), ['port://{scheme}']);
const port = await client.readResource({ uri: 'port://https' });
assert.deepEqual(port.contents, [{ uri: 'port://https', mimeType: 'text/plain', text: '443' }]);
const http = await client.readResource({ uri: 'port://http' });
assert.equal(http.contents[0].text, '80');
// the template's variable is checked by its @pattern before the handler runs
await assert.rejects(client.readResource({ uri: 'port://gopher' }), /scheme.*pattern|pattern.*scheme/s);
const prompts = await client.listPrompts();
assert.deepEqual(prompts.prompts.map((p) => [p.name, p.arguments.map((a) => [a.name, a.required])]),
    [['explain_url', [['url', true]]]]);
await client.close();
console.log('ok   the server of docs/overview.md is what the page shows, and answers the SDK client');
