// Provider round trips, judged by the providers' official SDKs: each
// recorded response (recordings/, written from the providers' documented
// examples, which each file cites) goes through samples/agent, i.e.
// sc_tool_turn_run, and
//   - the calls it answers, their order and ids, errors and results are
//     checked against the recording, read here independently of the C code;
//   - every recording must satisfy the SDK's response type, and every
//     message the helpers produce the SDK's request type, checked with the
//     pinned TypeScript compiler (tsc --noEmit on generated `satisfies`
//     expressions, plus mutated messages that must fail to type-check, so
//     the check cannot pass vacuously);
//   - MCP: recordings parse with the MCP SDK's CallToolRequestSchema, the
//     results with CallToolResultSchema.
//
//   node roundtrip.mjs AGENT RECORDINGS_DIR SDK_DIR
//
// Exits 0 when every check passes, 1 on a failure, 77 (skipped) when
// SDK_DIR/node_modules is not installed (npm ci --prefix tests/sdk).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [agent, recordings, sdk] = process.argv.slice(2).map((p) => p && resolve(p));
if (!agent || !recordings || !sdk) {
    console.error('usage: node roundtrip.mjs AGENT RECORDINGS_DIR SDK_DIR');
    process.exit(2);
}
const tsc = join(sdk, 'node_modules', '.bin', 'tsc');
for (const needed of [tsc, join(sdk, 'node_modules', 'openai'), join(sdk, 'node_modules', '@anthropic-ai', 'sdk'),
    join(sdk, 'node_modules', '@google', 'genai'), join(sdk, 'node_modules', '@modelcontextprotocol', 'sdk')]) {
    if (!existsSync(needed)) {
        console.log(`${needed} is missing (npm ci --prefix tests/sdk): skipped`);
        process.exit(77);
    }
}
const { CallToolRequestSchema, CallToolResultSchema } =
    createRequire(join(sdk, 'package.json'))('@modelcontextprotocol/sdk/types.js');

// Every recording, how it is run, and which calls must be answered with an
// error (by call id, or #index for a call without one) and what the error
// says. Every other call must succeed.
const cases = [
    { file: 'openai-parallel', provider: 'openai', calls: 3,
      errors: { call_99999def: 'Error: missing required property "subject"' } },
    { file: 'openai-errors', provider: 'openai', calls: 4,
      errors: { call_bad_enum: 'Error: /unit: must be one of: celsius, fahrenheit',
                call_no_tool: 'Error: unknown tool "get_current_stock_price"',
                call_cut_short: 'Error: /location: unterminated string',
                call_refused: 'Error: no article in domain "sports"' } },
    { file: 'openai-strict', provider: 'openai', strict: true, calls: 2, errors: {} },
    // the same calls without SC_CALL_NULL_IS_ABSENT: a null is a wrong type
    { file: 'openai-strict', provider: 'openai', calls: 2,
      errors: { call_4567xyz: 'Error: /options/domain_filter: must be a string',
                call_8910xyz: 'Error: /unit: must be a string' } },
    { file: 'openai-final', provider: 'openai', calls: 0, errors: {} },
    { file: 'responses-parallel', provider: 'openai-responses', calls: 3, errors: {} },
    { file: 'responses-strict', provider: 'openai-responses', strict: true, calls: 1, errors: {} },
    { file: 'responses-strict', provider: 'openai-responses', calls: 1,
      errors: { call_4567xyz: 'Error: /options/domain_filter: must be a string' } },
    { file: 'responses-errors', provider: 'openai-responses', calls: 4,
      errors: { call_time: 'Error: unknown tool "get_time"', call_bad_address: 'Error: /to: must be a valid email',
                call_array: 'Error: must be an object', call_custom: 'Error: only function tools are handled here' } },
    { file: 'anthropic-parallel', provider: 'anthropic', calls: 3, errors: {} },
    { file: 'anthropic-errors', provider: 'anthropic', calls: 4,
      errors: { toolu_01_bad_unit: '/unit: must be one of: celsius, fahrenheit',
                toolu_01_no_tool: 'unknown tool "get_time"', toolu_01_bad_email: '/to: must be a valid email',
                toolu_01_not_object: 'must be an object' } },
    { file: 'anthropic-final', provider: 'anthropic', calls: 0, errors: {} },
    { file: 'gemini-parallel', provider: 'gemini', calls: 3, errors: {} },
    { file: 'gemini-errors', provider: 'gemini', calls: 3,
      errors: { 'fc-1': 'unknown tool "set_light_values"', 'fc-2': '/options/num_results: must be <= 10',
                '#3': 'missing required property "location"' } },
    { file: 'gemini-final', provider: 'gemini', calls: 0, errors: {} },
    // arguments the strict reader refuses fail their call, not the turn
    { file: 'anthropic-unreadable', provider: 'anthropic', calls: 3, unreadable: true,
      errors: { toolu_01_deep: '/location/0/0/0/0/0/0/0/0/0/0', toolu_01_big: '/days: integer beyond +-(2^53-1)' } },
    { file: 'gemini-unreadable', provider: 'gemini', calls: 3, unreadable: true,
      errors: { 'fc-deep': '/location/0/0/0/0/0/0/0/0/0/0', 'fc-big': '/days: integer beyond +-(2^53-1)' } },
    { file: 'mcp-call', provider: 'mcp', calls: 1, errors: {} },
    { file: 'mcp-invalid', provider: 'mcp', calls: 1, errors: { '#0': '/subject: must be at least 1' } },
    { file: 'mcp-unknown', provider: 'mcp', calls: 1, errors: { '#0': 'unknown tool "invalid_tool_name"' } },
];

// A recording: its leading // lines (where it comes from) and its JSON.
function readRecording(file) {
    const text = readFileSync(join(recordings, `${file}.jsonc`), 'utf8');
    const lines = text.split('\n');
    const comment = lines.filter((l) => l.startsWith('//'));
    assert.ok(comment.some((l) => l.includes('https://')), `${file}: the recording must cite its source`);
    return { comment, response: JSON.parse(lines.filter((l) => !l.startsWith('//')).join('\n')) };
}

// The calls a response asks for, read as each provider documents them.
function callsOf(provider, r) {
    switch (provider) {
    case 'openai':
        return (r.choices[0].message.tool_calls ?? []).map((c) => ({
            key: c.id, name: c.function.name, args: parseOr(c.function.arguments) }));
    case 'openai-responses':
        return r.output.filter((i) => i.type === 'function_call' || i.type === 'custom_tool_call').map((c) => ({
            key: c.call_id, name: c.name, args: parseOr(c.arguments) }));
    case 'anthropic':
        return r.content.filter((b) => b.type === 'tool_use').map((b) => ({ key: b.id, name: b.name, args: b.input }));
    case 'gemini':
        return r.candidates[0].content.parts.map((p, i) => ({ part: p, i })).filter(({ part }) => part.functionCall)
            .map(({ part, i }) => ({ key: part.functionCall.id ?? `#${i}`, name: part.functionCall.name,
                                     args: part.functionCall.args ?? {} }));
    case 'mcp':
        return [{ key: '#0', name: r.params.name, args: r.params.arguments ?? {} }];
    }
    throw new Error(provider);
}

function parseOr(text) {
    try { return JSON.parse(text); } catch { return undefined; }
}

// The answers in the produced results: key, whether an error, its text,
// and the result value.
function answersOf(provider, results, calls) {
    if (provider === 'openai') {
        return results.map((m) => {
            assert.equal(m.role, 'tool');
            const error = m.content.startsWith('Error: ');
            return { key: m.tool_call_id, error, text: m.content, value: error ? undefined : JSON.parse(m.content) };
        });
    }
    if (provider === 'openai-responses') {
        return results.map((item) => {
            assert.ok(['function_call_output', 'custom_tool_call_output'].includes(item.type), item.type);
            const error = item.output.startsWith('Error: ');
            return { key: item.call_id, error, text: item.output, value: error ? undefined : JSON.parse(item.output) };
        });
    }
    if (provider === 'mcp') {
        assert.equal(results.length, 1);
        const r = results[0];
        return [{ key: '#0', error: r.isError, text: r.content[0].text,
                  value: r.isError ? undefined : r.structuredContent }];
    }
    // Anthropic and Gemini: one user message holding every result
    if (calls.length === 0) {
        assert.deepEqual(results, []);
        return [];
    }
    assert.equal(results.length, 1);
    assert.equal(results[0].role, 'user');
    if (provider === 'anthropic') {
        return results[0].content.map((b) => {
            assert.equal(b.type, 'tool_result');
            const error = b.is_error === true;
            return { key: b.tool_use_id, error, text: b.content, value: error ? undefined : JSON.parse(b.content) };
        });
    }
    return results[0].parts.map((p, n) => {
        const f = p.functionResponse;
        assert.equal(f.name, calls[n].name, 'a functionResponse names its function');
        const error = 'error' in f.response;
        return { key: f.id ?? calls[n].key, error, text: f.response.error, value: f.response.output };
    });
}

// What a successful call must have returned, from its arguments.
function checkValue(call, value) {
    if (call.name === 'get_weather') {
        assert.equal(value.location, call.args.location);
        assert.equal(value.unit, call.args.unit ?? 'celsius');
        assert.equal(typeof value.temperature, 'number');
    } else if (call.name === 'send_email') {
        assert.equal(value.to, call.args.to);
        assert.match(value.id, /^msg-[0-9a-f]{8}$/);
    } else if (call.name === 'search_knowledge_base') {
        const o = call.args.options;
        assert.ok(value.articles.length >= 1 && value.articles.length <= o.num_results);
        if (o.domain_filter != null)
            assert.ok(value.articles.every((a) => a.domain === o.domain_filter));
        if (o.sort_by === 'alphabetical') {
            const titles = value.articles.map((a) => a.title);
            assert.deepEqual(titles, [...titles].sort());
        }
    } else {
        assert.fail(`a call of ${call.name} succeeded`);
    }
}

// The model's turn as the conversation must carry it.
function expectedEcho(provider, r) {
    switch (provider) {
    case 'openai': {
        const m = r.choices[0].message;
        const echo = { role: 'assistant', content: m.content };
        if (typeof m.refusal === 'string')
            echo.refusal = m.refusal;
        if (m.tool_calls?.length)
            echo.tool_calls = m.tool_calls;
        return [echo];
    }
    case 'openai-responses': return r.output;
    case 'anthropic': return [{ role: 'assistant', content: r.content }];
    case 'gemini': return [r.candidates[0].content];
    case 'mcp': return [];
    }
    throw new Error(provider);
}

// The SDK types: what a recording must satisfy, and what each produced
// message must satisfy.
const responseType = {
    openai: 'ChatCompletion', 'openai-responses': 'ResponseBody', anthropic: 'Message',
    gemini: 'GenerateContentResponseBody',
};
const echoType = {
    openai: 'ChatCompletionAssistantMessageParam', 'openai-responses': 'ResponseInputItem',
    anthropic: 'MessageParam', gemini: 'Content',
};
const resultType = {
    openai: 'ChatCompletionToolMessageParam', 'openai-responses': 'ResponseInputItem',
    anthropic: 'MessageParam', gemini: 'Content',
};

const ts = [
    "import type { ChatCompletion, ChatCompletionAssistantMessageParam, ChatCompletionMessageParam, ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';",
    "import type { Response, ResponseInputItem } from 'openai/resources/responses/responses';",
    "import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';",
    "import type { Content, GenerateContentResponse } from '@google/genai';",
    '// output_text is the SDK\'s own convenience property, not part of the JSON',
    "type ResponseBody = Omit<Response, 'output_text'>;",
    '// the SDK declares enums (finishReason, modality) as TypeScript string enums;',
    '// the JSON carries their values: `${E}` is the union of those values',
    'type Wire<T> = T extends string ? `${T}` : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;',
    '// the class\'s getters (text, functionCalls, ...) are the SDK\'s, not part of the JSON',
    "type GenerateContentResponseBody = Wire<Omit<GenerateContentResponse, 'text' | 'data' | 'functionCalls' | 'executableCode' | 'codeExecutionResult' | 'initialPromptTokenCount'>>;",
    '',
];
const literal = (value) => JSON.stringify(value, null, 2);
let failures = 0;
const produced = {}; // provider -> first output with results, for the mutated copies

for (const c of cases) {
    const name = `${c.file}${c.strict ? ' --strict' : ''}`;
    try {
        const { comment, response } = readRecording(c.file);
        const args = [...(c.strict ? ['--strict'] : []), c.provider, join(recordings, `${c.file}.jsonc`)];
        const run = spawnSync(agent, args, { encoding: 'utf8' });
        assert.equal(run.status, 0, `agent exited with ${run.status}: ${run.stderr}`);
        const out = JSON.parse(run.stdout);
        // the types first, so that tsc judges the output even when a check below fails
        if (c.provider === 'mcp') {
            CallToolRequestSchema.parse(response);
            CallToolResultSchema.parse(out.results[0]);
        } else {
            ts.push(...comment, `(${literal(response)}) satisfies ${responseType[c.provider]};`);
            for (const m of out.echo)
                ts.push(`(${literal(m)}) satisfies ${echoType[c.provider]};`);
            for (const m of out.results)
                ts.push(`(${literal(m)}) satisfies ${resultType[c.provider]};`);
            ts.push('');
        }
        if (out.results.length > 0)
            produced[c.provider] ??= out;
        const calls = callsOf(c.provider, response);
        assert.equal(calls.length, c.calls, 'calls in the recording');
        assert.equal(out.calls, c.calls, 'calls answered');
        assert.equal(out.failed, Object.keys(c.errors).length, 'calls answered with an error');
        const echo = expectedEcho(c.provider, response);
        if (c.unreadable) // the arguments that could not be read go back as {}
            for (const part of (c.provider === 'anthropic' ? echo[0].content : echo[0].parts)) {
                const call = part.type === 'tool_use' ? part : part.functionCall;
                if (call && c.errors[call.id] !== undefined)
                    call[part.type === 'tool_use' ? 'input' : 'args'] = {};
            }
        assert.deepEqual(out.echo, echo, 'the echo of the model\'s turn');
        const answers = answersOf(c.provider, out.results, calls);
        assert.deepEqual(answers.map((a) => a.key), calls.map((call) => call.key), 'one answer per call, in order');
        answers.forEach((a, n) => {
            const expected = c.errors[a.key];
            if (expected !== undefined) {
                assert.ok(a.error, `${a.key} is answered with an error`);
                assert.ok(a.text.startsWith(expected), `${a.key}: "${a.text}" starts with "${expected}"`);
            } else {
                assert.ok(!a.error, `${a.key} succeeds: ${a.text}`);
                checkValue(calls[n], a.value);
            }
        });
        console.log(`ok - ${name}`);
    } catch (e) {
        failures++;
        console.log(`not ok - ${name}: ${e.message}`);
    }
}

// Recordings test_provider.c runs with its own tools (flights.h) and the
// flags sc_provider_tools gives: here only their type.
for (const file of ['openai-strict-nulls']) {
    const { comment, response } = readRecording(file);
    ts.push(...comment, `(${literal(response)}) satisfies ChatCompletion;`, '');
}

// Mutated copies that the SDK types must reject: the type check has teeth.
for (const provider of ['openai', 'openai-responses', 'anthropic', 'gemini']) {
    if (!produced[provider]) {
        console.log(`not ok - no results from ${provider} to mutate`);
        process.exit(1);
    }
}
const mutated = [
    ['a tool message without tool_call_id', 'ChatCompletionToolMessageParam',
     (({ tool_call_id, ...rest }) => rest)(produced.openai.results[0])],
    ['an assistant message whose tool call has object arguments', 'ChatCompletionAssistantMessageParam',
     { ...produced.openai.echo[0], tool_calls: [{ ...produced.openai.echo[0].tool_calls[0],
                                                 function: { name: 'get_weather', arguments: {} } }] }],
    ['a function_call_output with a numeric call_id', 'ResponseInputItem.FunctionCallOutput',
     { ...produced['openai-responses'].results[0], call_id: 42 }],
    ['a tool_result whose is_error is a string', 'MessageParam',
     { ...produced.anthropic.results[0],
       content: [{ ...produced.anthropic.results[0].content[0], is_error: 'yes' }] }],
    ['a tool_result without tool_use_id', 'MessageParam',
     { ...produced.anthropic.results[0],
       content: [(({ tool_use_id, ...rest }) => rest)(produced.anthropic.results[0].content[0])] }],
    ['a functionResponse whose response is a string', 'Content',
     { ...produced.gemini.results[0], parts: [{ functionResponse: { name: 'get_weather', response: 'sunny' } }] }],
];
ts.push('// mutated messages: each must fail to type-check');
for (const [what, type, value] of mutated)
    ts.push(`// ${what}`, '// @ts-expect-error', `(${JSON.stringify(value)}) satisfies ${type};`);
if (CallToolResultSchema.safeParse({ content: 'not an array' }).success) {
    failures++;
    console.log('not ok - CallToolResultSchema accepts a malformed result');
}

const dir = mkdtempSync(join(tmpdir(), 'schemac-roundtrip-'));
symlinkSync(join(sdk, 'node_modules'), join(dir, 'node_modules'), 'dir');
writeFileSync(join(dir, 'roundtrip.ts'), ts.join('\n') + '\n');
writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext',
                       target: 'es2022', skipLibCheck: true, types: [] },
    files: ['roundtrip.ts'],
}));
const check = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
if (check.status === 0) {
    console.log(`ok - the recordings and the produced messages type-check against the SDKs (${cases.length} cases)`);
    rmSync(dir, { recursive: true });
} else {
    failures++;
    console.log(`not ok - tsc --noEmit (kept in ${dir}):\n${check.stdout}${check.stderr}`);
}
process.exit(failures === 0 ? 0 : 1);
