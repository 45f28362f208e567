// The providers' documented rules that their SDK types cannot check. Each
// rule names where it is written; each returns a list of problems (empty:
// accepted). check.mjs runs them on every dialect file, and on known-bad
// documents first, so that a rule that cannot fail is noticed.

// Walks every schema node of a JSON Schema / OpenAPI schema, with its path.
function walk(schema, path, visit) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  visit(schema, path);
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'not']) {
    if (schema[key] && typeof schema[key] === 'object') walk(schema[key], `${path}.${key}`, visit);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    (schema[key] || []).forEach((s, i) => walk(s, `${path}.${key}[${i}]`, visit));
  }
  for (const key of ['properties', '$defs']) {
    for (const [name, s] of Object.entries(schema[key] || {})) walk(s, `${path}.${key}.${name}`, visit);
  }
}

function reachesRef(schema) {
  if (schema === null || typeof schema !== 'object') return false;
  if (!Array.isArray(schema) && '$ref' in schema) return true;
  return Object.values(schema).some(reachesRef);
}

function propertyNames(schema) {
  const names = [];
  walk(schema, '', (node, path) => {
    for (const name of Object.keys(node.properties || {})) names.push([name, path]);
  });
  return names;
}

// Anthropic, Messages API: tools[].name "must match ^[a-zA-Z0-9_-]{1,64}$"
// (docs.anthropic.com/en/api/messages, "tools"); property keys are checked
// against ^[a-zA-Z0-9_.-]{1,64}$ ("tools.N.custom.input_schema.properties:
// Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'", the 400
// reported in github.com/anthropics/claude-code/issues/79418 and
// github.com/n8n-io/n8n/issues/30590); and "input_schema does not support
// oneOf, allOf, or anyOf at the top level" (github.com/anthropics/claude-code/issues/5319).
const ANTHROPIC_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_PROPERTY = /^[a-zA-Z0-9_.-]{1,64}$/;

// OpenAI, Chat Completions API reference: function.name "must be a-z, A-Z,
// 0-9, or contain underscores and dashes, with a maximum length of 64"
// (platform.openai.com/docs/api-reference/chat/create#tools).
const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

// Gemini, FunctionDeclaration.name: "Must start with a letter or an
// underscore. Must be a-z, A-Z, 0-9, or contain underscores and dashes, with
// a max length of 64" (cloud.google.com/vertex-ai/generative-ai/docs/reference/nodejs/latest/vertexai/functiondeclaration;
// @google/genai 3.1.0's FunctionDeclaration also allows dots and colons, up
// to 128: we keep to what every version allows).
// Parameter names "must start with a letter or an underscore and must only
// contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64"
// (googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-function-declaration/-builder/parameters.html).
const GEMINI_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const GEMINI_PARAMETER = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

// MCP specification 2025-11-25, "Tool names": 1 to 128 characters, "A-Z,
// a-z, 0-9, underscore (_), hyphen (-), and dot (.)"
// (modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names).
const MCP_TOOL_NAME = /^[a-zA-Z0-9_.-]{1,128}$/;

const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'];

function rootProblems(schema, where) {
  const problems = [];
  if (schema.type !== 'object') problems.push(`${where}: the root is not "type": "object"`);
  for (const k of ROOT_COMBINATORS)
    if (k in schema) problems.push(`${where}: ${k} at the root`);
  return problems;
}

export function anthropic(tool) {
  const problems = [];
  if (!ANTHROPIC_TOOL_NAME.test(tool.name)) problems.push(`name '${tool.name}' breaks ${ANTHROPIC_TOOL_NAME}`);
  problems.push(...rootProblems(tool.input_schema, 'input_schema'));
  for (const [name, path] of propertyNames(tool.input_schema))
    if (!ANTHROPIC_PROPERTY.test(name)) problems.push(`property '${name}' at input_schema${path} breaks ${ANTHROPIC_PROPERTY}`);
  return problems;
}

// OpenAI function calling: the parameters root must be an object without
// oneOf/anyOf at the top ("Root objects must not be anyOf and must be an
// object", Structured Outputs guide, platform.openai.com/docs/guides/structured-outputs#supported-schemas).
// Strict mode, same guide, "Objects have limitations on nesting depth and
// size": at most 5000 object properties in all, up to 10 levels of nesting,
// 120,000 characters of property names, definition names, enum values and
// const values, 1000 enum values in all, and for one string enum of more
// than 250 values at most 15,000 characters.
export const STRICT_LIMITS = { depth: 10, properties: 5000, chars: 120000, enumValues: 1000, largeEnum: 250, largeEnumChars: 15000 };

function strictSize(schema) {
  const size = { depth: 0, properties: 0, chars: 0, enumValues: 0, largeEnumTooLong: false };
  const visit = (node, level) => {
    if (node === null || typeof node !== 'object') return;
    if (node.properties) {
      level += 1;
      size.depth = Math.max(size.depth, level);
      for (const [name, s] of Object.entries(node.properties)) {
        size.properties += 1;
        size.chars += name.length;
        visit(s, level);
      }
    }
    const values = node.enum || [];
    const chars = values.filter(v => typeof v === 'string').reduce((n, v) => n + v.length, 0);
    size.enumValues += values.length;
    size.chars += chars;
    if ('const' in node && typeof node.const === 'string') size.chars += node.const.length;
    if (values.length > STRICT_LIMITS.largeEnum && chars > STRICT_LIMITS.largeEnumChars) size.largeEnumTooLong = true;
    visit(node.items, level);
    (node.anyOf || []).forEach(s => visit(s, level));
    for (const [name, s] of Object.entries(node.$defs || {})) {
      size.chars += name.length;
      visit(s, 0);
    }
  };
  visit(schema, 0);
  return size;
}

export function openai(tool) {
  const fn = tool.function;
  const problems = [];
  if (!OPENAI_TOOL_NAME.test(fn.name)) problems.push(`name '${fn.name}' breaks ${OPENAI_TOOL_NAME}`);
  problems.push(...rootProblems(fn.parameters, 'parameters'));
  if (fn.strict === true) {
    const z = strictSize(fn.parameters);
    const L = STRICT_LIMITS;
    if (z.depth > L.depth) problems.push(`strict: ${z.depth} levels of nesting (at most ${L.depth})`);
    if (z.properties > L.properties) problems.push(`strict: ${z.properties} properties (at most ${L.properties})`);
    if (z.chars > L.chars) problems.push(`strict: ${z.chars} characters of names and values (at most ${L.chars})`);
    if (z.enumValues > L.enumValues) problems.push(`strict: ${z.enumValues} enum values (at most ${L.enumValues})`);
    if (z.largeEnumTooLong) problems.push(`strict: an enum of more than ${L.largeEnum} values is longer than ${L.largeEnumChars} characters`);
    // strict mode: "all fields must be required" and "additionalProperties:
    // false must always be set in objects" (same guide)
    walk(fn.parameters, 'parameters', (node, path) => {
      if (!node.properties) return;
      if (node.additionalProperties !== false) problems.push(`strict: ${path} lacks additionalProperties: false`);
      const required = new Set(node.required || []);
      for (const name of Object.keys(node.properties))
        if (!required.has(name)) problems.push(`strict: ${path}.properties.${name} is not required`);
    });
  }
  return problems;
}

// Gemini, Schema object (ai.google.dev/api/caching#Schema): an OBJECT's
// properties must be non-empty ("properties: should be non-empty for OBJECT
// type", the 400 in github.com/BerriAI/litellm/issues/9289 and
// github.com/agno-agi/agno/issues/2112), every node says its type unless it
// is an anyOf ("type: must be specified when not using one_of, any_of or
// all_of fields"), properties only on OBJECT ("only allowed for OBJECT
// type", github.com/anomalyco/opencode/issues/11889). parameters and
// parametersJsonSchema are mutually exclusive, and parametersJsonSchema
// "must describe an object where the properties are the parameters"
// (FunctionDeclaration, ai.google.dev/api/caching#FunctionDeclaration).
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);

export function gemini(decl) {
  const problems = [];
  if (!GEMINI_TOOL_NAME.test(decl.name)) problems.push(`name '${decl.name}' breaks ${GEMINI_TOOL_NAME}`);
  if ('parameters' in decl && 'parametersJsonSchema' in decl) problems.push('both parameters and parametersJsonSchema');
  const schema = decl.parameters || decl.parametersJsonSchema;
  if (schema !== undefined) {
    if (decl.parameters) {
      if (decl.parameters.type !== 'OBJECT') problems.push('parameters is not an OBJECT');
      walk(decl.parameters, 'parameters', (node, path) => {
        if (!('type' in node) && !('anyOf' in node)) problems.push(`${path}: no type`);
        if ('type' in node && !GEMINI_TYPES.has(node.type)) problems.push(`${path}: type ${JSON.stringify(node.type)}`);
        if (node.type === 'OBJECT' && Object.keys(node.properties || {}).length === 0)
          problems.push(`${path}: an OBJECT without properties`);
        if (node.type !== 'OBJECT' && ('properties' in node || 'required' in node))
          problems.push(`${path}: properties on a ${node.type}`);
      });
    } else {
      problems.push(...rootProblems(decl.parametersJsonSchema, 'parametersJsonSchema'));
      // Gemini's JSON Schema (@google/genai 3.1.0, genai.d.ts,
      // GenerateContentConfig.responseJsonSchema, the one place that states
      // it): "If $ref is set on a sub-schema, no other properties, except
      // for than those starting as a $, may be set", and cyclic references
      // "may only be used within non-required properties".
      walk(decl.parametersJsonSchema, 'parametersJsonSchema', (node, path) => {
        if ('$ref' in node)
          for (const k of Object.keys(node)) if (!k.startsWith('$')) problems.push(`${path}: ${k} beside $ref`);
        for (const name of node.required || [])
          if (node.properties && reachesRef(node.properties[name])) problems.push(`${path}: required '${name}' reaches a $ref`);
      });
    }
    for (const [name, path] of propertyNames(schema))
      if (!GEMINI_PARAMETER.test(name)) problems.push(`parameter '${name}' at ${path || 'root'} breaks ${GEMINI_PARAMETER}`);
  }
  return problems;
}

// MCP: inputSchema is "a JSON Schema object defining the expected parameters"
// whose type is "object" (specification 2025-11-25, Tool); a root
// combinator is valid MCP but every host that forwards inputSchema to
// Anthropic or OpenAI (as most do) is refused (the rules above).
export function mcp(tool) {
  const problems = [];
  if (!MCP_TOOL_NAME.test(tool.name)) problems.push(`name '${tool.name}' breaks ${MCP_TOOL_NAME}`);
  problems.push(...rootProblems(tool.inputSchema, 'inputSchema'));
  // outputSchema: an object too (the SDK's ToolSchema says "type": "object");
  // hosts do not forward it to a provider, so combinators may stay
  if (tool.outputSchema && tool.outputSchema.type !== 'object') problems.push('outputSchema: the root is not "type": "object"');
  return problems;
}

// Documents each rule must reject: run before the real files, so a rule
// that cannot fail fails the test.
export const knownBad = [
  ['anthropic', { name: 'x', input_schema: { type: 'object', properties: { 'a b': { type: 'string' } } } }],
  ['anthropic', { name: 'x', input_schema: { type: 'object', oneOf: [] } }],
  ['anthropic', { name: 'x'.repeat(65), input_schema: { type: 'object' } }],
  ['openai', { type: 'function', function: { name: 'a.b', parameters: { type: 'object' } } }],
  ['openai', { type: 'function', function: { name: 'x', strict: true, parameters: nested(11) } }],
  ['openai', { type: 'function', function: { name: 'x', strict: true, parameters: { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false } } }],
  ['openai', { type: 'function', function: { name: 'x', strict: true, parameters: { type: 'object', properties: { a: { type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) } }, required: ['a'], additionalProperties: false } } }],
  ['gemini', { name: '2fa', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } }],
  ['gemini', { name: 'x', parameters: { type: 'OBJECT', properties: { m: { type: 'OBJECT' } } } }],
  ['gemini', { name: 'x', parameters: { type: 'OBJECT', properties: { v: { description: 'any' } } } }],
  ['gemini', { name: 'x', parameters: { type: 'OBJECT', properties: { 'a.b': { type: 'STRING' } } } }],
  ['gemini', { name: 'x', parametersJsonSchema: { type: 'object', properties: { t: { description: 'd', $ref: '#/$defs/t' } }, $defs: { t: { type: 'object' } } } }],
  ['gemini', { name: 'x', parametersJsonSchema: { type: 'object', properties: { t: { $ref: '#/$defs/t' } }, required: ['t'], $defs: { t: { type: 'object' } } } }],
  ['mcp', { name: 'x', inputSchema: { type: 'object', oneOf: [] } }],
];

function nested(levels) {
  let s = { type: 'object', properties: { leaf: { type: 'string' } }, required: ['leaf'], additionalProperties: false };
  for (let i = 1; i < levels; i++)
    s = { type: 'object', properties: { next: s }, required: ['next'], additionalProperties: false };
  return s;
}
