// Provider round trips with tools loaded from a manifest
// (schemac/tool_manifest.h): samples/mcp-manifest's tools.json and handlers,
// through manifest_turn.c (sc_provider_tools, sc_tool_turn_run).
//
//   node manifest.mjs MANIFEST_TURN TOOLS.json SDK_DIR
//
// For each provider, a response that calls a tool validly, with invalid
// arguments, a tool that does not exist and the other tool:
//   - the request's `tools` hold each manifest tool, its inputSchema
//     unchanged, in the provider's form: Chat Completions' function
//     `parameters` (strict mode asked for with "strict": false: a manifest
//     schema is not written for it), the Responses API's flat function,
//     Anthropic's `input_schema`, Gemini's `parametersJsonSchema`; no
//     SC_CALL_NULL_IS_ABSENT since no tool went strict;
//   - each call is answered once, in order, under its id: the handler's
//     result, or the error text of a generated tool ("Error: /days: must be
//     <= 16", unknown tool);
//   - the arrays and the produced messages type-check against the pinned
//     SDKs (tsc --noEmit on `satisfies`, one known-bad literal each, which
//     must be rejected).
// Exits 0 when every check passes, 1 on a failure, 77 (skipped) when
// SDK_DIR/node_modules is not installed (npm ci --prefix tests/sdk).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [turnExe, manifestFile, sdk] = process.argv.slice(2).map((p) => p && resolve(p));
if (!turnExe || !manifestFile || !sdk) {
    console.error('usage: node manifest.mjs MANIFEST_TURN TOOLS.json SDK_DIR');
    process.exit(2);
}
const tsc = join(sdk, 'node_modules', '.bin', 'tsc');
if (!existsSync(tsc) || !existsSync(join(sdk, 'node_modules', '@google', 'genai'))) {
    console.log(`${sdk}/node_modules is missing (npm ci --prefix tests/sdk): skipped`);
    process.exit(77);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'schemac-manifest-turn-'));

let failures = 0, checks = 0;
function check(name, fn) {
    checks++;
    try {
        fn();
        console.log(`ok   ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${name}\n     ${String(e.stack ?? e).split('\n').join('\n     ')}`);
    }
}

// The calls every response makes, by id: its arguments, and what the
// answer must be (a result, or the error text for the model).
const calls = [
    { id: 'call_ok', name: 'get_forecast', args: { city: 'Oslo', days: 2 },
      result: (out) => assert.deepEqual(out.days.map((d) => d.day), [0, 1]) },
    { id: 'call_bad', name: 'get_forecast', args: { city: 'Oslo', days: 30, unit: 'c' },
      error: '/days: must be <= 16\nunknown property "unit"' },
    { id: 'call_none', name: 'get_weather', args: { city: 'Oslo' },
      error: 'unknown tool "get_weather"; the tools are: get_forecast, count_words' },
    { id: 'call_words', name: 'count_words', args: { text: 'one two' }, result: (out) => assert.deepEqual(out, { words: 2, lines: 1 }) },
];
const responses = {
    openai: {
        id: 'chatcmpl-m1', object: 'chat.completion', created: 1764201600, model: 'gpt-4o-mini',
        choices: [{ index: 0, logprobs: null, finish_reason: 'tool_calls', message: {
            role: 'assistant', content: null, refusal: null,
            tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
        } }],
    },
    'openai-responses': {
        id: 'resp_m1', object: 'response', created_at: 1764201600, status: 'completed', error: null,
        incomplete_details: null, instructions: null, model: 'gpt-4.1', parallel_tool_calls: true, temperature: 1,
        tool_choice: 'auto', tools: [], top_p: 1,
        output: calls.map((c, i) => ({ type: 'function_call', id: `fc_${i}`, call_id: c.id, name: c.name,
            arguments: JSON.stringify(c.args), status: 'completed' })),
    },
    anthropic: {
        id: 'msg_m1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', stop_reason: 'tool_use',
        stop_sequence: null, usage: { input_tokens: 100, output_tokens: 50 },
        content: calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.args })),
    },
    gemini: {
        candidates: [{ index: 0, finishReason: 'STOP', content: { role: 'model',
            parts: calls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } })) } }],
        modelVersion: 'gemini-2.5-flash',
    },
};

// The answer to each call id out of a turn's results: {text} (OpenAI's
// output strings, Anthropic's content) or {value} (Gemini's response), and
// whether it is marked as an error where the provider can say so.
function answers(provider, results) {
    const by = new Map();
    if (provider === 'openai')
        for (const m of results) by.set(m.tool_call_id, { text: m.content, role: m.role });
    else if (provider === 'openai-responses')
        for (const m of results) by.set(m.call_id, { text: m.output, type: m.type });
    else if (provider === 'anthropic')
        for (const b of results[0].content) by.set(b.tool_use_id, { text: b.content, error: b.is_error === true });
    else
        for (const p of results[0].parts) by.set(p.functionResponse.id, { value: p.functionResponse.response, name: p.functionResponse.name });
    return by;
}

// The tools of each provider's array, by name, and where its schema is.
const toolsOf = {
    openai: (a) => a.map((t) => ({ name: t.function.name, description: t.function.description, schema: t.function.parameters, strict: t.function.strict })),
    'openai-responses': (a) => a.map((t) => ({ name: t.name, description: t.description, schema: t.parameters, strict: t.strict })),
    anthropic: (a) => a.map((t) => ({ name: t.name, description: t.description, schema: t.input_schema })),
    gemini: (a) => a[0].functionDeclarations.map((t) => ({ name: t.name, description: t.description, schema: t.parametersJsonSchema, parameters: t.parameters })),
};

const produced = {}; // provider -> the manifest_turn output, for the type check
for (const provider of Object.keys(responses)) {
    const file = join(work, `${provider}.json`);
    writeFileSync(file, JSON.stringify(responses[provider]));
    const run = spawnSync(turnExe, [manifestFile, provider, file], { encoding: 'utf8' });
    check(`${provider}: manifest_turn runs`, () => assert.equal(run.status, 0, run.stderr));
    if (run.status !== 0)
        continue;
    const out = produced[provider] = JSON.parse(run.stdout);

    check(`${provider}: the request's tools carry the manifest's schemas unchanged`, () => {
        for (const array of [out.tools, out.strict_tools]) {
            const tools = toolsOf[provider](array);
            assert.deepEqual(tools.map((t) => t.name), manifest.map((t) => t.name));
            for (const [i, t] of tools.entries()) {
                assert.equal(t.description, manifest[i].description);
                assert.deepEqual(t.schema, manifest[i].inputSchema);
                // never strict mode, even when asked (Chat Completions' plain
                // tools say nothing of it, as a generated tool's)
                if (provider.startsWith('openai'))
                    assert.equal(t.strict, array === out.tools && provider === 'openai' ? undefined : false);
                if (provider === 'gemini')
                    assert.equal(t.parameters, undefined); // the JSON Schema route only
            }
        }
        assert.equal(out.flags, provider.startsWith('openai') ? 1 : 0); // what sc_provider_tools says of the array
    });
    check(`${provider}: each call answered once, in order, as a generated tool's would be`, () => {
        assert.equal(out.calls, calls.length);
        assert.equal(out.failed, calls.filter((c) => c.error).length);
        const by = answers(provider, out.results);
        assert.deepEqual([...by.keys()], calls.map((c) => c.id));
        for (const c of calls) {
            const a = by.get(c.id);
            if (provider === 'gemini') {
                assert.equal(a.name, c.name);
                if (c.error)
                    assert.deepEqual(a.value, { error: c.error });
                else
                    c.result(a.value.output);
            } else if (c.error) {
                assert.equal(a.text, provider === 'anthropic' ? c.error : `Error: ${c.error}`);
                if (provider === 'anthropic')
                    assert.equal(a.error, true);
            } else {
                c.result(JSON.parse(a.text));
            }
        }
    });
}

// ---- the SDKs' types --------------------------------------------------------
const arrayType = { openai: 'ChatCompletionFunctionTool[]', 'openai-responses': 'ResponsesFunctionTool[]',
    anthropic: 'AnthropicTool[]', gemini: 'GeminiTool[]' };
const echoType = { openai: 'ChatCompletionAssistantMessageParam', 'openai-responses': 'ResponseInputItem',
    anthropic: 'MessageParam', gemini: 'Content' };
const resultType = { openai: 'ChatCompletionToolMessageParam', 'openai-responses': 'ResponseInputItem',
    anthropic: 'MessageParam', gemini: 'Content' };
const ts = [
    `import type { ChatCompletionAssistantMessageParam, ChatCompletionFunctionTool, ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';`,
    `import type { FunctionTool as ResponsesFunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';`,
    `import type { MessageParam, Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';`,
    `import type { Content, Tool as GeminiTool } from '@google/genai';`,
    `// known-bad literals: the check can fail`,
    `// @ts-expect-error: Anthropic's tools have input_schema, not parameters`,
    `export const bad_anthropic = [{ name: 'x', parameters: {} }] satisfies AnthropicTool[];`,
    `// @ts-expect-error: Gemini takes declarations inside functionDeclarations`,
    `export const bad_gemini = [{ name: 'x', parametersJsonSchema: {} }] satisfies GeminiTool[];`,
    `// @ts-expect-error: a tool message needs its tool_call_id`,
    `export const bad_result = { role: 'tool', content: 'x' } satisfies ChatCompletionToolMessageParam;`,
];
let n = 0;
for (const [provider, out] of Object.entries(produced)) {
    for (const key of ['tools', 'strict_tools'])
        ts.push(`// ${provider} ${key}`, `export const a${n++} = ${JSON.stringify(out[key])} satisfies ${arrayType[provider]};`);
    for (const m of out.echo)
        ts.push(`// ${provider} echo`, `export const a${n++} = ${JSON.stringify(m)} satisfies ${echoType[provider]};`);
    for (const m of out.results)
        ts.push(`// ${provider} result`, `export const a${n++} = ${JSON.stringify(m)} satisfies ${resultType[provider]};`);
}
const tsDir = mkdtempSync(join(work, 'ts-'));
writeFileSync(join(tsDir, 'turns.mts'), ts.join('\n') + '\n');
symlinkSync(join(sdk, 'node_modules'), join(tsDir, 'node_modules'), 'dir');
writeFileSync(join(tsDir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
        skipLibCheck: true, types: [] },
    files: ['turns.mts'],
}));
check('the arrays and messages type-check against the SDKs (tsc), the known-bad literals do not', () => {
    assert.equal(Object.keys(produced).length, 4);
    const run = spawnSync(tsc, ['--noEmit', '-p', tsDir], { encoding: 'utf8' });
    const lines = ts;
    const text = (run.stdout + run.stderr).replace(/turns\.mts\((\d+),/g, (m, l) => `${lines[Number(l) - 2] || ''} ${m}`);
    assert.equal(run.status, 0, text.slice(0, 10000));
});

rmSync(work, { recursive: true, force: true });
console.log(`${checks - failures}/${checks} checks passed`);
process.exit(failures === 0 ? 0 : 1);
