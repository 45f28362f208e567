// The exactness check of tests/import: for each pair (the schema imported,
// the schema schemac emits from the imported header) documents are sampled
// from both (json-schema-faker) and mutated, and ajv (draft 2020-12,
// ajv-formats) must give every one the same verdict on both. Documents with
// an integer beyond ±(2^53-1) are left out: no decoder takes one (I-JSON,
// docs/strictness.md), and schemac states that range on 64-bit integers.
// A pair with a driver (decoders.py: the imported header's generated
// decoders) has every document decoded as its type too, and the decoder's
// verdict must be ajv's on the input schema, except where a rule of
// docs/strictness.md rejects what the schema accepts (counted by rule).
// Usage: node compare.mjs PAIRS.json   (an array of {name, original, emitted[, driver, type]})
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSONSchemaFaker } from 'json-schema-faker';

import { useExactMultipleOf } from '../common/multiple_of.mjs';

const require = createRequire(new URL('../differential/', import.meta.url));
const Ajv2020 = require('ajv/dist/2020').default;
const AjvDraft7 = require('ajv').default;
const addFormats = require('ajv-formats');

JSONSchemaFaker.option({ alwaysFakeOptionals: false, optionalsProbability: 0.5, maxItems: 4,
  failOnInvalidTypes: false, failOnInvalidFormat: false, random: mulberry(12345) });

function mulberry(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function compile(schema) {
  const draft7 = typeof schema.$schema === 'string' && /draft-0[67]/.test(schema.$schema);
  const ajv = useExactMultipleOf(new (draft7 ? AjvDraft7 : Ajv2020)({ strict: false, allErrors: false, validateFormats: true }));
  addFormats(ajv);
  return ajv.compile(schema);
}

// Small changes of a document: each member left out, set to null, to a
// value of another type, to a nearby value; an unknown member added.
function* mutations(doc, depth = 0) {
  const others = [null, true, 0, -1, 1.5, 256, 70000, 4294967296, -129, '', 'x', 'é', [], {}, [1], { a: 1 }];
  for (const v of others) yield v;
  if (typeof doc === 'number') { yield doc + 1; yield doc - 1; yield doc + 0.5; yield -doc; }
  if (typeof doc === 'string') { yield doc + 'a'; yield doc.slice(1); yield doc.toUpperCase(); yield `${doc}${doc}`; }
  if (depth > 3) return;
  if (Array.isArray(doc)) {
    yield [...doc, ...doc];
    yield doc.slice(1);
    for (let i = 0; i < doc.length; i++)
      for (const m of mutations(doc[i], depth + 1)) { const c = doc.slice(); c[i] = m; yield c; }
  } else if (doc !== null && typeof doc === 'object') {
    yield { ...doc, zz_unknown: 1 };
    for (const k of Object.keys(doc)) {
      const { [k]: _, ...rest } = doc;
      yield rest;
      for (const m of mutations(doc[k], depth + 1)) yield { ...doc, [k]: m };
    }
  }
}

function unsafe(v) {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v);
  if (Array.isArray(v)) return v.some(unsafe);
  if (v !== null && typeof v === 'object') return Object.values(v).some(unsafe);
  return false;
}

// json-schema-faker reads draft-04's exclusive bounds: the schema it fills
// has 2020-12's numeric ones as inclusive bounds just inside them.
function forFaker(s) {
  if (Array.isArray(s)) return s.map(forFaker);
  if (s === null || typeof s !== 'object') return s;
  const out = {};
  for (const [k, v] of Object.entries(s)) {
    if ((k === 'exclusiveMinimum' || k === 'exclusiveMaximum') && typeof v === 'number') {
      const step = s.type === 'integer' ? 1 : Math.max(Math.abs(v) * 1e-9, 1e-6);
      out[k === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = k === 'exclusiveMinimum' ? v + step : v - step;
    } else {
      out[k] = forFaker(v);
    }
  }
  return out;
}

function samples(schema) {
  const out = [];
  const filled = forFaker(schema);
  for (let i = 0; i < 12; i++) {
    try { out.push(JSONSchemaFaker.generate(structuredClone(filled))); } catch { /* a schema faker cannot fill */ }
  }
  return out;
}

function depth(v) {
  if (v === null || typeof v !== 'object') return 1;
  return 1 + Math.max(0, ...Object.values(v).map(depth));
}

// The strictness rule (docs/strictness.md) that explains a decoder's
// rejection of a document ajv accepts, or null.
function strictness(doc, text, line) {
  const code = line.split(' ')[1];
  if (code === 'SC_ERR_DEPTH' && depth(doc) > 64) return 'depth: nesting beyond 64 levels';
  if (code === 'SC_ERR_NUL' && text.includes('\\u0000')) return 'U+0000 in a string';
  if (code === 'SC_ERR_UTF8' && /\\ud[89a-f]/i.test(text)) return 'a lone surrogate';
  return null;
}

// The decoder's verdicts on docs ([doc, text, ajv's verdict on the input]):
// the number that differ, printing the first few.
function decoderDiffers(name, driver, type, docs, rules) {
  const input = docs.map(([, text]) => JSON.stringify({ type, doc: text }) + '\n').join('');
  const env = { ...process.env, ASAN_OPTIONS: process.env.ASAN_OPTIONS || 'detect_leaks=1' };
  const r = spawnSync(driver, [], { input, encoding: 'utf8', maxBuffer: 1 << 30, env });
  const lines = (r.stdout || '').split('\n');
  if (r.status !== 0 || lines.length < docs.length) {
    console.log(`DECODER ${name}: ${driver} exited with ${r.status} ${r.signal || ''}\n${(r.stderr || '').slice(0, 3000)}`);
    return docs.length;
  }
  let bad = 0;
  docs.forEach(([doc, text, valid], i) => {
    const line = lines[i];
    const ok = line.startsWith('ok');
    let why = line.startsWith('ok\tbug') ? 'a decoder bug' : null;
    if (!why && ok !== valid) {
      const rule = valid ? strictness(doc, text, line) : null;
      if (rule !== null) { rules[rule] = (rules[rule] || 0) + 1; return; }
      why = `${valid ? 'valid' : 'invalid'} for the input schema`;
    }
    if (why && bad++ < 3) console.log(`DECODER ${name}: ${text} is ${why}; the decoder says: ${line}`);
  });
  return bad;
}

const pairs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let failures = 0, checked = 0, decoded = 0;
const rules = {};
for (const { name, original, emitted, driver, type } of pairs) {
  const a = JSON.parse(readFileSync(original, 'utf8')), b = JSON.parse(readFileSync(emitted, 'utf8'));
  const va = compile(a), vb = compile(b);
  const seen = new Set();
  let n = 0, valid = 0, bad = 0;
  const docs = [];
  const bases = [...samples(a), ...samples(b), {}];
  const budget = 150; // documents per base, so every base gets its share
  for (const base of bases) {
    let own = 0;
    for (const doc of (function* () { yield base; yield* mutations(base); })()) {
      if (own >= budget) break;
      const text = JSON.stringify(doc);
      if (text === undefined || seen.has(text) || unsafe(doc)) continue;
      own++;
      seen.add(text);
      const ra = va(doc), rb = vb(doc);
      n++; valid += ra;
      docs.push([doc, text, ra]);
      if (ra !== rb && bad++ < 3)
        console.log(`DIFFERENT ${name}: ${text} is ${ra ? 'valid' : 'invalid'} for ${original}, ${rb ? 'valid' : 'invalid'} for ${emitted}`);
    }
  }
  checked += n;
  const decoderBad = driver ? decoderDiffers(name, driver, type, docs, rules) : 0;
  decoded += driver ? n : 0;
  if (bad > 0 || decoderBad > 0) failures++;
  console.log(`${bad || decoderBad ? 'FAIL' : 'ok  '} ${name}: ${n} documents (${valid} valid), ${bad} verdicts differ` +
    (driver ? `, the decoder's: ${decoderBad} differ` : ', no decoder'));
}
console.log(`${pairs.length} schemas, ${checked} documents (${decoded} decoded), ${failures} with different verdicts`);
console.log(`decoder's strictness rules (docs/strictness.md): ${JSON.stringify(rules)}`);
process.exit(failures ? 1 : 0);
