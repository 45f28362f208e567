// Tools whose schemas come from a manifest at run time
// (schemac/tool_manifest.h), through the official MCP TypeScript SDK
// client over one transport:
//
//   node manifest.mjs stdio|http MCP_MANIFEST TOOLS.json MANIFEST_ECHO MCP_SERVER TOOL.mcp.json...
//
// 1. samples/mcp-manifest (MCP_MANIFEST, its manifest TOOLS.json):
//    tools/list is the manifest's entries; valid calls give structured
//    results the SDK checks against the outputSchema; invalid arguments
//    are results with isError, one "path: message" line per error; a
//    handler's own error; an unknown tool is -32602.
// 2. MANIFEST_ECHO (tests/mcp/manifest_echo.c: any manifest, a handler that
//    returns what the call asks for) with manifests written here: results
//    that break the outputSchema are the tool's failure (isError, the
//    generic text for the model, the fault in the server's log), and
//    manifests that cannot be loaded stop the server with the JSON Pointer
//    of the fault.
// 3. The generated tools of samples/mcp-server (MCP_SERVER, the
//    TOOL.mcp.json tools/list entries schemac wrote) served from those
//    entries by MANIFEST_ECHO: every invalid call of cases.mjs must get the
//    same errors from both (instance locations and messages), the compiled
//    validator's against the generated decoder's, but for the differences
//    listed below, which are checked as they are so that a change shows.
// Exits 0 when every check passes, 1 on a failure, 77 (skipped) when
// node_modules is not installed (npm ci --prefix tests/mcp).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

import { invalid } from './cases.mjs';
import { command, startHttp } from './server.mjs';
import { check, finish } from './check.mjs';

let Client, StdioClientTransport, StreamableHTTPClientTransport;
try {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
    ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
} catch (e) {
    console.log(`@modelcontextprotocol/sdk not installed (npm ci --prefix tests/mcp): skipped (${e.code ?? e.message})`);
    process.exit(77);
}

const [mode, sample, sampleManifest, echo, generatedServer, ...entryFiles] = process.argv.slice(2);
if (!['stdio', 'http'].includes(mode) || !generatedServer || entryFiles.length === 0) {
    console.error('usage: node manifest.mjs stdio|http MCP_MANIFEST TOOLS.json MANIFEST_ECHO MCP_SERVER TOOL.mcp.json...');
    process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'schemac-manifest-'));


// A connected SDK client of `server args...` over this run's transport;
// { client, stderr(), close() }.
async function connect(server, args) {
    let transport, stderr, stop = async () => {};
    if (mode === 'stdio') {
        const { command: cmd, args: cmdArgs } = command(server, args);
        transport = new StdioClientTransport({ command: cmd, args: cmdArgs, stderr: 'pipe' });
        let text = '';
        transport.stderr?.on('data', (chunk) => { text += chunk; });
        stderr = () => text;
    } else {
        const http = await startHttp(server, args);
        transport = new StreamableHTTPClientTransport(new URL(http.url));
        stderr = http.stderr;
        stop = http.stop;
    }
    const client = new Client({ name: 'schemac-manifest-test', version: '1.0.0' });
    await client.connect(transport);
    // the sanitizer build's reports (ASan, LSan at exit, UBSan) fail the run
    const close = async () => {
        await client.close();
        await stop();
        await new Promise((r) => setTimeout(r, 200));
        await check(`${mode}: ${server.split('/').pop()} ${args.join(' ')}: no sanitizer report`, () =>
            assert.doesNotMatch(stderr(), /Sanitizer|runtime error:/));
    };
    return { client, stderr: () => stderr(), close };
}

// The one text of a tool result, checked to be an error for the model.
function errorText(result) {
    assert.equal(result.isError, true, `isError: ${JSON.stringify(result)}`);
    assert.equal(result.structuredContent, undefined);
    assert.equal(result.content.length, 1);
    assert.equal(result.content[0].type, 'text');
    return result.content[0].text;
}

// ---- 1. the sample ----------------------------------------------------------

const manifest = JSON.parse(readFileSync(sampleManifest, 'utf8'));
{
    const { client, stderr, close } = await connect(sample, ['--manifest', sampleManifest]);
    const { tools } = await client.listTools();

    await check(`${mode}: tools/list is the manifest's tools, in its order, entries unchanged`, () => {
        assert.deepEqual(tools.map((t) => t.name), manifest.map((t) => t.name));
        for (const [i, tool] of tools.entries())
            assert.deepEqual(tool, manifest[i]);
        assert.equal(tools[1].outputSchema, undefined);
    });

    await check(`${mode}: get_forecast: structuredContent valid against the outputSchema (the SDK checks it)`, async () => {
        // callTool validates structuredContent with the SDK's own Ajv and
        // throws when it breaks the tool's outputSchema
        const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo', days: 2, units: 'imperial' } });
        assert.equal(result.isError, false);
        assert.equal(result.structuredContent.city, 'Oslo');
        assert.equal(result.structuredContent.units, 'imperial');
        assert.deepEqual(result.structuredContent.days.map((d) => d.day), [0, 1]);
        assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
    });
    await check(`${mode}: get_forecast: what the call leaves out is the handler's to default (days 3)`, async () => {
        const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Bergen' } });
        assert.equal(result.structuredContent.days.length, 3);
        assert.equal(result.structuredContent.units, 'metric');
    });
    await check(`${mode}: count_words, a tool without outputSchema: its result as structuredContent`, async () => {
        const result = await client.callTool({ name: 'count_words', arguments: { text: 'one two three\nfour', min_length: 4 } });
        assert.equal(result.isError, false);
        assert.deepEqual(result.structuredContent, { words: 2, lines: 2 });
    });

    const wrong = [
        ['get_forecast', { city: '', days: 30, units: 'kelvin', unit: 'x' },
            '/city: must be at least 1 character long\n/days: must be <= 16\n/units: must be one of: "metric", "imperial"\n' +
            'unknown property "unit"'],
        // the object's own errors first, then its members' (the decoders: in document order)
        ['get_forecast', { days: 2.5 }, 'missing required property "city"\n/days: must be an integer'],
        ['get_forecast', { city: 7 }, '/city: must be a string'],
        ['count_words', {}, 'missing required property "text"'],
        ['count_words', { text: 'x'.repeat(10001) }, '/text: must be at most 10000 characters long'],
        ['count_words', { text: 'a', min_length: 0 }, '/min_length: must be >= 1'],
        // the handler's own refusal, at the argument it is about
        ['get_forecast', { city: 'Atlantis' }, '/city: no weather station in "Atlantis"'],
    ];
    for (const [name, args, text] of wrong) {
        await check(`${mode}: tools/call ${name} ${JSON.stringify(args).slice(0, 70)}: isError, every error`, async () => {
            assert.equal(errorText(await client.callTool({ name, arguments: args })), text);
        });
    }
    await check(`${mode}: tools/call without arguments: as an empty object`, async () => {
        assert.equal(errorText(await client.callTool({ name: 'count_words' })), 'missing required property "text"');
    });
    await check(`${mode}: an unknown tool: -32602 naming the manifest's tools`, async () => {
        await assert.rejects(client.callTool({ name: 'get_weather', arguments: {} }), (e) => {
            assert.equal(e.code, -32602);
            assert.match(e.message, /unknown tool "get_weather"; the tools are: get_forecast, count_words/);
            return true;
        });
    });
    await check(`${mode}: the server logs each failed call`, () => {
        assert.match(stderr(), /tools\/call get_forecast: \/city: must be at least 1 character long/);
    });
    await close();
}

// ---- 2. output schemas and manifests that cannot be loaded ------------------

const object = (properties, required = Object.keys(properties)) =>
    ({ type: 'object', properties, required, additionalProperties: false });
const echoManifest = join(work, 'echo.json');
writeFileSync(echoManifest, JSON.stringify([
    { name: 'measure', description: 'Returns what it is asked to.', inputSchema: { type: 'object' },
      outputSchema: object({ n: { type: 'integer', minimum: 0 }, unit: { enum: ['m', 'km'] } }) },
    { name: 'anything', description: 'Returns what it is asked to; no outputSchema.', inputSchema: { type: 'object' } },
]));
{
    const { client, stderr, close } = await connect(echo, ['--manifest', echoManifest]);
    await check(`${mode}: a result valid against the outputSchema: structuredContent`, async () => {
        const result = await client.callTool({ name: 'measure', arguments: { result: { n: 3, unit: 'km' } } });
        assert.equal(result.isError, false);
        assert.deepEqual(result.structuredContent, { n: 3, unit: 'km' });
    });
    const broken = [
        [{ n: -1, unit: 'm' }, '/n: must be >= 0'],
        [{ n: 1 }, 'missing required property "unit"'],
        [{ n: 1, unit: 'm', extra: true }, 'unknown property "extra"'],
        [[1, 2], 'must be an object'],
        [null, 'must be an object'], // no result at all
    ];
    for (const [output, fault] of broken) {
        await check(`${mode}: a result that breaks the outputSchema (${JSON.stringify(output)}): the tool's failure`, async () => {
            const text = errorText(await client.callTool({ name: 'measure', arguments: { result: output } }));
            // the model is told the tool failed, not what its result lacked
            assert.equal(text, 'the tool failed: its result does not match its declared output schema ' +
                '(a fault of the tool, not of the call)');
            // the application's log says what was wrong
            const line = `tools/call measure: ${fault} (the tool's result breaks its output schema)`;
            for (let i = 0; i < 50 && !stderr().includes(line); i++)
                await new Promise((r) => setTimeout(r, 20));
            assert.ok(stderr().includes(line), `no "${line}" in the log:\n${stderr()}`);
        });
    }
    await check(`${mode}: a tool without outputSchema returns any JSON`, async () => {
        const result = await client.callTool({ name: 'anything', arguments: { result: [1, 'two'] } });
        assert.equal(result.isError, false);
        assert.equal(result.structuredContent, undefined); // not an object
        assert.equal(result.content[0].text, '[1,"two"]');
    });
    await close();
}

// Manifests the server must refuse at start, with the fault's JSON Pointer.
const tool = (more) => ({ name: 't', description: 'd', inputSchema: { type: 'object' }, ...more });
const refused = [
    ['{"name": "t"}', /^a manifest must be an array of tools/],
    ['[{"name": "t", "description": "d"}]', /^\/0: missing required property "inputSchema"/],
    [[tool(), tool()], /^\/1\/name: the tool "t" is named twice/],
    [[tool({ name: 'has space' })], /^\/0\/name: must be 1 to 64 letters, digits/],
    [[tool({ inputschema: {} })], /^\/0: unknown property "inputschema"; the properties are: name, title, description, inputSchema, outputSchema, annotations/],
    [[tool({ inputSchema: { type: 'array' } })], /^\/0\/inputSchema\/type: must be "object"/],
    [[tool({ outputSchema: { properties: {} } })], /^\/0\/outputSchema: missing required property "type"/],
    [[tool({ inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/none' } } } })],
        /^\/0\/inputSchema\/properties\/a\/\$ref: .*resolves to no schema/],
    [[tool({ inputSchema: { type: 'object', properties: { a: { minLength: -1 } } } })],
        /^\/0\/inputSchema\/properties\/a\/minLength: /],
    [[tool({ inputSchema: { type: 'object', properties: { a: { pattern: '(a)\\1' } } } })],
        /^\/0\/inputSchema\/properties\/a\/pattern: .*backreference/],
    [[tool({ annotations: { readOnlyHint: 'yes' } })], /^\/0\/annotations\/readOnlyHint: must be a boolean/],
    // read as JSON.parse reads it (a repeated key's last value), as the
    // validator reads schemas
    ['[{"name": "t", "description": "d", "inputSchema": {"type": "object"}, "name": "has space"}]', /^\/0\/name: must be 1 to 64 letters, digits/],
];
for (const [text, message] of refused) {
    await check(`a manifest refused at start: ${String(message).slice(1, 60)}`, () => {
        const file = join(work, 'refused.json');
        writeFileSync(file, typeof text === 'string' ? text : JSON.stringify(text));
        const run = spawnSync(echo, ['--manifest', file], { input: '', encoding: 'utf8' });
        assert.equal(run.status, 1, run.stderr);
        assert.equal(run.stdout, '');
        const [, reason] = run.stderr.trim().split(/^[^:]*refused\.json: /);
        assert.match(reason ?? run.stderr, message);
    });
}
await check('a handler for a tool the manifest does not have: the start fails', () => {
    const run = spawnSync(echo, ['--manifest', echoManifest, '--fail-names'], { input: '', encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /a handler for "not_in_the_manifest", which is not a tool of the manifest/);
});
await check('a tool of the manifest without a handler: the start fails', () => {
    const file = join(work, 'extra.json');
    writeFileSync(file, JSON.stringify([...manifest, tool({ name: 'forecast_alerts' })]));
    const run = spawnSync(sample, ['--manifest', file], { input: '', encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /the tool "forecast_alerts" of the manifest has no handler/);
});

// ---- 3. the generated tools, from their tools/list entries -------------------

// Where the compiled validator's text is not the generated decoder's (as
// of this writing: docs/tools.md, "Tools known at run time"), each a
// rewrite of the decoder's lines into the validator's. Every one must be
// met, so that a change on either side shows here.
const lineRewrites = {
    // the validator prints an enum's values as JSON
    'enum values quoted': [/^(.*: must be one of: )(.*)$/, (_, head, list) =>
        head + list.split(', ').map((v) => JSON.stringify(v)).join(', ')],
    // the decoder lists the properties the object takes
    'no property list': [/^(unknown property "[^"]*"); the properties are: .*$/, '$1'],
    // the decoder's hint for OpenAI strict mode's nulls
    'no null hint': [/ \(optional: leave the property out instead of sending null\)$/, ''],
    'propertyNames': [/^(\/[^:]*): must match the pattern .* \(property name "(.*)"\)$/,
        '$1: property name "$2" does not match the propertyNames schema'],
};
const met = new Set();
// The decoder's text as the validator is expected to write it, and the
// validator's, made comparable: the same lines, in any order.
function comparable(generatedText, manifestText) {
    const want = generatedText.split('\n').map((line) => {
        for (const [name, [from, to]] of Object.entries(lineRewrites))
            if (from.test(line)) {
                met.add(name);
                line = line.replace(from, to);
            }
        return line;
    });
    let got = manifestText.split('\n');
    // the validator checks uniqueItems on an array whose items failed; the
    // decoder does not (they are not values)
    const extra = got.filter((l) => / must not contain duplicates/.test(l) && !want.includes(l));
    if (extra.length > 0 && got.length > extra.length) {
        met.add('uniqueItems after failed items');
        got = got.filter((l) => !extra.includes(l));
    }
    // the validator reports an object's own errors (required) before its
    // members'; the decoder in document order
    if (got.join('\n') !== want.join('\n') && [...got].sort().join('\n') === [...want].sort().join('\n'))
        met.add('order');
    return [[...want].sort(), [...got].sort()];
}
const OUTPUT_FAILED = 'the tool failed: its result does not match its declared output schema ' +
    '(a fault of the tool, not of the call)';
const generatedManifest = join(work, 'generated.json');
writeFileSync(generatedManifest, JSON.stringify(entryFiles.map((f) => JSON.parse(readFileSync(f, 'utf8')))));
{
    const generated = await connect(generatedServer, []);
    const fromManifest = await connect(echo, ['--manifest', generatedManifest]);
    let compared = 0;
    for (const [name, args] of invalid) {
        const want = await generated.client.callTool({ name, arguments: args });
        const got = await fromManifest.client.callTool({ name, arguments: args });
        // arguments the schema accepts, refused by the sample's handler
        // (division by zero, ...): the echo handler returns them, which is
        // no valid output, or which is a valid result when there is no
        // outputSchema
        if (got.isError === false || got.content[0].text === OUTPUT_FAILED)
            continue;
        await check(`${mode}: ${name} ${JSON.stringify(args).slice(0, 70)}: the generated tool's errors`, () => {
            const [expected, actual] = comparable(errorText(want), errorText(got));
            assert.deepEqual(actual, expected);
            compared++;
        });
    }
    await check(`${mode}: errors compared for most invalid calls, each known difference met`, () => {
        assert.ok(compared >= 18, `only ${compared} compared`);
        assert.deepEqual([...met].sort(), [...Object.keys(lineRewrites), 'uniqueItems after failed items', 'order'].sort());
    });
    await generated.close();
    await fromManifest.close();
}

rmSync(work, { recursive: true, force: true });
finish();
