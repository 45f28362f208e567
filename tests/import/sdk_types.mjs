// tests/import: the provider tool definitions import_test.py imports have
// the shapes the providers' official SDKs (tests/sdk, pinned) type: each
// document, inline as a literal, `satisfies` its form's type, checked by
// tsc --noEmit; one wrong literal per form must be rejected, so the check
// can fail. Gemini's counts may be strings (int64 in proto JSON), as the
// API takes them.
// Usage: node sdk_types.mjs SDK_DIR DOCS.json   (an array of {label, form, doc})
// Exits 77 (skipped) when SDK_DIR/node_modules lacks an SDK or typescript.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [sdkDir, docsFile] = process.argv.slice(2);
const modules = path.resolve(sdkDir, 'node_modules');
for (const pkg of ['openai', '@anthropic-ai/sdk', '@google/genai', 'typescript']) {
  if (!fs.existsSync(path.join(modules, pkg))) {
    console.log(`${path.join(modules, pkg)} is not installed (npm ci --prefix tests/sdk): skipped`);
    process.exit(77);
  }
}
const typeOf = {
  openai: 'ChatCompletionFunctionTool[]',
  'openai-responses': 'ResponsesFunctionTool[]',
  anthropic: 'AnthropicTool[]',
  gemini: 'ApiTool',
};
const ts = [
  `import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';`,
  `import type { FunctionTool as ResponsesFunctionTool } from 'openai/resources/responses/responses';`,
  `import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';`,
  `import type { FunctionDeclaration, Schema, Tool as GeminiTool, Type } from '@google/genai';`,
  `type Int64 = 'minItems' | 'maxItems' | 'minLength' | 'maxLength' | 'minProperties' | 'maxProperties';`,
  `type ApiSchema = Omit<Schema, Int64 | 'type' | 'items' | 'properties' | 'anyOf'> & { [K in Int64]?: number | string } &`,
  `  { type?: \`\${Type}\`; items?: ApiSchema; properties?: Record<string, ApiSchema>; anyOf?: ApiSchema[] };`,
  `type ApiFunctionDeclaration = Omit<FunctionDeclaration, 'parameters'> & { parameters?: ApiSchema };`,
  `type ApiTool = Omit<GeminiTool, 'functionDeclarations'> & { functionDeclarations?: ApiFunctionDeclaration[] };`,
  `// @ts-expect-error: function.name is required`,
  `export const bad_openai = [{ type: 'function', function: { parameters: {} } }] satisfies ChatCompletionFunctionTool[];`,
  `// @ts-expect-error: the Responses API's function tools are flat and state strict`,
  `export const bad_responses = [{ type: 'function', function: { name: 'x', parameters: {} } }] satisfies ResponsesFunctionTool[];`,
  `// @ts-expect-error: input_schema is required`,
  `export const bad_anthropic = [{ name: 'x', parameters: {} }] satisfies AnthropicTool[];`,
  `// @ts-expect-error: a type Gemini does not know`,
  `export const bad_gemini = { functionDeclarations: [{ name: 'x', parameters: { type: 'DICT' } }] } satisfies ApiTool;`,
];
const docs = JSON.parse(fs.readFileSync(docsFile, 'utf8'));
docs.forEach(({ label, form, doc }, i) => {
  if (!typeOf[form]) throw new Error(`${label}: no SDK type for the form ${form}`);
  ts.push(`// ${label}`, `export const d${i} = ${JSON.stringify(doc)} satisfies ${typeOf[form]};`);
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemac-import-ts-'));
fs.writeFileSync(path.join(dir, 'tools.mts'), ts.join('\n') + '\n');
fs.symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
  compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: true, types: [] },
  files: ['tools.mts'],
}));
const tsc = spawnSync(path.join(modules, '.bin', 'tsc'), ['--noEmit', '-p', dir], { encoding: 'utf8' });
if (tsc.status !== 0) {
  const lines = fs.readFileSync(path.join(dir, 'tools.mts'), 'utf8').split('\n');
  // the label of each error: the comment line above its literal
  const text = (tsc.stdout + tsc.stderr).replace(/tools\.mts\((\d+),/g, (m, n) => `${lines[Number(n) - 2] || ''} ${m}`);
  console.log(`tsc rejects:\n${text.slice(0, 20000)}`);
  process.exit(1);
}
fs.rmSync(dir, { recursive: true });
console.log(`${docs.length} provider definitions have the SDKs' types`);
