// Every provider dialect file schemac writes, checked against the providers'
// official SDKs (tests/sdk, pinned by its lockfile) and their documented
// rules (rules.mjs). For each header given:
//   schemac -o DIR HEADER writes the files; --print-dialect NAME must print
//   the same documents as one JSON array;
// then, for all files together:
//   1. types: each file, inline as a literal, `satisfies` the SDK's tool type
//      (openai ChatCompletionFunctionTool, Anthropic Tool, @google/genai
//      FunctionDeclaration, MCP Tool), checked by tsc --noEmit; one literal
//      known to be wrong must be rejected (@ts-expect-error);
//   2. the SDKs' code: OpenAI's toStrictJsonSchema leaves every strict file
//      unchanged, MCP's ToolSchema parses every entry unchanged, and each SDK
//      client, given a recording fetch, sends the tools unchanged (MCP: its
//      client lists them unchanged from a tools/list answer);
//   3. rules.mjs on every file (after checking that each rule rejects its
//      known-bad documents);
//   4. with --tools-array EXE (tools_array.c): the request `tools` that
//      sc_provider_tools builds from each header's tools, for each provider
//      with and without SC_TOOLS_STRICT, must be the files as each API
//      takes them (Chat Completions as they are, the Responses API's flat
//      function tools with `strict`, Anthropic as they are, Gemini in one
//      {functionDeclarations}), with SC_CALL_NULL_IS_ABSENT exactly when
//      strict tools went in; every array must `satisfies` the SDK's request
//      tool type (openai ChatCompletionFunctionTool[] and the Responses
//      API's FunctionTool[], Anthropic Tool[], @google/genai Tool[]; each
//      assignable to its create call's `tools`, and known-bad arrays
//      rejected), and each SDK client must send it unchanged as `tools`.
// Usage: node check.mjs SCHEMAC SDK_DIR [--tools-array EXE] [-I DIR | -DNAME=V]... HEADER...
// Exits 77 (skipped) when SDK_DIR/node_modules is not installed (npm ci --prefix tests/sdk).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import * as rules from './rules.mjs';

const [schemac, sdkDir, ...rest] = process.argv.slice(2);
// -I DIR before the headers: where every header finds <cJSON.h> and the like
const extraIncludes = [];
let toolsArray; // tools_array.c, which prints what sc_provider_tools builds
while (rest[0] === '-I' || rest[0].startsWith('-D') || rest[0] === '--tools-array') {
  if (rest[0] === '--tools-array') toolsArray = rest.splice(0, 2)[1];
  else extraIncludes.push(...rest.splice(0, rest[0] === '-I' ? 2 : 1));
}
const headers = rest;
const modules = path.resolve(sdkDir, 'node_modules');
for (const pkg of ['openai', '@anthropic-ai/sdk', '@google/genai', '@modelcontextprotocol/sdk', 'typescript']) {
  if (!fs.existsSync(path.join(modules, pkg))) {
    console.log(`${path.join(modules, pkg)} is not installed (npm ci --prefix tests/sdk): skipped`);
    process.exit(77);
  }
}
const sdkRequire = createRequire(path.join(path.resolve(sdkDir), 'package.json'));
const load = name => import(pathToFileURL(sdkRequire.resolve(name)).href);

const DIALECTS = ['openai', 'openai-strict', 'anthropic', 'gemini', 'mcp'];
const failures = [];
const fail = text => failures.push(text);
const same = (a, b) => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

// ---- the files -------------------------------------------------------------
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'schemac-providers-'));
const entries = []; // {label, dialect, doc}
const headerStats = { run: 0, refused: [] };
const headerTools = []; // {header, tools: [{type, name, openai, openai_strict, anthropic, gemini}]}, the sc_tool texts
for (const header of headers) {
  const dir = path.dirname(header);
  const out = fs.mkdtempSync(path.join(work, 'out-'));
  const includes = ['-I', dir, '-I', path.join(dir, 'include'), ...extraIncludes];
  const run = spawnSync(schemac, ['-o', out, ...includes, header], { encoding: 'utf8' });
  if (run.status !== 0) {
    // the err_* golden cases are meant to be refused: no files
    if (path.basename(header).startsWith('err_')) {
      headerStats.refused.push(header);
      continue;
    }
    fail(`schemac ${header} exited ${run.status}:\n${run.stderr}`);
    continue;
  }
  headerStats.run++;
  const tools = new Map(); // TYPE -> its sc_tool texts: each file's document without white space, '' without a file
  for (const d of DIALECTS) {
    const suffix = `.${d}.json`;
    const files = fs.readdirSync(out).filter(f => f.endsWith(suffix) && !(d === 'openai' && f.endsWith('.openai-strict.json'))).sort();
    const docs = files.map(f => JSON.parse(fs.readFileSync(path.join(out, f), 'utf8')));
    files.forEach((f, i) => entries.push({ label: `${header}: ${f}`, dialect: d, doc: docs[i] }));
    files.forEach((f, i) => {
      const type = f.slice(0, -suffix.length);
      if (!tools.has(type)) tools.set(type, { type, name: '', openai: '', openai_strict: '', anthropic: '', gemini: '' });
      const t = tools.get(type);
      t.name ||= docs[i].name ?? docs[i].function?.name ?? '';
      if (d !== 'mcp') t[d.replace('-', '_')] = JSON.stringify(docs[i]);
    });
    const printed = spawnSync(schemac, ['--print-dialect', d, ...includes, header], { encoding: 'utf8' });
    let array;
    try {
      array = JSON.parse(printed.stdout);
    } catch (e) {
      fail(`${header}: --print-dialect ${d} is not JSON: ${e.message}`);
      continue;
    }
    const key = x => JSON.stringify(x);
    if (!Array.isArray(array) || !same(array.map(key).sort(), docs.map(key).sort()))
      fail(`${header}: --print-dialect ${d} does not print the ${docs.length} files as one JSON array`);
  }
  if (tools.size > 0) headerTools.push({ header, tools: [...tools.values()].sort((a, b) => (a.type < b.type ? -1 : 1)) });
}

// ---- 4. the request's tools (sc_provider_tools) -------------------------------
// What each API's request takes as `tools`, from the tools' texts, read
// here from the providers' documentation independently of the C code.
const PROVIDERS = ['openai', 'openai-responses', 'anthropic', 'gemini'];
function expectedTools(provider, strict, tools) {
  const pick = key => tools.map(t => t[key]).filter(text => text !== '').map(text => JSON.parse(text));
  switch (provider) {
    case 'openai': return pick(strict ? 'openai_strict' : 'openai');
    case 'openai-responses': // FunctionTool: flat, `strict` always stated
      return pick(strict ? 'openai_strict' : 'openai').map(({ type, function: f }) => ({ type, ...f, strict: f.strict ?? false }));
    case 'anthropic': return pick('anthropic');
    case 'gemini': {
      const declarations = pick('gemini');
      return declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
    }
  }
  throw new Error(provider);
}
const arrays = []; // {label, provider, tools}: what sc_provider_tools built
if (toolsArray) {
  for (const { header, tools } of headerTools) {
    const run = spawnSync(toolsArray, [], { input: JSON.stringify(tools), encoding: 'utf8' });
    let built;
    try {
      if (run.status !== 0) throw new Error(`exited ${run.status}: ${run.stderr}`);
      built = JSON.parse(run.stdout);
    } catch (e) {
      fail(`${header}: tools_array: ${e.message}`);
      continue;
    }
    for (const provider of PROVIDERS) {
      for (const strict of [false, true]) {
        const key = `${provider}${strict ? ' strict' : ''}`;
        const label = `${header}: sc_provider_tools(${key})`;
        const got = built[key];
        const want = expectedTools(provider, strict, tools);
        const wantFlags = strict && provider.startsWith('openai') && want.length > 0 ? 1 : 0;
        if (!got) { fail(`${label}: not printed`); continue; }
        if (!same(got.tools, want))
          fail(`${label} is not the tools as the API takes them:\nwant ${JSON.stringify(want).slice(0, 1500)}\ngot  ${JSON.stringify(got.tools).slice(0, 1500)}`);
        if (got.flags !== wantFlags)
          fail(`${label}: call_flags ${got.flags}, want ${wantFlags} (SC_CALL_NULL_IS_ABSENT exactly when strict tools went in)`);
        if (got.tools.length > 0) arrays.push({ label, provider, strict, tools: got.tools });
      }
    }
  }
  if (arrays.length === 0) fail('tools_array built no array');
}

// ---- 3. the documented rules ---------------------------------------------------
const ruleOf = { openai: rules.openai, 'openai-strict': rules.openai, anthropic: rules.anthropic, gemini: rules.gemini, mcp: rules.mcp };
for (const [dialect, doc] of rules.knownBad)
  if (ruleOf[dialect](doc).length === 0) fail(`rules.mjs: the ${dialect} rules accept a known-bad document: ${JSON.stringify(doc).slice(0, 200)}`);
for (const e of entries)
  for (const p of ruleOf[e.dialect](e.doc)) fail(`${e.label}: ${p}`);

// ---- 1. the SDKs' types ------------------------------------------------------
// @google/genai types the int64 fields of Schema (minItems, maxItems,
// minLength, maxLength, minProperties, maxProperties) as strings, the proto3
// JSON form of int64; the API takes JSON numbers for them as well ("Either
// numbers or strings are accepted", protobuf.dev/programming-guides/json),
// and schemac writes numbers, as every other dialect does. The check widens
// exactly those fields to number | string, and Type to its string values.
const ts = [
  `import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';`,
  `import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';`,
  `import type { FunctionDeclaration, Schema, Type } from '@google/genai';`,
  `import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';`,
  `type Int64 = 'minItems' | 'maxItems' | 'minLength' | 'maxLength' | 'minProperties' | 'maxProperties';`,
  `type ApiSchema = Omit<Schema, Int64 | 'type' | 'items' | 'properties' | 'anyOf'> & { [K in Int64]?: number | string } &`,
  `  { type?: \`\${Type}\`; items?: ApiSchema; properties?: Record<string, ApiSchema>; anyOf?: ApiSchema[] };`,
  `type ApiFunctionDeclaration = Omit<FunctionDeclaration, 'parameters'> & { parameters?: ApiSchema };`,
  `// a literal each type must reject: the check can fail`,
  `// @ts-expect-error: an OBJECT type Gemini does not know`,
  `export const bad_gemini = { name: 'x', parameters: { type: 'DICT' } } satisfies ApiFunctionDeclaration;`,
  `// @ts-expect-error: input_schema is required`,
  `export const bad_anthropic = { name: 'x' } satisfies AnthropicTool;`,
  `// @ts-expect-error: function.name is required`,
  `export const bad_openai = { type: 'function', function: { parameters: {} } } satisfies ChatCompletionFunctionTool;`,
  `// @ts-expect-error: inputSchema is required`,
  `export const bad_mcp = { name: 'x' } satisfies McpTool;`,
];
const typeOf = { openai: 'ChatCompletionFunctionTool', 'openai-strict': 'ChatCompletionFunctionTool', anthropic: 'AnthropicTool', gemini: 'ApiFunctionDeclaration', mcp: 'McpTool' };
entries.forEach((e, i) => ts.push(`// ${e.label}`, `export const t${i} = ${JSON.stringify(e.doc)} satisfies ${typeOf[e.dialect]};`));
if (arrays.length > 0) {
  // 4.: the arrays as request `tools`; each element type must be one a create call takes
  ts.push(
    `import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';`,
    `import type { FunctionTool as ResponsesFunctionTool, ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';`,
    `import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';`,
    `import type { Tool as GeminiTool, GenerateContentConfig } from '@google/genai';`,
    `type ApiTool = Omit<GeminiTool, 'functionDeclarations'> & { functionDeclarations?: ApiFunctionDeclaration[] };`,
    `type Takes<Elem, Tools> = Elem[] extends NonNullable<Tools> ? true : false;`,
    `export const takes: [true, true, true, true] = [true as Takes<ChatCompletionFunctionTool, ChatCompletionCreateParamsNonStreaming['tools']>,`,
    `  true as Takes<ResponsesFunctionTool, ResponseCreateParamsNonStreaming['tools']>, true as Takes<AnthropicTool, MessageCreateParamsNonStreaming['tools']>,`,
    `  true as Takes<GeminiTool, GenerateContentConfig['tools']>];`,
    `// @ts-expect-error: a Responses API function tool states strict`,
    `export const bad_responses_strict = [{ type: 'function', name: 'x', parameters: {} }] satisfies ResponsesFunctionTool[];`,
    `// @ts-expect-error: the Responses API's function tools are flat`,
    `export const bad_responses_nested = [{ type: 'function', function: { name: 'x', parameters: {} }, strict: true }] satisfies ResponsesFunctionTool[];`,
    `// @ts-expect-error: Gemini takes declarations inside functionDeclarations`,
    `export const bad_gemini_flat = [{ name: 'x', parameters: { type: 'OBJECT' } }] satisfies ApiTool[];`,
    `// @ts-expect-error: Anthropic takes no Chat Completions tool`,
    `export const bad_anthropic_chat = [{ type: 'function', function: { name: 'x', parameters: {} } }] satisfies AnthropicTool[];`,
  );
  const arrayType = { openai: 'ChatCompletionFunctionTool[]', 'openai-responses': 'ResponsesFunctionTool[]', anthropic: 'AnthropicTool[]', gemini: 'ApiTool[]' };
  arrays.forEach((a, i) => ts.push(`// ${a.label}`, `export const a${i} = ${JSON.stringify(a.tools)} satisfies ${arrayType[a.provider]};`));
}
const tsDir = fs.mkdtempSync(path.join(work, 'ts-'));
fs.writeFileSync(path.join(tsDir, 'tools.mts'), ts.join('\n') + '\n');
fs.symlinkSync(modules, path.join(tsDir, 'node_modules'), 'dir');
fs.writeFileSync(path.join(tsDir, 'tsconfig.json'), JSON.stringify({
  compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: true, types: [] },
  files: ['tools.mts'],
}));
const tsc = spawnSync(path.join(modules, '.bin', 'tsc'), ['--noEmit', '-p', tsDir], { encoding: 'utf8' });
if (tsc.status !== 0) {
  const lines = fs.readFileSync(path.join(tsDir, 'tools.mts'), 'utf8').split('\n');
  // name the file of each error: the comment line above the literal
  const text = (tsc.stdout + tsc.stderr).replace(/tools\.mts\((\d+),/g, (m, n) => `${lines[Number(n) - 2] || ''} ${m}`);
  fail(`tsc rejects:\n${text.slice(0, 20000)}`);
}

// ---- 2. the SDKs' code -------------------------------------------------------
const byDialect = d => entries.filter(e => e.dialect === d).map(e => e.doc);

const { toStrictJsonSchema } = await load('openai/lib/transform');
for (const e of entries.filter(e => e.dialect === 'openai-strict' && e.doc.function.strict === true)) {
  let strict;
  try {
    strict = toStrictJsonSchema(e.doc.function.parameters);
  } catch (err) {
    fail(`${e.label}: OpenAI's toStrictJsonSchema throws: ${err.message}`);
    continue;
  }
  if (!same(strict, e.doc.function.parameters))
    fail(`${e.label}: OpenAI's toStrictJsonSchema changes it to ${JSON.stringify(strict).slice(0, 2000)}`);
}

const mcpTypes = await load('@modelcontextprotocol/sdk/types.js');
for (const e of entries.filter(e => e.dialect === 'mcp')) {
  const parsed = mcpTypes.ToolSchema.safeParse(e.doc);
  if (!parsed.success) fail(`${e.label}: MCP ToolSchema rejects it: ${parsed.error.message.slice(0, 2000)}`);
  else if (!same(parsed.data, e.doc)) fail(`${e.label}: MCP ToolSchema changes it`);
}

// A fetch that records the request body and answers with `reply`.
function recorder(reply) {
  const bodies = [];
  const fetch = async (url, init = {}) => {
    const body = typeof init.body === 'string' ? init.body : init.body ? await new Response(init.body).text() : '';
    bodies.push({ url: String(url), body });
    const answer = await reply(body);
    if (answer === null) return new Response(null, { status: 202 });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, bodies };
}

const sent = {}; // dialect -> the tools as the client sent them
async function send(dialect, fn) {
  try {
    sent[dialect] = await fn();
  } catch (err) {
    fail(`the ${dialect} SDK client fails: ${err.stack || err}`);
  }
}

await send('openai', async () => {
  const { default: OpenAI } = await load('openai');
  const out = {};
  for (const d of ['openai', 'openai-strict']) {
    const rec = recorder(() => ({
      id: 'c', object: 'chat.completion', created: 0, model: 'gpt-4.1',
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'ok', refusal: null } }],
    }));
    const client = new OpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1', fetch: rec.fetch, maxRetries: 0 });
    await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools: byDialect(d) });
    out[d] = JSON.parse(rec.bodies[0].body).tools;
  }
  return out;
});
await send('anthropic', async () => {
  const { default: Anthropic } = await load('@anthropic-ai/sdk');
  const rec = recorder(() => ({
    id: 'msg', type: 'message', role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'ok' }],
    stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
  }));
  const client = new Anthropic({ apiKey: 'test', baseURL: 'http://127.0.0.1:9', fetch: rec.fetch, maxRetries: 0 });
  await client.messages.create({ model: 'claude-opus-4-1', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], tools: byDialect('anthropic') });
  return JSON.parse(rec.bodies[0].body).tools;
});
await send('gemini', async () => {
  const { GoogleGenAI } = await load('@google/genai');
  const rec = recorder(() => ({ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] }));
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: 'http://127.0.0.1:9', fetch: rec.fetch } });
  await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { tools: [{ functionDeclarations: byDialect('gemini') }] } });
  return JSON.parse(rec.bodies[0].body).tools[0].functionDeclarations;
});
await send('mcp', async () => {
  const { Client } = await load('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await load('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const tools = byDialect('mcp');
  // a server that answers initialize and tools/list with the files
  const rec = recorder(body => {
    const msg = JSON.parse(body);
    if (msg.id === undefined) return null; // a notification
    if (msg.method === 'initialize')
      return { jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'files', version: '0' } } };
    if (msg.method === 'tools/list') return { jsonrpc: '2.0', id: msg.id, result: { tools } };
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'no' } };
  });
  const client = new Client({ name: 'check', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'), { fetch: rec.fetch }));
  const listed = await client.listTools();
  await client.close();
  return listed.tools;
});
// 4.: each array sent by each SDK client as the request's tools
const sentArrays = []; // {label, want, got}
if (arrays.length > 0) {
  try {
    const { default: OpenAI } = await load('openai');
    const { default: Anthropic } = await load('@anthropic-ai/sdk');
    const { GoogleGenAI } = await load('@google/genai');
    const chatRec = recorder(() => ({
      id: 'c', object: 'chat.completion', created: 0, model: 'gpt-4.1',
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'ok', refusal: null } }],
    }));
    const responsesRec = recorder(() => ({
      id: 'resp', object: 'response', created_at: 0, model: 'gpt-4.1', status: 'completed', output: [],
      parallel_tool_calls: true, tool_choice: 'auto', tools: [], error: null, incomplete_details: null, instructions: null,
      metadata: {}, temperature: 1, top_p: 1,
    }));
    const anthropicRec = recorder(() => ({
      id: 'msg', type: 'message', role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
    }));
    const geminiRec = recorder(() => ({ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] }));
    const chat = new OpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1', fetch: chatRec.fetch, maxRetries: 0 });
    const responses = new OpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1', fetch: responsesRec.fetch, maxRetries: 0 });
    const anthropic = new Anthropic({ apiKey: 'test', baseURL: 'http://127.0.0.1:9', fetch: anthropicRec.fetch, maxRetries: 0 });
    const gemini = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: 'http://127.0.0.1:9', fetch: geminiRec.fetch } });
    for (const a of arrays) {
      const rec = { openai: chatRec, 'openai-responses': responsesRec, anthropic: anthropicRec, gemini: geminiRec }[a.provider];
      rec.bodies.length = 0;
      const tools = JSON.parse(JSON.stringify(a.tools)); // the SDK may not touch ours
      if (a.provider === 'openai')
        await chat.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools });
      else if (a.provider === 'openai-responses')
        await responses.responses.create({ model: 'gpt-4.1', input: 'hi', tools });
      else if (a.provider === 'anthropic')
        await anthropic.messages.create({ model: 'claude-opus-4-1', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], tools });
      else
        await gemini.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { tools } });
      sentArrays.push({ label: a.label, want: a.tools, got: JSON.parse(rec.bodies[0].body).tools });
    }
  } catch (err) {
    fail(`an SDK client fails to send sc_provider_tools' arrays: ${err.stack || err}`);
  }
}
for (const { label, want, got } of sentArrays)
  if (!same(got, want))
    fail(`${label}: the SDK client does not send it unchanged as tools:\nwant ${JSON.stringify(want).slice(0, 1500)}\ngot  ${JSON.stringify(got).slice(0, 1500)}`);

const expectSent = (dialect, got) => {
  if (got === undefined) return;
  const want = byDialect(dialect);
  if (!same(got, want)) {
    const i = want.findIndex((t, k) => !same(got[k], t));
    fail(`the ${dialect} SDK client does not send the tools unchanged; first difference, tool ${i}:\nwant ${JSON.stringify(want[i]).slice(0, 1500)}\ngot  ${JSON.stringify(got && got[i]).slice(0, 1500)}`);
  }
};
if (sent.openai) {
  expectSent('openai', sent.openai.openai);
  expectSent('openai-strict', sent.openai['openai-strict']);
}
expectSent('anthropic', sent.anthropic);
expectSent('gemini', sent.gemini);
expectSent('mcp', sent.mcp);

// ---- the table -----------------------------------------------------------------
const route = e => {
  if (e.dialect === 'openai-strict') return e.doc.function.strict ? 'strict: true' : 'strict: false (fallback)';
  if (e.dialect === 'gemini') return 'parametersJsonSchema' in e.doc ? 'parametersJsonSchema' : 'parameters' in e.doc ? 'parameters' : 'no parameters';
  return '';
};
console.log(`${headerStats.run} headers, ${headerStats.refused.length} refused by schemac as they should be (err_*), ${entries.length} files`);
console.log('dialect        files  routes');
for (const d of DIALECTS) {
  const mine = entries.filter(e => e.dialect === d);
  const counts = {};
  for (const e of mine) if (route(e)) counts[route(e)] = (counts[route(e)] || 0) + 1;
  console.log(`${d.padEnd(14)} ${String(mine.length).padStart(5)}  ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
}
if (toolsArray) {
  const byProvider = PROVIDERS.map(p => `${p} ${arrays.filter(a => a.provider === p).length}`).join(', ');
  console.log(`sc_provider_tools: ${arrays.length} request tools arrays of ${headerTools.length} headers (${byProvider}), ${sentArrays.length} sent through the SDK clients`);
}
fs.rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.log(`\n${failures.length} rejections:\n`);
  for (const f of failures) console.log(`- ${f}\n`);
  process.exit(1);
}
console.log('0 rejections');
