// The exactness check of tests/import: for each pair (the schema imported,
// the schema schemac emits from the imported header) documents are sampled
// from both (json-schema-faker) and mutated, and ajv (draft 2020-12,
// ajv-formats) must give every one the same verdict on both. Documents with
// an integer beyond ±(2^53-1) are left out: no decoder takes one (I-JSON,
// docs/strictness.md), and schemac states that range on 64-bit integers.
// Usage: node compare.mjs PAIRS.json   (an array of {name, original, emitted})
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSONSchemaFaker } from 'json-schema-faker';

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
  const ajv = new (draft7 ? AjvDraft7 : Ajv2020)({ strict: false, allErrors: false, validateFormats: true });
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

const pairs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let failures = 0, checked = 0;
for (const { name, original, emitted } of pairs) {
  const a = JSON.parse(readFileSync(original, 'utf8')), b = JSON.parse(readFileSync(emitted, 'utf8'));
  const va = compile(a), vb = compile(b);
  const seen = new Set();
  let n = 0, valid = 0, bad = 0;
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
      if (ra !== rb && bad++ < 3)
        console.log(`DIFFERENT ${name}: ${text} is ${ra ? 'valid' : 'invalid'} for ${original}, ${rb ? 'valid' : 'invalid'} for ${emitted}`);
    }
  }
  checked += n;
  if (bad > 0) failures++;
  console.log(`${bad ? 'FAIL' : 'ok  '} ${name}: ${n} documents (${valid} valid), ${bad} verdicts differ`);
}
console.log(`${pairs.length} schemas, ${checked} documents, ${failures} with different verdicts`);
process.exit(failures ? 1 : 0);
