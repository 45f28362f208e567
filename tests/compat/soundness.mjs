// The random soundness search of tests/compat (soundness.py): for each
// header pair, documents generated from one version's schema are judged by
// ajv 8 + ajv-formats under both versions. Where schemac said a direction
// is compatible, no document may be accepted by the schema it comes from
// and rejected by the other: senders, old -> new; receivers, new -> old.
// Every witness schemac printed must hold under ajv.
//
// stdin: {"seed": N, "docs": PER_TYPE_AND_DIRECTION, "pairs": [{"id": ...,
//   "types": [{"name", "old": PATH, "new": PATH, "senders": bool,
//   "receivers": bool}], "witnesses": [{"name", "old", "new", "senders":
//   bool, "doc"}]}]}
// stdout: one JSON line of counts and the counterexamples found.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { useExactMultipleOf } from "../common/multiple_of.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "differential", "package.json"));
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats");

const input = JSON.parse(readFileSync(0, "utf8"));
let state = input.seed >>> 0 || 1;
const rand = () => { // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const rint = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;

function load(path) {
  const ajv = useExactMultipleOf(new Ajv2020({ strict: false, allErrors: false }));
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(path, "utf8"));
  return { schema, validate: ajv.compile(schema) };
}

const FORMATS = {
  "date-time": ["2024-01-01T00:00:00Z", "1999-12-31T23:59:59.5+01:00", "2020-02-29T12:00:00-05:00"],
  date: ["2024-01-01", "2020-02-29", "1999-12-31"],
  time: ["00:00:00Z", "23:59:59+01:00", "12:30:00.25-05:00"],
  email: ["a@example.com", "first.last@sub.example.org", "x@y.io"],
  uri: ["https://example.com/", "mailto:a@b.c", "urn:isbn:0451450523"],
  uuid: ["00000000-0000-4000-8000-000000000000", "123e4567-e89b-12d3-a456-426614174000"],
  ipv4: ["192.0.2.1", "0.0.0.0", "255.255.255.255"],
  ipv6: ["::1", "2001:db8::1", "fe80::1:2:3:4"],
  hostname: ["example.com", "a", "a-b.c-d.example"],
};
const ALPHABET = "abcxyzAZ0189 _-.,ωé😀\u00e9";

// Characters a pattern talks about: its classes' ranges and its literals.
const alphabets = new Map();
function alphabetOf(p) {
  if (!alphabets.has(p)) {
    const chars = new Set([..."aA0 "]);
    for (const m of p.matchAll(/(\\?.)-(\\?.)/gu)) {
      const lo = m[1].slice(-1).codePointAt(0), hi = m[2].slice(-1).codePointAt(0);
      for (let c = lo; c <= hi && c - lo < 200; c++) chars.add(String.fromCodePoint(c));
    }
    for (const ch of p.replace(/\\[dDsSwW]/g, "")) if (!"^$[]()*+?{}|\\".includes(ch)) chars.add(ch);
    if (/\\d/.test(p)) for (const ch of "0123456789") chars.add(ch);
    if (/\\s|\\S|\./.test(p)) for (const ch of ALPHABET) chars.add(ch);
    alphabets.set(p, [...chars]);
  }
  return alphabets.get(p);
}

function genString(s) {
  if (s.format && FORMATS[s.format] && chance(0.9)) return pick(FORMATS[s.format]);
  const min = s.minLength ?? 0, max = s.maxLength ?? min + 12;
  const n = pick([min, max, min + 1, max - 1, rint(min, Math.min(max, min + 20))]);
  const len = Math.max(0, Math.min(n, min + 64));
  const alpha = s.pattern ? alphabetOf(s.pattern) : [...ALPHABET];
  let best = null;
  for (let tries = 0; tries < 30; tries++) {
    const x = Array.from({ length: len }, () => pick(alpha)).join("");
    if (!s.pattern || new RegExp(s.pattern, "u").test(x)) return x;
    best = x;
  }
  return best;
}

function genNumber(s, integer) {
  const step = s.multipleOf ?? (integer ? 1 : pick([1, 0.5, 0.25, 0.1]));
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum : -1000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum : 1000);
  const anchors = [lo, hi, 0, lo + step, hi - step, (lo + hi) / 2, rint(-5, 5)];
  let x = pick(anchors);
  if (chance(0.5)) x = Math.round(x / step) * step;
  if (chance(0.3)) x += pick([-1, 1]) * step;
  if (integer) x = Math.round(x);
  return Object.is(x, -0) ? 0 : x;
}

function deref(s, root) {
  if (s && typeof s.$ref === "string") {
    if (s.$ref === "#") return root;
    return root.$defs[s.$ref.slice("#/$defs/".length)];
  }
  return s;
}

function gen(s0, root, depth = 0) {
  const s = deref(s0, root);
  if (s === true || s === undefined) return pick([null, 1, "a", [], {}, true]);
  if (s.const !== undefined) return s.const;
  if (s.enum) return pick(s.enum);
  if (s.anyOf) return gen(pick(s.anyOf), root, depth + 1);
  if (s.oneOf) return gen(pick(s.oneOf), root, depth + 1);
  let type = s.type;
  if (Array.isArray(type)) type = chance(0.2) ? pick(type) : type[0];
  if (type === undefined) type = pick(["null", "boolean", "integer", "number", "string", "array", "object"]);
  switch (type) {
    case "null": return null;
    case "boolean": return chance(0.5);
    case "integer": return genNumber(s, true);
    case "number": return genNumber(s, false);
    case "string": return genString(s);
    case "array": {
      const min = s.minItems ?? 0, max = Math.min(s.maxItems ?? min + 4, min + 6);
      const n = depth > 6 ? min : pick([min, max, rint(min, max)]);
      const out = [];
      for (let i = 0; i < n; i++) out.push(gen(s.items ?? true, root, depth + 1));
      return out;
    }
    case "object": {
      const o = {};
      const props = s.properties ?? {};
      const req = new Set(s.required ?? []);
      for (const [k, v] of Object.entries(props))
        if (req.has(k) || (depth < 6 && chance(0.5))) o[k] = gen(v, root, depth + 1);
      const extra = s.additionalProperties;
      const minP = s.minProperties ?? 0, maxP = Math.min(s.maxProperties ?? minP + 3, minP + 5);
      if (extra !== false && depth < 6) {
        const want = typeof extra === "object" ? pick([minP, maxP, rint(minP, maxP)]) : chance(0.3) ? 1 : 0;
        for (let i = 0; Object.keys(o).length < Object.keys(props).length + want && i < 3 * want + 3; i++) {
          const key = s.propertyNames ? genString(deref(s.propertyNames, root)) : pick(["k", "unknown", "x" + i]);
          if (!(key in props)) o[key] = gen(typeof extra === "object" ? extra : true, root, depth + 1);
        }
      }
      return o;
    }
  }
  return null;
}

const stats = { pairs: input.pairs.length, types: 0, documents: 0, valid_in_source: 0, compared: 0,
  witnesses: 0, counterexamples: [], bad_witnesses: [] };
for (const pair of input.pairs) {
  for (const t of pair.types) {
    stats.types++;
    const old = load(t.old), neu = load(t.new);
    for (const [from, to, ok, dir] of [[old, neu, t.senders, "senders"], [neu, old, t.receivers, "receivers"]]) {
      for (let i = 0; i < input.docs; i++) {
        const doc = gen(from.schema, from.schema);
        stats.documents++;
        if (!from.validate(doc)) continue;
        stats.valid_in_source++;
        if (!ok) continue;
        stats.compared++;
        if (!to.validate(doc) && stats.counterexamples.length < 20)
          stats.counterexamples.push({ pair: pair.id, type: t.name, dir, doc });
      }
    }
  }
  for (const w of pair.witnesses) {
    stats.witnesses++;
    const a = load(w.old).validate(w.doc), b = load(w.new).validate(w.doc);
    const holds = w.senders ? a && !b : !a && b;
    if (!holds) stats.bad_witnesses.push({ pair: pair.id, ...w, old_accepts: a, new_accepts: b });
  }
}
console.log(JSON.stringify(stats));
