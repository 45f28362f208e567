// Differential test of schemac's generated decoders against ajv.
//
//   node run.mjs [--count N] [--seed S] [--sample N] [--verbose] [--dump FILE] [--config FILE] [--validator VDRIVER]
//                DRIVER SCHEMA.schema.json...
//
// --sample N: N random mutations of each valid document (default: all of
// the first two documents', 20 of each other's), for a short run.
//   node run.mjs --documents FILE [--count N] [--seed S] [--config FILE] SCHEMA.schema.json...
//
// --documents FILE writes the documents below (one JSON object a line:
// type, label, and doc, or hex where the bytes are not text) and stops:
// no driver, no verdicts (tests/fuzz/fuzz_descriptors.py seeds libFuzzer
// with them).
//
// --config FILE: a JSON object that adds to CHAR_BUFFERS, KEY_BUFFERS and
// EXACT_ROUNDTRIP below for the types of another header
// ({"charBuffers": {T: {PATH: N}}, "keyBuffers": {...}, "exactRoundtrip": [T]};
// tests/randheader writes one for each random header).
//
// For every schema (a *.schema.json that schemac emitted; the decoder type is
// the file name without .schema.json) this script builds, with a seeded PRNG:
//   (a) valid documents generated from the schema,
//   (b) targeted mutations of a valid document, one per constraint and
//       boundary: bounds on both sides, multipleOf, lengths at
//       min/maxLength +-1 with 2-, 3- and 4-byte UTF-8 at the boundary, wrong
//       types, missing required members, unknown members, duplicates in
//       uniqueItems arrays, bad formats, pattern misses, integers written
//       as 1.0 / 1e2, 64-bit boundaries, array sizes, enum near misses, null
//       for optional members, escapes...; and for the newer keywords: type
//       arrays / null in enums (@nullable), `{}` (cJSON *: any value, up to
//       the nesting limit), oneOf with a const discriminator (tagged
//       unions), anyOf of every JSON type (untagged unions: each branch's
//       boundaries where the other branches may accept the value),
//       additionalProperties + propertyNames + min/maxProperties
//       (maps), $ref "#" and "#/$defs/NAME" (recursion, chains grown to
//       the 64-level limit and past it).
// Every document goes to DRIVER (decode_driver: the generated T_decode) and
// to ajv 8 (draft 2020-12, strict, ajv-formats "full") with the emitted
// schema. The verdicts must agree, and agree with the verdict the mutation
// was built to have (computed independently by `expected()` below). Known,
// deliberate divergences are classified by DIVERGENCES and counted, never
// skipped silently.
//
// (c) Documents that the I-JSON rules reject on purpose (duplicate keys,
// \u0000, invalid UTF-8, lone surrogates, integer literals beyond 2^53,
// numbers that overflow, nesting deeper than 64) must be rejected by the
// decoder with the right code, whatever ajv says about them.
//
// (d) All-errors mode: every document the decoder rejects is decoded again
// with T_decode_all; its first error must be T_decode's, and where ajv
// rejects the document too, the set of failing instance paths must equal
// what ajv reports with `allErrors: true`, except where the comparison
// means nothing (counted under allErrors, docs/conformance.md): a pass that
// an I-JSON or syntax error stopped, schemas with oneOf or anyOf (ajv
// reports every branch's errors; schemac's tagged unions report the chosen
// variant's, untagged unions the first variant tried or the value's type),
// items past a maxItems/maxProperties limit (the decoder skips them), and
// the char-buffer byte limits of DIVERGENCES.
//
// (e) --validator VDRIVER (validate_driver: libschemac-validate with the
// same schema files, compiled at run time) gets every document too, and
// must agree with both the decoder and ajv: its verdict, and the instance
// path of its first error where it and the decoder both reject. The
// differences that are in the nature of either side are counted by reason
// (VALIDATOR_DIFFERENCES), never skipped silently.
//
// Exit status: 0 all agree, 1 any disagreement, 2 usage, 77 (skipped) when
// ajv is not installed in tests/differential/node_modules.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { hasInexactNumber, isMultipleOf, useExactMultipleOf } from "../common/multiple_of.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "package.json"));
let Ajv2020, addFormats;
try {
  Ajv2020 = require("ajv/dist/2020").default;
  addFormats = require("ajv-formats").default;
} catch {
  console.log("ajv is not installed (run: npm ci --prefix tests/differential): skipped");
  process.exit(77);
}

// ---- command line ------------------------------------------------------------
const args = process.argv.slice(2);
let count = 40, seed = 20240229, verbose = false, dump = null, config = null, documents = null, validator = null;
let sample = null; // --sample N: N random mutations of each document instead of all of the first two's
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--count") count = Number(args[++i]);
  else if (args[i] === "--seed") seed = Number(args[++i]);
  else if (args[i] === "--verbose") verbose = true;
  else if (args[i] === "--dump") dump = args[++i];
  else if (args[i] === "--documents") documents = args[++i];
  else if (args[i] === "--validator") validator = args[++i];
  else if (args[i] === "--sample") sample = Number(args[++i]);
  else if (args[i] === "--config") config = JSON.parse(readFileSync(args[++i], "utf8"));
  else files.push(args[i]);
}
if (files.length < (documents ? 1 : 2) || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) ||
    (sample !== null && !(Number.isInteger(sample) && sample >= 0))) {
  console.error("usage: node run.mjs [--count N] [--seed S] [--sample N] [--verbose] [--dump FILE] [--config FILE] [--validator VDRIVER] " +
    "DRIVER SCHEMA.schema.json...");
  process.exit(2);
}
const [driver, ...schemaFiles] = documents ? [null, ...files] : files;

// ---- deliberate divergences ------------------------------------------------
// Each is a documented decision of schemac; a disagreement is accepted only
// when it matches one of these exactly, and is then counted under its reason.
const DIVERGENCES = {
  "multipleOf-text":
    "multipleOf is decided exactly on the document's number text (docs/conformance.md); ajv sees JSON.parse's " +
    "double, so a text that is not its double's shortest decimal (1e-400 reads as 0) may be a multiple to ajv only",
  "charbuf-bytes":
    "char buf[N] without an explicit @maxLength: the decoder stores at most N-1 bytes, the schema " +
    "states maxLength N-1 code points, so a string of <= N-1 code points but > N-1 UTF-8 bytes is " +
    "rejected (SC_ERR_CONSTRAINT maxLength) by the decoder only (docs/annotations.md, type mapping)",
  "ijson-duplicate-key":
    "I-JSON: member names must be unique; JSON.parse keeps the last one, so ajv sees one member",
  "ijson-nul": "I-JSON/C strings: U+0000 cannot live in a C string (SC_ERR_NUL)",
  "ijson-utf8": "I-JSON: invalid UTF-8 or lone surrogate escapes are not Unicode text (SC_ERR_UTF8)",
  "ijson-big-integer":
    "I-JSON: an integer literal beyond +-(2^53-1) is not exact in a double (SC_ERR_NUMBER), also in " +
    "double members, where the schema (type number) accepts it",
  "ijson-infinite": "numbers must be finite: 1e400 rounds to Infinity (SC_ERR_NUMBER); JSON.parse gives Infinity",
  "ijson-depth": "nesting is bounded to 64 levels (SC_ERR_DEPTH), even inside skipped unknown members",
  "depth-limit":
    "nesting is bounded to 64 levels (SC_ERR_DEPTH) also where the schema accepts deeper values: recursive " +
    "types ($ref) and cJSON * members ({}); the schema states no depth (docs/strictness.md, docs/annotations.md)",
};

// char buf[N] members whose schema maxLength comes from N (no explicit
// @maxLength), by schema and instance path ('*' for array indexes): N.
// Every other char buffer of the headers has @maxLength M with 4*M < N and
// must be exact.
const CHAR_BUFFERS = {
  kitchen: { "/code": 4, "/lang": 3 },
  parse_url_input: { "/label": 32 },
  texts: { "/raw": 8, "/code": 8, "/version": 4 },
  formats: { "/id": 48 },
};
// The same for the keys of maps: a char key[N] without @maxLength gives
// propertyNames maxLength N-1 code points and N-1 bytes in the decoder
// ("property names must be at most N-1 bytes long"). By schema and path of
// the map.
const KEY_BUFFERS = {
  request_doc: { "/scores": 8 },
};
// Types whose decoded value keeps everything of the document: no defaults,
// no float members, no skipped unknown members, no char buffers at risk.
// For these, what T_encode writes must equal the document as a JSON value
// (null stays null, absent stays absent, cJSON trees and map entries whole).
const EXACT_ROUNDTRIP = new Set(["profile", "event", "shape", "payment", "request_doc", "comment", "holder", "query", "value_doc"]);
if (config !== null) {
  Object.assign(CHAR_BUFFERS, config.charBuffers || {});
  Object.assign(KEY_BUFFERS, config.keyBuffers || {});
  for (const t of config.exactRoundtrip || []) EXACT_ROUNDTRIP.add(t);
}
// The decoders' nesting limit (SC_DEFAULT_MAX_DEPTH; the root value is level 1).
const MAX_DEPTH = 64;

// ---- seeded PRNG ------------------------------------------------------------
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let rand = mulberry32(seed);
const rint = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;
function shuffle(xs) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

// ---- documents ----------------------------------------------------------------
// A document is a JS value whose numbers may be Lit (an exact literal text),
// whose objects may carry EXTRA raw members (for duplicate keys), and whose
// strings may be Raw (exact string text, escapes included).
class Lit {
  constructor(text) { this.text = text; }
}
class Raw {
  constructor(text) { this.text = text; } // the string's JSON text, with quotes
}
const EXTRA = Symbol("extra"); // [[keyText, valueText], ...] appended raw

// JSON text of a number: JS shortest form, except integers beyond 2^53 (which
// would be integer literals, an I-JSON rejection) in exponent form.
function numText(v) {
  if (Object.is(v, -0)) return "-0";
  if (Number.isInteger(v) && Math.abs(v) > Number.MAX_SAFE_INTEGER) return v.toExponential();
  return String(v);
}

const SHORT_ESCAPES = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const hex4 = (n) => "\\u" + n.toString(16).padStart(4, "0");
// every character of s as \uXXXX escapes (surrogate pairs for astral ones), without quotes
const escAll = (s) => [...s].map((ch) => {
  const cp = ch.codePointAt(0);
  return cp > 0xffff ? hex4(ch.charCodeAt(0)) + hex4(ch.charCodeAt(1)) : hex4(cp);
}).join("");
// A string's JSON text; with escape = true some characters are escaped at
// random (\uXXXX, surrogate pairs for astral code points, \/).
function strText(s, escape) {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (SHORT_ESCAPES[ch] !== undefined && !(escape && chance(0.3))) out += SHORT_ESCAPES[ch];
    else if (cp < 0x20 || ch === '"' || ch === "\\") out += chance(0.5) ? hex4(cp) : hex4(cp).toUpperCase().replace("\\U", "\\u");
    else if (escape && chance(0.15)) {
      if (cp > 0xffff) out += hex4(ch.charCodeAt(0)) + hex4(ch.charCodeAt(1));
      else if (ch === "/") out += "\\/";
      else out += chance(0.5) ? hex4(cp) : "\\u" + cp.toString(16).padStart(4, "0").toUpperCase();
    } else out += ch;
  }
  return out + '"';
}

function serialize(v, escape = false) {
  if (v === null || typeof v === "boolean") return String(v);
  if (typeof v === "number") return numText(v);
  if (v instanceof Lit || v instanceof Raw) return v.text;
  if (typeof v === "string") return strText(v, escape);
  if (Array.isArray(v)) return "[" + v.map((x) => serialize(x, escape)).join(",") + "]";
  const parts = Object.keys(v).map((k) => strText(k, escape) + ":" + serialize(v[k], escape));
  for (const [k, t] of v[EXTRA] || []) parts.push(k + ":" + t);
  const sp = escape && chance(0.2) ? " " : "";
  return "{" + sp + parts.join("," + sp) + sp + "}";
}

function clone(v) {
  if (v === null || typeof v !== "object" || v instanceof Lit || v instanceof Raw) return v;
  if (Array.isArray(v)) return v.map(clone);
  const o = {};
  for (const k of Object.keys(v)) put(o, k, clone(v[k]));
  if (v[EXTRA]) o[EXTRA] = v[EXTRA].slice();
  return o;
}
// o[k] = x, also for k = "__proto__" (an own member, as JSON.parse makes it)
function put(o, k, x) {
  Object.defineProperty(o, k, { value: x, enumerable: true, writable: true, configurable: true });
  return o;
}

// ---- schema helpers ----------------------------------------------------------
// The root schema of the document being generated or checked ($ref "#").
let ROOT = null;
// Follows $ref ("#" and "#/$defs/NAME", the only forms schemac emits).
function deref(s, root = ROOT) {
  for (let hops = 0; s && s.$ref !== undefined; hops++) {
    const other = Object.keys(s).filter((k) => k !== "$ref" && k !== "description");
    if (other.length) throw new Error(`$ref with sibling keywords ${other} (extend deref)`);
    if (hops > 50) throw new Error(`$ref loop at ${s.$ref}`);
    if (s.$ref === "#") s = root;
    else if (s.$ref.startsWith("#/$defs/") && root.$defs && root.$defs[s.$ref.slice(8)]) s = root.$defs[s.$ref.slice(8)];
    else throw new Error(`unsupported $ref ${s.$ref}`);
  }
  return s;
}
// The JSON types a schema allows: its `type` (a string or an array), else
// those of its const/enum values, else null (any value: `{}`).
function typesOf(s) {
  if (s.type !== undefined) return Array.isArray(s.type) ? s.type : [s.type];
  const vals = s.const !== undefined ? [s.const] : s.enum;
  if (vals === undefined) return null;
  return [...new Set(vals.map((x) => (Number.isInteger(x) ? "integer" : jsonType(x))))];
}
const typeOk = (t, v) => t === jsonType(v) || (t === "integer" && typeof v === "number" && Number.isInteger(v));
// s restricted to one of its types (enum values of that type only).
function narrow(s, t) {
  const n = { ...s, type: t };
  if (s.enum !== undefined) n.enum = s.enum.filter((e) => typeOk(t, e) || (t === "number" && typeof e === "number"));
  return n;
}
const isMap = (s) => s.additionalProperties !== null && typeof s.additionalProperties === "object";
// JSON Pointer segment of a member name
const esc = (k) => k.replace(/~/g, "~0").replace(/\//g, "~1");
// Nesting depth of a JSON value as the decoders count it: containers only
// (a scalar is 0, [] and {} are 1).
function depthOf(v) {
  if (v === null || typeof v !== "object") return 0;
  let d = 0;
  for (const x of Array.isArray(v) ? v : Object.values(v)) d = Math.max(d, depthOf(x));
  return d + 1;
}
// The variant of a oneOf that the value (a document, Lit/Raw allowed) matches.
const variantOf = (s, v) => {
  const x = JSON.parse(serialize(v));
  return s.oneOf.find((w) => expected(w, x) === null);
};
// The member every variant of a oneOf fixes with a const: the discriminator.
// The member whose const differs in every variant: a common member with
// @const has one const in all of them, and is no discriminator.
const discriminatorOf = (s) =>
  Object.keys(s.oneOf[0].properties || {}).find((k) => s.oneOf.every((w) => w.properties?.[k]?.const !== undefined) &&
    new Set(s.oneOf.map((w) => JSON.stringify(w.properties[k].const))).size === s.oneOf.length);

// ---- the expected verdict -----------------------------------------------
// An independent reading of the keywords schemac emits (a small subset of
// draft 2020-12), over the value JSON.parse gives. Formats are not
// re-implemented: a format string's verdict is the label it has in FORMATS.
const FORMATS = {
  "date-time": {
    valid: ["2024-02-29T12:00:00Z", "2023-12-31T23:59:60Z", "2023-12-31t23:59:59z", "2023-12-31 23:59:59Z",
      "1985-04-12T23:20:50.52+05:30", "1985-04-12T23:20:50+01", "2016-12-31T24:59:60+01:00",
      "2023-12-31\u00a023:59:59Z", "0000-01-01T00:00:00-23:59"],
    invalid: ["2023-02-29T12:00:00Z", "2023-12-31T22:59:60Z", "2023-12-31T23:59:59", "2023-12-31",
      "2023-12-31T24:00:00Z", "2023-12-31\u200b23:59:59Z", "2023-12-31TT23:59:59Z", " 2023-12-31T23:59:59Z",
      "1985-04-12T00:59:59.999999999999999Z", "2023-12-31T23:59:59+24:00", "２０２３-12-31T23:59:59Z"],
  },
  date: {
    valid: ["2024-02-29", "2000-02-29", "0000-02-29", "9999-12-31", "2023-04-30"],
    invalid: ["2023-02-29", "1900-02-29", "2023-04-31", "2023-13-01", "2023-00-10", "2023-1-01", "20230101",
      "2023-01-01 ", "2023-01-01T00:00:00Z", "", "٢٠٢٣-01-01"],
  },
  time: {
    valid: ["00:00:00Z", "23:59:60Z", "15:59:60-08:00", "12:00:00.5z", "00:00:00+0130", "00:00:00+01",
      "24:59:59+01:00", "00:00:00.123456789Z"],
    invalid: ["22:59:60Z", "23:59:61Z", "24:00:00Z", "00:00:00", "00:00:00.Z", "00:00:00+24:00",
      "12:00:59.999999999999999Z", "0:00:00Z", "00:00:00 Z", "00:00:00,1Z"],
  },
  email: {
    valid: ["a@example.com", "joe.bloggs@example.co.uk", "!#$%&'*+/=?^_`{|}~-@a.b", "x@1.2"],
    invalid: ["a@example", "a..b@example.com", ".a@example.com", "a.@example.com", "a@-example.com",
      "a@example-.com", "\"joe bloggs\"@example.com", "joe@[127.0.0.1]", "jöe@example.com", "a@example.com.",
      "a @example.com", ""],
  },
  uri: {
    valid: ["https://example.com", "http://example.com:/", "urn:isbn:0451450523", "http://[::1]:80/a?b#c",
      "mailto:a@b.c", "http://example.com:abc/path", "http:/[::1]", "foo:/", "a+b-c.d:x", "http://a/%20b"],
    invalid: ["example.com", "//example.com", "foo:", "http://exa mple.com", "http://é.com", "http://a/%2",
      "http://a/b#c#d", "http://[fe80::1%25eth0]", "1http://a", "http://a/{b}", "http://a\\b", ""],
  },
  uuid: {
    valid: ["2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2EB8AA08-AA98-11EA-B4AA-73B441D16380",
      "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", "00000000-0000-0000-0000-000000000000"],
    invalid: ["2eb8aa08aa9811eab4aa73b441d16380", "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}",
      "2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08-aa98-11ea-b4aa-73b441d16380 ",
      "2eb8aa08-aa98-11ea-b4aa-73b441d1638g", "uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", ""],
  },
  ipv4: {
    valid: ["0.0.0.0", "255.255.255.255", "192.168.0.1", "1.2.3.4"],
    invalid: ["256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1.2.3.4/8", " 1.2.3.4", "1.2.3.٤", "", "1..2.3"],
  },
  ipv6: {
    valid: ["::", "::1", "fe80::1", "2001:db8::ff00:42:8329", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8",
      "ABCD:ef01::1"],
    invalid: ["1:2:3:4:5:6:7:8:9", "1::2::3", "fe80::1%eth0", "[::1]", "::ffff:01.2.3.4", "12345::",
      ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::", "g::1", ""],
  },
  hostname: {
    valid: ["example.com", "example.", "a", "1.2.3.4", "xn--hello-txk", "a-b.c", "a".repeat(63) + ".com"],
    invalid: ["-a.com", "a-.com", "a..com", "a".repeat(64) + ".com", "exämple.com", "a_b.com", "", ".",
      "a b", ("a".repeat(63) + ".").repeat(4) + "a"],
  },
};
const FORMAT_LABEL = {};
for (const [f, { valid, invalid }] of Object.entries(FORMATS)) {
  FORMAT_LABEL[f] = new Map([...valid.map((s) => [s, true]), ...invalid.map((s) => [s, false])]);
}

const cpLen = (s) => [...s].length;
const utf8Len = (s) => Buffer.byteLength(s, "utf8");
const jsonType = (v) =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v;

function jsonEqual(a, b) {
  if (a === b) return true; // 0 === -0
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

// multipleOf exact in decimal, as schemac and (given it) ajv decide it.
const isMultiple = isMultipleOf;

// Returns null when v is valid against schema s, else "PATH: why".
// Returns { unknown } for a format string that FORMATS does not label.
function expected(s, v, p = "") {
  s = deref(s);
  const t = jsonType(v);
  if (s.oneOf !== undefined) {
    const rs = s.oneOf.map((w) => expected(w, v, p));
    const unknown = rs.find((r) => r !== null && typeof r === "object");
    if (unknown) return unknown;
    const n = rs.filter((r) => r === null).length;
    if (n !== 1) return `${p}: oneOf (${n} variants match${n === 0 ? ": " + rs.join("; ") : ""})`;
  }
  if (s.anyOf !== undefined) {
    const rs = s.anyOf.map((w) => expected(w, v, p));
    if (!rs.includes(null)) {
      const unknown = rs.find((r) => r !== null && typeof r === "object");
      return unknown || `${p}: anyOf (no branch matches: ${rs.join("; ")})`;
    }
  }
  if (s.type !== undefined && !(Array.isArray(s.type) ? s.type : [s.type]).some((ty) => typeOk(ty, v)))
    return `${p}: type`;
  if (s.const !== undefined && !jsonEqual(s.const, v)) return `${p}: const`;
  if (s.enum !== undefined && !s.enum.some((e) => jsonEqual(e, v))) return `${p}: enum`;
  if (t === "number") {
    if (s.minimum !== undefined && v < s.minimum) return `${p}: minimum`;
    if (s.maximum !== undefined && v > s.maximum) return `${p}: maximum`;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return `${p}: exclusiveMinimum`;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return `${p}: exclusiveMaximum`;
    if (s.multipleOf !== undefined && !isMultiple(v, s.multipleOf)) return `${p}: multipleOf`;
  }
  if (t === "string") {
    if (s.minLength !== undefined && cpLen(v) < s.minLength) return `${p}: minLength`;
    if (s.maxLength !== undefined && cpLen(v) > s.maxLength) return `${p}: maxLength`;
    if (s.pattern !== undefined && !new RegExp(s.pattern, "u").test(v)) return `${p}: pattern`;
    if (s.format !== undefined) {
      let label = FORMAT_LABEL[s.format].get(v);
      // docs/formats.md: the empty string and non-ASCII text never match
      // (the date-time separator, the one exception, is left unlabelled)
      if (label === undefined && (v === "" || (/[^\x20-\x7e]/.test(v) && s.format !== "date-time"))) label = false;
      if (label === undefined) return { unknown: `${p}: format ${s.format} of ${JSON.stringify(v)}` };
      if (!label) return `${p}: format`;
    }
  }
  if (t === "array") {
    if (s.minItems !== undefined && v.length < s.minItems) return `${p}: minItems`;
    if (s.maxItems !== undefined && v.length > s.maxItems) return `${p}: maxItems`;
    for (let i = 0; i < v.length && s.items !== undefined; i++) {
      const r = expected(s.items, v[i], `${p}/${i}`);
      if (r !== null) return r;
    }
    if (s.uniqueItems) {
      // compared as JSON values (as ajv sees them), not as written: 0e0 is 0
      const parsed = v.map((x) => JSON.parse(serialize(x)));
      for (let i = 0; i < v.length; i++)
        for (let j = 0; j < i; j++) if (jsonEqual(parsed[i], parsed[j])) return `${p}: uniqueItems`;
    }
  }
  if (t === "object") {
    for (const k of s.required || []) if (!Object.hasOwn(v, k)) return `${p}: required ${k}`;
    const n = Object.keys(v).length;
    if (s.minProperties !== undefined && n < s.minProperties) return `${p}: minProperties`;
    if (s.maxProperties !== undefined && n > s.maxProperties) return `${p}: maxProperties`;
    for (const k of Object.keys(v)) {
      if (s.propertyNames !== undefined) {
        const r = expected(s.propertyNames, k, `${p} (name ${JSON.stringify(k)})`);
        if (r !== null) return r;
      }
      if (s.properties && Object.hasOwn(s.properties, k)) {
        const r = expected(s.properties[k], v[k], `${p}/${esc(k)}`);
        if (r !== null) return r;
      } else if (s.additionalProperties === false) return `${p}: additionalProperties ${k}`;
      else if (isMap(s)) {
        const r = expected(s.additionalProperties, v[k], `${p}/${esc(k)}`);
        if (r !== null) return r;
      }
    }
  }
  return null;
}

// ---- value generation ------------------------------------------------------------
const ALPHABET = {
  1: [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:/\\\"'@#~"],
  2: [..."éüßαβγδωςЖ\u00a0\u00ff\u0100\u07ff"],
  3: [..."€中日本\u0800\uffff\u2028\u2029\ufeff\u200b\u3000"],
  4: ["😀", "𝄞", "\u{10000}", "\u{10ffff}", "🎉"],
};
const anyChar = () => pick(ALPHABET[pick([1, 1, 1, 2, 3, 4])]);
const randString = (n, widths = [1, 1, 1, 2, 3, 4]) =>
  Array.from({ length: n }, () => pick(ALPHABET[pick(widths)])).join("");
const lower = "abcdefghijklmnopqrstuvwxyz";
const greek = Array.from({ length: 0x3c9 - 0x3b1 + 1 }, (_, i) => String.fromCodePoint(0x3b1 + i));
const fromSet = (set, n) => Array.from({ length: n }, () => pick([...set])).join("");

// Strings that match each pattern of the headers. A pattern without an
// entry here is an error: add one when a header gets a new pattern.
const PATTERN_GEN = {
  "^[a-z]+$": (n) => fromSet(lower, Math.max(1, n)),
  "^[a-z][a-z0-9_]*$": (n) => fromSet(lower, 1) + fromSet(lower + "0123456789_", Math.max(0, n - 1)),
  "^[α-ω]+$": (n) => fromSet(greek, Math.max(1, n)),
  "😀": (n) => {
    const s = [...randString(Math.max(0, n - 1))];
    s.splice(rint(0, s.length), 0, "😀");
    return s.join("");
  },
  "^\\d{3}-[A-Z]{2}$": () => fromSet("0123456789", 3) + "-" + fromSet("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 2),
  "^.{2}$": () => randString(2).replace(/[\n\r\u2028\u2029]/gu, "x"),
  "(^|,)x$": (n) => (chance(0.3) ? "x" : randString(Math.max(0, n - 2)) + ",x"),
  "\\S": (n) => randString(Math.max(1, n)).replace(/^\s*$/u, "a"),
  "^[A-Za-z-]+$": (n) => fromSet(lower + lower.toUpperCase() + "-", Math.max(1, n)),
  "^[0-9]{16}$": () => fromSet("0123456789", 16),
  "^[A-Z]+$": (n) => fromSet(lower.toUpperCase(), Math.max(1, n)),
  // printable ASCII (samples/url's label: a char[N] that takes no more characters than bytes)
  "^[ -~]*$": (n) => fromSet(Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join(""), n),
  // tests/decode/comment_text.h: comment-closing and trigraph characters
  "^[*?/\\\\a-z]*(x??/)?$": (n) => fromSet("*?/\\" + lower, n),
};

// The path pattern of an instance path: array indexes become '*'.
const shapeOf = (p) => p.replace(/\/\d+(?=\/|$)/g, "/*");

function genString(s, ctx, p, bufN = byShape(CHAR_BUFFERS[ctx.type], p)) {
  const fits = (x) => expected(s, x) === null && (bufN === undefined || utf8Len(x) <= bufN - 1);
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined) return pick(s.enum);
  for (let tries = 0; tries < 200; tries++) {
    const min = s.minLength || 0, max = Math.min(s.maxLength ?? min + 10, min + 10);
    const n = rint(min, max);
    let x;
    if (s.format !== undefined) x = pick(FORMATS[s.format].valid);
    else if (s.pattern !== undefined) {
      if (!PATTERN_GEN[s.pattern]) throw new Error(`no generator for pattern ${s.pattern} (add it to PATTERN_GEN)`);
      x = PATTERN_GEN[s.pattern](n);
    } else x = randString(n);
    if (fits(x)) return x;
  }
  throw new Error(`cannot generate a valid string for ${ctx.type}${p}`);
}

// Candidate numbers around every numeric keyword of s (valid or not).
function numberCandidates(s) {
  const c = [0, -0, 1, -1, 0.5, -2.5, 7, 100, 1e-7, 123.456];
  const up = (x) => x + Math.max(Math.abs(x) * Number.EPSILON, Number.MIN_VALUE);
  const nextUp = (x) => {
    if (x === 0) return Number.MIN_VALUE;
    const b = new Float64Array([x]), u = new BigInt64Array(b.buffer);
    u[0] += x > 0 ? 1n : -1n;
    return b[0];
  };
  const nextDown = (x) => -nextUp(-x);
  for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const b = s[k];
    if (b === undefined) continue;
    c.push(b, b - 1, b + 1, b - 0.5, b + 0.5, nextUp(b), nextDown(b), Math.floor(b), Math.ceil(b), up(b));
  }
  if (s.multipleOf !== undefined) {
    const m = s.multipleOf;
    for (const k of [1, 2, 3, 7, 10, 33, -1, -3, 1e6, 1e15, 1e19, 1e20, 1e21]) c.push(k * m);
    c.push(m / 2, m * 1.5, m + 1e-9, 0.3, 0.7, 1.1, 2.675, 1e20, 1e21, 1e22, 4.35, 0.1 * 3);
  }
  for (const e of s.enum || []) c.push(e, e + 1, e - 0.5);
  if (s.const !== undefined) c.push(s.const, s.const + 1, s.const - 1);
  return c.filter((x) => Number.isFinite(x));
}

function genNumber(s) {
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined) return pick(s.enum);
  const pool = numberCandidates(s);
  const lo = s.minimum ?? s.exclusiveMinimum ?? -1e6, hi = s.maximum ?? s.exclusiveMaximum ?? 1e6;
  for (let i = 0; i < 20; i++) {
    let x = lo + rand() * (hi - lo);
    if (s.type === "integer") x = Math.round(x);
    if (s.multipleOf !== undefined) x = Math.round(x / s.multipleOf) * s.multipleOf;
    pool.push(x);
  }
  pool.push(rand() * 2e300 - 1e300, (rand() - 0.5) * 1e-300, Math.floor(rand() * 2 ** 53));
  const ok = pool.filter((x) => expected(s, x) === null);
  if (ok.length === 0) throw new Error(`no valid number for ${JSON.stringify(s)}`);
  const x = pick(ok);
  // integers also as 1.0 / 1e2 sometimes: both are integers in JSON Schema
  if (s.type === "integer" && chance(0.15)) return new Lit(intSpellings(x)[0]);
  return x;
}

// Other spellings of an integer value that JSON Schema counts as integers.
function intSpellings(x) {
  const t = numText(x);
  const out = [`${t}.0`, `${t}e0`, `${t}E+0`, `${t}.000e0`];
  if (x !== 0) out.push(`${t}0e-1`);
  if (x !== 0 && x % 10 === 0) out.push(`${numText(x / 10)}e1`, `${numText(x / 10)}E1`);
  if (x !== 0 && x % 100 === 0) out.push(`${numText(x / 100)}e2`);
  if (x === 0) out.push("-0", "0e5", "-0.0", "0E-3");
  if (Math.abs(x) >= 10) {
    const digits = String(Math.abs(x));
    out.push(`${x < 0 ? "-" : ""}${digits[0]}.${digits.slice(1)}e${digits.length - 1}`);
  }
  return shuffle(out);
}

// Any JSON value (a `{}` schema, a cJSON * member), nested up to `room`
// more levels: scalars of every kind (numbers at the ends of the double
// range and of the exact integers, -0, underflow, exponents), strings with
// any characters, arrays and objects with awkward member names.
const ANY_NUMBERS = ["0", "-0", "1", "-1", "1.5", "-2.5e-3", "1e308", "-1.7976931348623157e308", "5e-324",
  "2.2250738585072014e-308", "1e-400", "9007199254740991", "-9007199254740991", "9007199254740992.0",
  "1.5e17", "1e21", "123456789012345678901234567890.0", "1E+2", "100e-2", "0.1", "1e-7", "4503599627370497.5"];
const ANY_KEYS = ["a", "b", "", "__proto__", "constructor", "a/b~c", "é", "😀", "\u2028", "k\"q", "0", "10", "x y"];
function genAny(room) {
  const r = rand();
  if (room <= 1 || r < 0.45) {
    const k = rint(0, 5);
    if (k === 0) return null;
    if (k === 1) return chance(0.5);
    if (k === 2) return new Lit(pick(ANY_NUMBERS));
    if (k === 3) return pick([0, 1.25, -7, 1e300, -3.5e-300, rint(-1e6, 1e6)]);
    return randString(rint(0, 6));
  }
  if (r < 0.7) return Array.from({ length: rint(0, 4) }, () => genAny(room - 1));
  const o = {};
  for (let i = rint(0, 4); i > 0; i--) put(o, chance(0.5) ? pick(ANY_KEYS) : randString(rint(0, 4)), genAny(room - 1));
  return o;
}

// p: the JSON Pointer of the value, escaped (~1, ~0) as the --config tables
// are, or a char buffer under a member named x/y is not found there.
// ctx: { type, root, maxDepth (nesting bound for recursive types),
// grow (recursive members always present, one item per recursive array) }
const refersTo$ref = (s) => JSON.stringify(s).includes('"$ref"');
function gen(s, ctx, p = "", depth = 1) {
  s = deref(s, ctx.root);
  if (s.oneOf !== undefined) return gen(pick(s.oneOf), ctx, p, depth);
  if (s.anyOf !== undefined) {
    // growing a chain: a branch that recurses until the depth is reached, then one that does not
    const deep = depth >= (ctx.maxDepth ?? 8);
    const fit = s.anyOf.filter((b) => refersTo$ref(b) !== deep);
    return gen(pick(ctx.grow && fit.length ? fit : s.anyOf), ctx, p, depth);
  }
  const types = typesOf(s);
  if (types === null) return genAny(Math.max(1, Math.min(4, MAX_DEPTH - depth)));
  if (types.length > 1) {
    const t = types.includes("null") && chance(0.3) ? "null" : pick(types.filter((x) => x !== "null"));
    return t === "null" ? null : gen(narrow(s, t), ctx, p, depth);
  }
  const deep = depth >= (ctx.maxDepth ?? 8);
  switch (types[0]) {
    case "null":
      return null;
    case "boolean":
      return s.const !== undefined ? s.const : s.enum !== undefined ? pick(s.enum) : chance(0.5);
    case "integer":
    case "number":
      return genNumber(s);
    case "string":
      return genString(s, ctx, p);
    case "array": {
      const min = s.minItems || 0;
      let max = Math.min(s.maxItems ?? min + 4, min + 4);
      if (deep) max = min; // recursion bound
      else if (ctx.grow && refersTo$ref(s.items)) max = Math.max(min, 1); // a chain, not a tree
      else if (depth > 6) max = Math.min(max, min + 1);
      for (let tries = 0; tries < 50; tries++) {
        const n = ctx.grow && !deep && refersTo$ref(s.items) ? max : rint(min, max);
        const a = Array.from({ length: n }, (_, i) => gen(s.items, ctx, `${p}/${i}`, depth + 1));
        if (expected(s, JSON.parse(serialize(a))) === null) return a;
      }
      return Array.from({ length: min }, (_, i) => gen(s.items, ctx, `${p}/${i}`, depth + 1));
    }
    case "object": {
      if (isMap(s)) return genMap(s, ctx, p, depth);
      const o = {};
      const keys = shuffle(Object.keys(s.properties || {}));
      for (const k of keys) {
        const ps = s.properties[k];
        const take = (s.required || []).includes(k) ||
          (ctx.grow && !deep && refersTo$ref(ps)) || (!(deep && refersTo$ref(ps)) && chance(0.6));
        if (take) o[k] = gen(ps, ctx, `${p}/${esc(k)}`, depth + 1);
      }
      if ((s.additionalProperties === undefined || s.additionalProperties === true) && chance(0.5)) {
        o["extra_" + rint(0, 99)] = pick([1, "x", [1, { a: [] }], { b: { c: null } }, null, true, -1.5e300]);
      }
      return o;
    }
    default:
      throw new Error(`unexpected schema type ${s.type} at ${ctx.type}${p}`);
  }
}

// A map (additionalProperties: V): between minProperties and
// maxProperties entries (at most 4 more than the minimum), distinct keys
// valid for propertyNames, values valid for V.
function genKey(s, ctx, p) {
  return genString(s.propertyNames ? narrow(s.propertyNames, "string") : { type: "string" }, ctx, `${p} (a key)`,
    byShape(KEY_BUFFERS[ctx.type], p));
}
function genMap(s, ctx, p, depth, n) {
  const min = s.minProperties || 0, max = Math.min(s.maxProperties ?? min + 4, min + 4);
  if (n === undefined) n = rint(min, depth >= (ctx.maxDepth ?? 8) ? min : max);
  const o = {};
  for (let tries = 0; tries < 100 && Object.keys(o).length < n; tries++) {
    const k = genKey(s, ctx, p);
    if (!Object.hasOwn(o, k)) put(o, k, gen(s.additionalProperties, ctx, `${p}/${esc(k)}`, depth + 1));
  }
  return o;
}

// ---- mutations ------------------------------------------------------------------
// get/set a value by instance path
const segs = (p) => (p === "" ? [] : p.slice(1).split("/").map((x) => x.replace(/~1/g, "/").replace(/~0/g, "~")));
function setAt(doc, p, fn) {
  const d = clone(doc), ss = segs(p);
  if (ss.length === 0) return fn(d);
  let cur = d;
  for (const k of ss.slice(0, -1)) cur = cur[Array.isArray(cur) ? Number(k) : k];
  const last = ss[ss.length - 1];
  const key = Array.isArray(cur) ? Number(last) : last;
  const r = fn(cur[key], cur, key);
  if (r === DELETE) delete cur[key];
  else if (Array.isArray(cur)) cur[key] = r;
  else put(cur, key, r);
  return d;
}
const DELETE = Symbol("delete");

const ENUM_NEAR = ["COLOR_RED", "COLOR_GREEN", "green", "VERDE", "OP_ADD", "URL_PART_HOST", "LEVEL_MAX", "max",
  "top", "TOP", "LEVEL_MEDIUM_HIGH", "medium-high", "MEDIUM_HIGH", "mediumHigh"];

// Mutations of the value at path p with schema s. Each is
// [label, newValue, forcedVerdict?]: a forced verdict ("valid"/"invalid")
// is what the mutation was built for, and must equal expected().
function* valueMutations(s0, v, p, ctx) {
  s0 = deref(s0, ctx.root);
  if (s0.oneOf !== undefined) return yield* unionMutations(s0, v, p, ctx);
  if (s0.anyOf !== undefined) return yield* anyOfMutations(s0, v, p, ctx);
  const types = typesOf(s0);
  if (types === null) return yield* anyMutations(s0, v, p, ctx);
  const allowed = (x) => types.some((t) => typeOk(t, x));
  const wrong = { boolean: [true], integer: [7], number: [1.5], string: ["s"], array: [[]], object: [{}] };
  for (const [t, [x]] of Object.entries(wrong)) {
    if (!allowed(x)) yield [`wrong type ${t}`, x, "invalid"];
  }
  if (types.includes("integer") && !types.includes("number")) yield ["fraction for integer", 1.5, "invalid"];
  // @nullable: type [T, "null"], and null joins an enum
  yield ["null", null, types.includes("null") && (s0.enum === undefined || s0.enum.includes(null)) ? "valid" : "invalid"];
  if (types.includes("null")) {
    yield ["null as a string", "null", s0.enum && !s0.enum.includes("null") ? "invalid" : undefined];
    yield ["null escaped as a member value", new Lit("null"), "valid"];
    for (const t of types) {
      if (t === "null" || (v !== null && typeOk(t, v))) continue;
      const x = gen(narrow(s0, t), ctx, p);
      yield [`a ${t} instead of null`, x, "valid"];
    }
  }
  if (v === null) return; // a null base value: nothing else to mutate
  const t0 = types.find((t) => typeOk(t, JSON.parse(serialize(v))));
  if (t0 === undefined) return;
  const s = narrow(s0, t0);
  if (s.type === "integer" || s.type === "number") {
    for (const x of numberCandidates(s)) yield [`number ${numText(x)}`, x];
    if (s.type === "integer" && typeof v === "number") {
      for (const t of intSpellings(v)) yield [`integer spelled ${t}`, new Lit(t), "valid"];
      // beyond 2^52 a double has no fraction bits: x.5 rounds to an integer
      yield [`integer plus a fraction ${numText(v)}.5`, new Lit(`${numText(v)}.5`),
        Math.abs(v) < 2 ** 52 ? "invalid" : undefined];
    }
    // 64-bit boundaries, written as literals
    const M = "9007199254740991";
    for (const t of [M, "-" + M, `${M}.0`, `-${M}.0`, "9.007199254740991e15", "9007199254740992.0",
      "-9007199254740992.0", "9.007199254740992e15", "9007199254740993.0", "4503599627370497.5",
      "1e-400", "-1e-400", "1E2", "1e+2", "100e-2", "3.4028234663852886e38", "-3.4028234663852886e38",
      "3.4028235e38", "3.4028235677973366e38", "1.7976931348623157e308", "5e-324", "0.1", "0.30000000000000004"]) {
      yield [`literal ${t}`, new Lit(t)];
    }
    if (s.enum) for (const e of s.enum) yield [`enum value ${e} as a string`, String(e), "invalid"];
    if (s.const !== undefined) yield ["const as a string", String(s.const), "invalid"];
  }
  if (s.type === "boolean") {
    yield ["boolean true", true];
    yield ["boolean false", false];
    yield ["boolean as string", "true", "invalid"];
    yield ["boolean as 1", 1, "invalid"];
  }
  if (s.type === "string" && typeof v === "string") yield* stringMutations(s, v, p, ctx);
  if (s.type === "array") yield* arrayMutations(s, v, p, ctx);
  if (s.type === "object") yield* objectMutations(s, v, p, ctx);
}

function* stringMutations(s, v, p, ctx) {
  // lengths at the boundaries, with 1- to 4-byte characters at the boundary
  const base = s.pattern !== undefined && PATTERN_GEN[s.pattern] ? PATTERN_GEN[s.pattern] : null;
  for (const n of [s.minLength, s.maxLength].filter((x) => x !== undefined)) {
    for (const len of [n - 1, n, n + 1]) {
      if (len < 0) continue;
      for (const w of [1, 2, 3, 4]) {
        // all characters of width w; and ASCII with one w-byte character last
        yield [`length ${len}, all ${w}-byte`, randString(len, [w])];
        if (len > 0) yield [`length ${len}, ${w}-byte last`, randString(len - 1, [1]) + randString(1, [w])];
        if (base) {
          const b = [...base(len)];
          if (b.length === len && len > 0) {
            b[b.length - 1] = randString(1, [w]);
            yield [`pattern text of length ${len}, ${w}-byte last`, b.join("")];
          }
        }
      }
      if (base) {
        const b = base(len);
        yield [`pattern text of length ${cpLen(b)}`, b];
      }
    }
  }
  yield ["empty string", ""];
  yield ["escaped copy", new Raw(strText(v, true))];
  yield ["every character escaped", new Raw('"' + [...v].map((ch) => {
    const cp = ch.codePointAt(0);
    return cp > 0xffff ? hex4(ch.charCodeAt(0)) + hex4(ch.charCodeAt(1)) : hex4(cp);
  }).join("") + '"')];
  if (s.pattern !== undefined) {
    const re = new RegExp(s.pattern, "u");
    const hits = [];
    if (base) for (let i = 0; i < 6; i++) hits.push(base(rint(0, 6)));
    const misses = new Set();
    for (const h of [v, ...hits]) {
      for (const c of ["A", "-", "é", "😀", "\n", " ", "x", ",", "\u2028", "α", "Ω", "0", "_", "ς"]) {
        misses.add(h + c);
        misses.add(c + h);
        if (cpLen(h) > 0) misses.add([...h].slice(0, -1).join("") + c);
      }
      misses.add(h.toUpperCase());
      misses.add([...h].slice(1).join(""));
      misses.add(h + h);
    }
    for (const m of [...misses, "", " ", "x", ",x", "a,x", "x,", "\t", "😀😀", "a😀", "ab", "a\n", "1234-AB",
      "123-ab", "٣٢١-AB", "123-AB\n"]) {
      yield [`pattern ${re.test(m) ? "hit" : "miss"} ${JSON.stringify(m)}`, m];
    }
  }
  if (s.format !== undefined) {
    for (const x of FORMATS[s.format].valid) yield [`format ${s.format} valid ${JSON.stringify(x)}`, x];
    for (const x of FORMATS[s.format].invalid) yield [`format ${s.format} invalid ${JSON.stringify(x)}`, x];
  }
  for (const e of [...(s.enum || []), ...(s.const !== undefined ? [s.const] : [])]) {
    const near = [e.toUpperCase(), (e[0] || "").toUpperCase() + e.slice(1), e.toLowerCase(), ` ${e}`, `${e} `,
      e.slice(0, -1), e + e.slice(-1), e.normalize("NFD")];
    for (const x of near) yield [`near ${JSON.stringify(e)}: ${JSON.stringify(x)}`, x];
    yield [`${JSON.stringify(e)} fully escaped`, new Raw('"' + [...e].map((ch) => {
      const cp = ch.codePointAt(0);
      return cp > 0xffff ? hex4(ch.charCodeAt(0)) + hex4(ch.charCodeAt(1)) : hex4(cp);
    }).join("") + '"')];
  }
  if (s.enum || s.const !== undefined) for (const x of ENUM_NEAR) yield [`enum near miss ${x}`, x];
}

function* arrayMutations(s, v, p, ctx) {
  const item = () => gen(s.items, ctx, `${p}/0`);
  // sizes around minItems/maxItems (new items distinct when possible)
  const sizes = new Set([0, 1]);
  for (const n of [s.minItems, s.maxItems]) if (n !== undefined) for (const d of [-1, 0, 1]) if (n + d >= 0) sizes.add(n + d);
  for (const n of sizes) {
    let a = [];
    for (let tries = 0; tries < 30 && a.length < n; tries++) {
      const x = item();
      if (!s.uniqueItems || !a.some((y) => jsonEqual(JSON.parse(serialize(x)), JSON.parse(serialize(y))))) a.push(x);
    }
    if (a.length === n) yield [`${n} items`, a];
  }
  if (v.length > 0) {
    // duplicates: the same value, and the same value spelled differently
    yield ["duplicate of item 0", [...v, clone(v[0])]];
    yield ["duplicate of item 0 first", [clone(v[0]), ...v]];
    const x = JSON.parse(serialize(v[0]));
    if (typeof x === "number") {
      const t = numText(x);
      for (const alt of [`${t}.0`, `${t}e0`, `${t}0e-1`, Object.is(x, 0) ? "-0" : t, x === 0 ? "-0.0" : t])
        yield [`duplicate of item 0 written ${alt}`, [...v, new Lit(alt)]];
    }
    if (typeof x === "string") yield ["duplicate of item 0, escaped", [...v, new Raw(strText(x, true))]];
    yield ["item 0 null", [null, ...v.slice(1)], expected(s.items, null) === null ? "valid" : "invalid"];
    yield ["item 0 removed", v.slice(1)];
  }
  if (s.items.type === "number" || s.items.type === "integer") {
    yield ["0 and -0", [0, new Lit("-0")]];
    yield ["1 and 1.0", [1, new Lit("1.0")]];
    yield ["1 and 1.00000001 (distinct doubles, one float)", [1, new Lit("1.00000001")]];
    yield ["0.1 and 0.1000000000000000055511151231257827", [0.1, new Lit("0.1000000000000000055511151231257827")]];
    yield ["16777216 and 16777217 (distinct integers, one float)", [16777216, 16777217]];
    yield ["9007199254740991 and 9007199254740990", [new Lit("9007199254740991"), new Lit("9007199254740990")]];
  }
  if (s.items.type === "boolean") {
    yield ["true, false", [true, false]];
    yield ["true, true", [true, true]];
  }
  if (s.items.type === "string") {
    yield ["two strings equal after unescaping", ["ab", new Raw('"a\\u0062"')]];
    yield ["strings differing in normalisation", ["é", "e\u0301"]];
  }
}

// Mutations of a value with a oneOf schema (tagged unions): those of the
// variant it matches, and around the discriminator.
function* unionMutations(s, v, p, ctx) {
  const V = variantOf(s, v);
  if (V === undefined) throw new Error(`${ctx.type}${p}: base value matches no variant`);
  yield* valueMutations(V, v, p, ctx);
  const d = discriminatorOf(s);
  if (d === undefined || v === null || typeof v !== "object" || Array.isArray(v)) return;
  const c = V.properties[d].const;
  const without = Object.fromEntries(Object.entries(v).filter(([k]) => k !== d));
  // every other variant: switched discriminator (members kept), a whole
  // document of it, and its members added to this one
  for (const W of s.oneOf) {
    if (W === V) continue;
    const wc = W.properties[d].const;
    yield [`${d} switched to ${JSON.stringify(wc)}, members kept`, { ...v, [d]: wc }];
    yield [`a document of variant ${JSON.stringify(wc)}`, gen(W, ctx, p), "valid"];
    for (const k of Object.keys(W.properties)) {
      if (Object.hasOwn(V.properties, k)) continue;
      yield [`member ${k} of variant ${JSON.stringify(wc)} added`, { ...v, [k]: gen(W.properties[k], ctx, `${p}/${esc(k)}`) }];
      yield [`member ${k} of variant ${JSON.stringify(wc)} instead of ${JSON.stringify(c)}`,
        { ...v, [d]: wc, [k]: gen(W.properties[k], ctx, `${p}/${esc(k)}`) }];
    }
  }
  // wrong discriminators
  if (typeof c === "string") {
    for (const x of [c.toUpperCase(), c[0].toUpperCase() + c.slice(1), ` ${c}`, `${c} `, c.slice(0, -1), c + c.slice(-1),
      "", `${ctx.type.toUpperCase()}_${c.toUpperCase()}`, `${d.toUpperCase()}_${c.toUpperCase()}`, "SHAPE_CIRCLE",
      "PAYMENT_CARD", "0", "other", "null"])
      yield [`${d} ${JSON.stringify(x)}`, { ...v, [d]: x }];
    yield [`${d} fully escaped`, { ...v, [d]: new Raw('"' + [...c].map((ch) => hex4(ch.codePointAt(0))).join("") + '"') },
      "valid"];
  }
  for (const x of [null, 0, s.oneOf.indexOf(V), true, [c], { [c]: 1 }]) yield [`${d} ${JSON.stringify(x)}`, { ...v, [d]: x }];
  yield [`${d} missing`, without, "invalid"];
  yield [`${d} alone`, { [d]: c }];
  yield [`${d} first`, { [d]: c, ...without }, "valid"];
  yield [`${d} last`, { ...without, [d]: c }, "valid"];
  const ks = Object.keys(without);
  if (ks.length >= 2) {
    const mid = Object.fromEntries([...Object.entries(without).slice(0, 1), [d, c], ...Object.entries(without).slice(1)]);
    yield [`${d} second`, mid, "valid"];
  }
  yield [`${d} spelled ${d.toUpperCase()}`, { ...without, [d.toUpperCase()]: c }, "invalid"];
}

// The first branch of an anyOf that the value matches, as the decoder of
// an untagged union would choose it for a valid value.
const branchOf = (s, v) => {
  const x = JSON.parse(serialize(v));
  return s.anyOf.find((w) => expected(w, x) === null);
};

// Mutations of a value with an anyOf schema (untagged unions): every
// branch's own mutations, each around a value of that branch, so that every
// boundary of every branch is tried where the other branches may accept
// what it rejects (integer vs number, enum vs string, two arrays, two
// objects); a value of every JSON type; and the branches' values swapped.
function* anyOfMutations(s, v, p, ctx) {
  const V = branchOf(s, v);
  for (const W of s.anyOf) {
    const w = W === V ? v : gen(W, ctx, p);
    yield [`a value of branch ${s.anyOf.indexOf(W)}`, w, "valid"];
    for (const [label, x] of valueMutations(W, w, p, ctx)) yield [`branch ${s.anyOf.indexOf(W)}: ${label}`, x];
  }
  for (const x of [null, true, false, 0, 7, -1, 1.5, 1e300, "", "s", "red", "RED", [], ["a"], [1, 2], {}, { x: 1 },
    { name: "n" }, { x: 1, name: "n" }, { x: 1, y: 2, name: "n" }])
    yield [`anyOf: ${JSON.stringify(x)}`, x];
  for (const t of ["7.0", "1e2", "-0", "1E0", "5e-1", "4294967296", "9007199254740991", "-9007199254740991", "\"\\u0041\""])
    yield [`anyOf: literal ${t}`, new Lit(t)];
}

// Mutations of a `{}` value (cJSON *): any JSON value is valid, up to the
// nesting limit. One past it is a deliberate divergence (depth-limit).
function* anyMutations(s, v, p, ctx) {
  for (const t of ANY_NUMBERS) yield [`any: number ${t}`, new Lit(t), "valid"];
  const level = segs(p).length + 1; // of the value at p
  for (const x of [null, true, false, "", "😀\u2028é", "\u001f\"\\", [], {}, [[[]]], [null, [1, "a", {}]],
    { "": { "": [] } }, { __proto__: null }, { a: { b: { c: [1, { d: "e" }] } } }])
    yield [`any: ${JSON.stringify(x)}`, x, "valid"];
  yield ["any: an object with __proto__ and constructor", put(put({}, "__proto__", { a: 1 }), "constructor", [1]), "valid"];
  yield ["any: a string fully escaped", new Raw('"\\u00e9\\ud83d\\ude00\\n\\/"'), "valid"];
  yield ["any: 40 members", Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${39 - i}`, i])), "valid"];
  yield ["any: 200 items", Array.from({ length: 200 }, (_, i) => (i % 2 ? i : `s${i}`)), "valid"];
  for (let i = 0; i < 6; i++) yield [`any: random ${i}`, genAny(Math.min(6, MAX_DEPTH - level + 1)), "valid"];
  // nesting up to the limit: arrays and objects
  const room = MAX_DEPTH - level + 1; // levels this value may use
  if (room >= 1) {
    yield [`any: nested arrays to level ${MAX_DEPTH}`, new Lit("[".repeat(room) + "]".repeat(room)), "valid"];
    yield [`any: nested objects to level ${MAX_DEPTH}`, new Lit('{"a":'.repeat(room - 1) + "{}" + "}".repeat(room - 1)),
      "valid"];
    yield [`any: nested arrays to level ${MAX_DEPTH} with a number inside`,
      new Lit("[".repeat(room - 1) + "1" + "]".repeat(room - 1)), "valid"];
  }
}

function* objectMutations(s, v, p, ctx) {
  const props = s.properties || {};
  const required = s.required || [];
  if (isMap(s)) return yield* mapMutations(s, v, p, ctx);
  for (const k of Object.keys(props)) {
    if (Object.hasOwn(v, k)) {
      yield [`remove ${k}`, Object.fromEntries(Object.entries(v).filter(([x]) => x !== k)),
        required.includes(k) ? "invalid" : "valid"];
    } else {
      yield [`add ${k}`, { ...v, [k]: gen(props[k], ctx, `${p}/${esc(k)}`) }];
    }
    yield [`${k} spelled ${k.toUpperCase()}`, { ...v, [k.toUpperCase()]: v[k] ?? 1 }];
  }
  const addl = s.additionalProperties === false ? "invalid" : "valid";
  for (const k of ["zzz_unknown", "", "kind_", "user_data", "n_colors", "parts_count", "tags_count",
    "has_label", "has_email", "points_count", "__proto__", "constructor", "a/b~c", "é"]) {
    if (Object.hasOwn(props, k)) continue;
    const o = clone(v);
    Object.defineProperty(o, k, { value: 1, enumerable: true, writable: true, configurable: true }); // even __proto__
    yield [`unknown member ${JSON.stringify(k)}`, o, addl];
  }
  yield ["unknown member with nested junk", { ...v, junk: { a: [1, { b: "c" }, [], {}], d: null, e: -0.5e-3 } }, addl];
  yield ["unknown member with a long object", { ...v,
    junk: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])) }, addl];
  yield ["empty object", {}, required.length > 0 ? "invalid" : undefined];
  yield ["array instead of object", [v], "invalid"];
  yield ["members reversed", Object.fromEntries(Object.entries(v).reverse()), "valid"];
}

// Mutations of a map (additionalProperties: V, propertyNames, min/max
// Properties): entry counts at the bounds +-1, keys from every string
// mutation of propertyNames (lengths at maxLength +-1 with 1- to 4-byte
// characters, pattern misses, escapes), unknown-member names. The values
// get their own mutations from the walk.
function* mapMutations(s, v, p, ctx) {
  const sizes = new Set([0, 1, 2]);
  for (const n of [s.minProperties, s.maxProperties]) if (n !== undefined) for (const d of [-1, 0, 1]) if (n + d >= 0) sizes.add(n + d);
  for (const n of sizes) {
    const m = genMap(s, ctx, p, 1, n);
    if (Object.keys(m).length === n) yield [`${n} entries`, m];
  }
  const names = s.propertyNames ? narrow(s.propertyNames, "string") : { type: "string" };
  const keys = Object.keys(v);
  const some = keys.length ? keys[0] : genKey(s, ctx, p);
  const rest = Object.fromEntries(Object.entries(v).slice(1)); // one entry less: the count stays
  const value = () => gen(s.additionalProperties, ctx, `${p}/x`);
  for (const [label, k] of stringMutations(names, some, p, ctx)) {
    if (k instanceof Raw) {
      const o = clone(rest);
      o[EXTRA] = [[k.text, serialize(value())]];
      yield [`key ${label}`, o];
    } else yield [`key ${label}: ${JSON.stringify(k)}`, put(clone(rest), k, value())];
  }
  for (const k of ["zzz_unknown", "", "__proto__", "constructor", "a/b~c", "é", "key", "value", `${some}_count`])
    yield [`key ${JSON.stringify(k)}`, put(clone(v), k, value())];
  yield ["entries reversed", Object.fromEntries(Object.entries(v).reverse()), "valid"];
  yield ["array of entries instead of an object", Object.entries(v).map(([key, value]) => ({ key, value })), "invalid"];
  yield ["array of pairs instead of an object", Object.entries(v), "invalid"];
  yield ["empty object", {}];
}

// The nodes of a document with their schemas: [schema, value, path], the
// root first. Descends through $ref, the matching oneOf variant, the
// matching type of a type array, properties, map values and items.
function* nodesOf(s, v, p, root, loose = false) {
  s = deref(s, root);
  yield [s, v, p, loose];
  if (s.oneOf !== undefined) {
    const V = variantOf(s, v);
    if (V !== undefined) for (const n of nodesOf(V, v, p, root, loose)) if (n[2] !== p) yield n;
    return;
  }
  if (s.anyOf !== undefined) {
    // inside a branch, a value made invalid for it may be valid for another
    // branch (an integer item where the strings' array had a string is the
    // integers' array): such mutations get expected()'s verdict
    const V = branchOf(s, v);
    if (V !== undefined) for (const n of nodesOf(V, v, p, root, true)) if (n[2] !== p) yield n;
    return;
  }
  if (v === null || typeof v !== "object" || v instanceof Lit || v instanceof Raw) return;
  const types = typesOf(s) || [];
  if (types.includes("object") && !Array.isArray(v)) {
    for (const k of Object.keys(v)) {
      const sub = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : isMap(s) ? s.additionalProperties : null;
      if (sub) yield* nodesOf(sub, v[k], `${p}/${esc(k)}`, root, loose);
    }
  }
  if (types.includes("array") && Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* nodesOf(s.items, v[i], `${p}/${i}`, root, loose);
}

// Walks the base document and yields [path, label, mutatedDoc, forced].
// With onlyDeepest, only the nodes at the greatest depth (recursive documents).
function* allMutations(schema, doc, ctx, onlyDeepest = false) {
  let nodes = [...nodesOf(schema, doc, "", ctx.root)];
  if (onlyDeepest) {
    const d = Math.max(...nodes.map(([, , p]) => segs(p).length));
    nodes = nodes.filter(([, , p]) => segs(p).length >= d - 1);
  }
  for (const [s, v, p, loose] of nodes) {
    for (const [label, x, forced] of valueMutations(s, v, p, ctx))
      yield [p, label, setAt(doc, p, () => x), loose && forced === "invalid" ? undefined : forced];
  }
  if (onlyDeepest) return;
  // at the root, other JSON texts
  for (const t of ["[]", '"x"', "1", "null", "true"]) yield ["", `root ${t}`, new Lit(t), "invalid"];
}

// ---- I-JSON rejections ----------------------------------------------------------
// Documents the decoder must reject with a given code whatever ajv says.
// Built from a valid document's text so that nothing else is wrong. Where
// the fault was put is known here, so each case also says the JSON Pointer
// the error must carry (the value at fault, or the object for a key's
// fault), worked out from the document rather than from the decoder: also
// inside values the decoder skips (unknown members, cJSON * values).
function ijsonCases(rootSchema, doc, ctx) {
  const out = []; // [label, code, reason, text or Buffer, path]
  const text = serialize(doc);
  // a tagged union at the root: the variant's members, and a duplicated discriminator
  let schema = deref(rootSchema, ctx.root);
  if (schema.oneOf !== undefined) {
    const d = discriminatorOf(schema);
    schema = variantOf(schema, doc);
    if (d !== undefined && Object.hasOwn(doc, d)) {
      const other = ctx.root.oneOf.find((w) => w !== schema).properties[d].const;
      const c = JSON.stringify(doc[d]);
      for (const [label, t] of [
        ["discriminator twice, same value", text.replace(/\}$/, `,"${d}":${c}}`)],
        [`discriminator twice, then ${JSON.stringify(other)}`, text.replace(/\}$/, `,"${d}":${JSON.stringify(other)}}`)],
        // the other value right before: nothing of this variant stands between them
        [`discriminator twice, ${JSON.stringify(other)} first`,
          `{"${d}":${JSON.stringify(other)},"${d}":${c},` +
            serialize(Object.fromEntries(Object.entries(doc).filter(([k]) => k !== d))).slice(1)],
        ["discriminator twice, escaped spelling", text.replace(/\}$/, `,"${escAll(d)}":${c}}`)],
      ]) out.push([label, "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key", t, ""]);
    }
  }
  // maps and `{}` values anywhere in the document
  const withText = (p, t) => serialize(setAt(doc, p, () => new Lit(t)));
  for (const [s, v, p] of nodesOf(rootSchema, doc, "", ctx.root)) {
    if (isMap(s) && v !== null && typeof v === "object" && !Array.isArray(v)) {
      const ks = Object.keys(v);
      const val = serialize(gen(s.additionalProperties, ctx, `${p}/x`));
      // one entry less at maxProperties: the duplicate must be the only fault
      const body = serialize(s.maxProperties !== undefined && ks.length >= s.maxProperties
        ? Object.fromEntries(Object.entries(v).slice(0, -1)) : v).slice(1, -1);
      const join = (a, b) => (a && b ? a + "," + b : a + b);
      if (s.maxProperties !== undefined && s.maxProperties < 2) {
        // no room for a duplicate: two members break maxProperties first
      } else if (ks.length) {
        const k0 = ks[0];
        out.push([`duplicate map key in ${p}`, "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
          withText(p, "{" + join(body, `${strText(k0)}:${val}`) + "}"), p]);
        out.push([`duplicate map key in ${p}, escaped`, "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
          withText(p, "{" + join(`"${escAll(k0)}":${val}`, body) + "}"), p]);
      } else {
        const k = strText(genKey(s, ctx, p)); // a key propertyNames accepts
        out.push([`duplicate map key in empty ${p}`, "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
          withText(p, `{${k}:${val},${k}:${val}}`), p]);
      }
      out.push([`U+0000 in a map key of ${p}`, "SC_ERR_NUL", "ijson-nul", withText(p, "{" + join(body, `"a\\u0000":${val}`) + "}"), p]);
      out.push([`lone surrogate in a map key of ${p}`, "SC_ERR_UTF8", "ijson-utf8",
        withText(p, "{" + join(`"\\udc00":${val}`, body) + "}"), p]);
    }
    if (typesOf(s) === null && s.oneOf === undefined && s.anyOf === undefined) {
      const level = segs(p).length + 1, room = MAX_DEPTH - level + 1;
      for (const [label, code, reason, t, where] of [
        ["duplicate key", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key", '{"a":1,"b":2,"a":1}', ""],
        ["duplicate key, nested and escaped", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key", '[{"x":{"ab":1,"a\\u0062":2}}]', "/0/x"],
        ["duplicate key among 40", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
          "{" + Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(",") + ',"k17":0}', ""],
        ["U+0000 in a string", "SC_ERR_NUL", "ijson-nul", '["a\\u0000"]', "/0"],
        ["U+0000 in a key", "SC_ERR_NUL", "ijson-nul", '{"\\u0000":1}', ""],
        ["lone surrogate", "SC_ERR_UTF8", "ijson-utf8", '"\\ud800x"', ""],
        ["lone surrogate under escaped names", "SC_ERR_UTF8", "ijson-utf8", '{"a/b":{"m~n":[0,"\\ud800"]}}', "/a~1b/m~0n/1"],
        ["integer literal 2^53", "SC_ERR_NUMBER", "ijson-big-integer", "9007199254740992", ""],
        ["integer literal -2^53 in an array", "SC_ERR_NUMBER", "ijson-big-integer", "[1,-9007199254740992]", "/1"],
        ["integer literal 10^20", "SC_ERR_NUMBER", "ijson-big-integer", '{"a":100000000000000000000}', "/a"],
        ["1e400", "SC_ERR_NUMBER", "ijson-infinite", "[1e400]", "/0"],
        [`nested arrays one level past ${MAX_DEPTH}`, "SC_ERR_DEPTH", "depth-limit", "[".repeat(room + 1) + "]".repeat(room + 1),
          "/0".repeat(room)],
        [`nested objects one level past ${MAX_DEPTH}`, "SC_ERR_DEPTH", "depth-limit",
          '{"a":'.repeat(room) + "{}" + "}".repeat(room), "/a".repeat(room)],
      ]) out.push([`${label} in the any value at ${p || "/"}`, code, reason, withText(p, t), p + where]);
    }
  }
  const props = schema.properties || {};
  const firstKey = Object.keys(doc)[0];
  const addMember = (t, member) => t.replace(/^\{/, "{" + member + (t === "{}" ? "" : ","));
  if (firstKey !== undefined) {
    const val = serialize(doc[firstKey]);
    out.push(["duplicate key, same value", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      text.replace(/\}$/, `,${strText(firstKey)}:${val}}`), ""]);
    out.push(["duplicate key, escaped spelling", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      text.replace(/\}$/, `,"${escAll(firstKey)}":${val}}`), ""]);
    out.push(["duplicate key first", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      addMember(text, `${strText(firstKey)}:${val}`), ""]);
  }
  // a duplicate inside a nested object member
  for (const [k, v] of Object.entries(doc)) {
    if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Lit) && !(v instanceof Raw) && Object.keys(v).length) {
      // a map already at maxProperties: one more member is a count error first
      const sub = props[k] !== undefined ? deref(props[k]) : {};
      if (isMap(sub) && sub.maxProperties !== undefined && Object.keys(v).length >= sub.maxProperties) continue;
      const nk = Object.keys(v)[0];
      const inner = { ...v, [EXTRA]: [[strText(nk), serialize(v[nk])]] };
      out.push([`duplicate key inside /${k}`, "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
        serialize({ ...doc, [k]: inner }), `/${esc(k)}`]);
      break;
    }
  }
  if (schema.additionalProperties !== false) {
    out.push(["duplicate unknown keys", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      addMember(text, '"zz":1,"zz":2'), ""]);
    out.push(["duplicate key in a skipped object", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      addMember(text, '"zz":{"a":1,"b":[{"c":1,"c":1}]}'), "/zz/b/0"]);
    const many = Array.from({ length: 20 }, (_, i) => `"k${i}":${i}`).join(",");
    out.push(["duplicate key in a skipped object of 21 keys", "SC_ERR_DUPLICATE_KEY", "ijson-duplicate-key",
      addMember(text, `"zz":{${many},"k7":0}`), "/zz"]);
    out.push(["U+0000 in a skipped key", "SC_ERR_NUL", "ijson-nul", addMember(text, '"z\\u0000":1'), ""]);
    out.push(["U+0000 in a skipped value", "SC_ERR_NUL", "ijson-nul", addMember(text, '"zz":["\\u0000"]'), "/zz/0"]);
    out.push(["lone surrogate in a skipped value", "SC_ERR_UTF8", "ijson-utf8", addMember(text, '"zz":"\\udc00"'), "/zz"]);
    out.push(["lone surrogate deep in a skipped value", "SC_ERR_UTF8", "ijson-utf8",
      addMember(text, '"z~/":{"a":[{"b":"\\ud800"}]}'), "/z~0~1/a/0/b"]);
    out.push(["U+0000 in a key deep in a skipped value", "SC_ERR_NUL", "ijson-nul",
      addMember(text, '"zz":[{},{"a":{"\\u0000":1}}]'), "/zz/1/a"]);
    out.push(["big integer in a skipped value", "SC_ERR_NUMBER", "ijson-big-integer",
      addMember(text, '"zz":[9007199254740992]'), "/zz/0"]);
    out.push(["65 levels in a skipped value", "SC_ERR_DEPTH", "ijson-depth",
      addMember(text, `"zz":${"[".repeat(64)}${"]".repeat(64)}`), "/zz" + "/0".repeat(63)]);
  }
  out.push(["U+0000 in an unknown key", "SC_ERR_NUL", "ijson-nul", addMember(text, '"\\u0000":1'), ""]);
  // string members: NUL, lone surrogates, invalid UTF-8
  const strKey = Object.keys(doc).find((k) => props[k] && props[k].type === "string");
  if (strKey !== undefined) {
    const withStr = (t) => serialize({ ...doc, [strKey]: new Raw(t) });
    out.push([`U+0000 in /${strKey}`, "SC_ERR_NUL", "ijson-nul", withStr('"a\\u0000"'), `/${esc(strKey)}`]);
    out.push([`U+0000 alone in /${strKey}`, "SC_ERR_NUL", "ijson-nul", withStr('"\\u0000"'), `/${esc(strKey)}`]);
    for (const t of ['"\\ud800"', '"\\udc00"', '"\\ud800\\u0041"', '"\\udc00\\ud800"', '"a\\ud83d"', '"\\ud83d\\n"',
      '"\\uDBFF\\uDBFF"']) {
      out.push([`lone surrogate ${t} in /${strKey}`, "SC_ERR_UTF8", "ijson-utf8", withStr(t), `/${esc(strKey)}`]);
    }
    const marker = "\u0001MARK\u0001";
    const withBytes = (hex) => {
      const t = serialize({ ...doc, [strKey]: new Raw(`"${marker}"`) });
      const [a, b] = t.split(marker);
      return Buffer.concat([Buffer.from(a), Buffer.from(hex, "hex"), Buffer.from(b)]);
    };
    for (const [what, hex] of [["C3 28", "c328"], ["surrogate ED A0 80", "eda080"], ["F4 90 80 80", "f4908080"],
      ["overlong C0 AF", "c0af"], ["continuation 80", "80"], ["truncated E2 82", "e282"], ["Latin-1 E9", "61e9"],
      ["F8 88 80 80 80", "f888808080"], ["FF", "ff"]]) {
      out.push([`invalid UTF-8 ${what} in /${strKey}`, "SC_ERR_UTF8", "ijson-utf8", withBytes(hex), `/${esc(strKey)}`]);
    }
    out.push([`invalid UTF-8 in a key`, "SC_ERR_UTF8", "ijson-utf8",
      Buffer.concat([Buffer.from('{"'), Buffer.from("c328", "hex"), Buffer.from('":1,' + text.slice(1))]), ""]);
  }
  // number members: integer literals beyond 2^53, overflow to infinity
  for (const [k, ps] of Object.entries(props)) {
    const pd = deref(ps, ctx.root);
    const ts = pd.anyOf ? pd.anyOf.flatMap((b) => typesOf(deref(b, ctx.root)) || []) : typesOf(pd) || [];
    if (!ts.includes("integer") && !ts.includes("number")) continue;
    for (const t of ["9007199254740992", "-9007199254740992", "18446744073709551616", "100000000000000000000000"]) {
      out.push([`integer literal ${t} in /${k}`, "SC_ERR_NUMBER", "ijson-big-integer",
        serialize({ ...doc, [k]: new Lit(t) }), `/${esc(k)}`]);
    }
    for (const t of ["1e400", "-1e400", "1.8e308"]) {
      out.push([`${t} in /${k}`, "SC_ERR_NUMBER", "ijson-infinite", serialize({ ...doc, [k]: new Lit(t) }), `/${esc(k)}`]);
    }
  }
  return out;
}

// ---- run ------------------------------------------------------------------------
// multipleOf exact in decimal in place of ajv's float rule (docs/conformance.md)
const ajv = useExactMultipleOf(new Ajv2020({ allErrors: false, strict: true }));
addFormats(ajv); // "full" mode is the default
const ajvAll = useExactMultipleOf(new Ajv2020({ allErrors: true, strict: true }));
addFormats(ajvAll);
const schemas = schemaFiles.map((f) => {
  const type = path.basename(f).replace(/\.schema\.json$/, "");
  const schema = JSON.parse(readFileSync(f, "utf8"));
  return { type, schema, validate: ajv.compile(schema), validateAll: ajvAll.compile(schema) };
});

const jobs = []; // { type, kind: "doc"|"ijson", label, text (string|Buffer), forced?, code?, reason?, tooDeep? }
for (const { type, schema } of schemas) {
  rand = mulberry32(seed ^ [...type].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
  ROOT = schema;
  const ctx = { type, root: schema };
  const bases = [];
  // recursive schemas: base documents of assorted depths
  for (let i = 0; i < count; i++) bases.push(gen(schema, { ...ctx, maxDepth: pick([3, 5, 8, 12, 20]) }));
  for (const b of bases) jobs.push({ type, kind: "doc", label: "generated", text: serialize(b, chance(0.5)) });
  // every mutation of the first base documents, a sample of the others'
  bases.forEach((b, i) => {
    const all = [...allMutations(schema, b, ctx)];
    const keep = sample !== null ? shuffle(all).slice(0, sample) : i < 2 ? all : shuffle(all).slice(0, 20);
    for (const [p, label, d, forced] of keep) {
      jobs.push({ type, kind: "doc", label: `${p || "/"}: ${label}`, text: serialize(d, chance(0.3)), forced });
    }
  });
  for (const b of bases.slice(0, sample !== null ? 1 : 2)) {
    for (const [label, code, reason, text, where] of ijsonCases(schema, b, ctx))
      jobs.push({ type, kind: "ijson", label, code, reason, text, where });
  }
  // recursive schemas: chains grown to the nesting limit and just past it,
  // each with every mutation of its deepest values
  if (refersTo$ref(schema)) {
    const seen = new Set();
    // A maxDepth gives no one depth: the optional members of the deepest
    // levels add 0 to 2 levels or more (root1 of randheader seed 700057
    // went from 62 levels at 62 to 65 at 63), so a few documents for each.
    for (let m = MAX_DEPTH - 8; m <= MAX_DEPTH + 8 && seen.size < 4; m++) {
      for (let tries = 0; tries < 4 && seen.size < 4; tries++) {
        const d = gen(schema, { ...ctx, maxDepth: m, grow: true });
        const depth = depthOf(JSON.parse(serialize(d)));
        if (depth < MAX_DEPTH - 1 || depth > MAX_DEPTH + 2 || seen.has(depth)) continue;
        seen.add(depth);
        jobs.push({ type, kind: "doc", label: `generated, ${depth} levels deep`, text: serialize(d, chance(0.5)),
          tooDeep: depth > MAX_DEPTH });
        const deep = [...allMutations(schema, d, ctx, true)];
        for (const [p, label, x, forced] of sample !== null ? shuffle(deep).slice(0, sample) : deep)
          jobs.push({ type, kind: "doc", label: `${depth} levels deep, ${p || "/"}: ${label}`, text: serialize(x, chance(0.3)),
            forced });
      }
    }
    if (![...seen].some((x) => x <= MAX_DEPTH) || ![...seen].some((x) => x > MAX_DEPTH))
      throw new Error(`${type}: could not grow documents around ${MAX_DEPTH} levels (got ${[...seen]})`);
  }
}

// a document as the driver reads it: text, or hex where it is not text
const request = (j) => typeof j.text === "string" && !/[\u0000\ud800-\udfff]/u.test(j.text) &&
  j.text.isWellFormed() ? { type: j.type, doc: j.text } : { type: j.type, hex: Buffer.from(j.text).toString("hex") };
if (documents) {
  writeFileSync(documents, jobs.map((j) => JSON.stringify({ label: j.label, ...request(j) })).join("\n") + "\n");
  process.exit(0);
}

// the driver, once for all documents
const input = jobs.map((j) => JSON.stringify(request(j))).join("\n") + "\n";
const res = spawnSync(driver, [], { input, maxBuffer: 1 << 30, encoding: "utf8" });
if (res.status !== 0 || res.error) {
  console.error(`driver failed: status ${res.status} ${res.error || ""}\n${res.stderr}`);
  process.exit(1);
}
const lines = res.stdout.split("\n").filter((l) => l !== "");
if (lines.length !== jobs.length) {
  console.error(`driver answered ${lines.length} lines for ${jobs.length} documents\n${res.stderr}`);
  process.exit(1);
}
// the validator, once for all documents, with the same schema files
let vlines = null;
if (validator) {
  const vres = spawnSync(validator, schemaFiles, { input, maxBuffer: 1 << 30, encoding: "utf8" });
  if (vres.status !== 0 || vres.error) {
    console.error(`validator failed: status ${vres.status} ${vres.error || ""}\n${vres.stderr}`);
    process.exit(1);
  }
  vlines = vres.stdout.split("\n").filter((l) => l !== "");
  if (vlines.length !== jobs.length) {
    console.error(`validator answered ${vlines.length} lines for ${jobs.length} documents\n${vres.stderr}`);
    process.exit(1);
  }
}

const stats = { documents: jobs.length, agreements: 0, disagreements: 0, ijson: 0, mutations: 0, generated: 0,
  postDecode: 0, unlabelled: 0, ijsonPaths: 0 };
const postDecodeShown = {};
const byReason = {};
const failures = [];
const show = (t) => {
  const s = typeof t === "string" ? t : `<bytes> ${Buffer.from(t).toString("hex")}`;
  return s.length > 1500 ? s.slice(0, 1500) + "..." : s;
};
const ajvVerdict = (validate, text) => {
  let value;
  try {
    value = JSON.parse(typeof text === "string" ? text : Buffer.from(text).toString("utf8"));
  } catch (e) {
    return { valid: false, value: undefined, error: `JSON.parse: ${e.message}` };
  }
  const valid = validate(value);
  const e = valid ? null : validate.errors[0];
  return { valid, value, error: e ? `${e.instancePath || '""'} ${e.keyword} ${e.message}` : null };
};
const fail = (j, why, a, line) => failures.push(
  `DISAGREEMENT (${why}) ${j.type} ${j.label}\n  document: ${show(j.text)}\n  ajv: ${a.valid ? "valid" : "invalid: " + a.error}` +
  `\n  decoder: ${line}${j.forced ? "\n  built to be: " + j.forced : ""}`);

// The entry of a table of instance path patterns ("/a/*/b": * an array
// index) for path: a member named like an index ("023") matches itself or *.
function byShape(table, path) {
  if (table === undefined) return undefined;
  if (Object.hasOwn(table, shapeOf(path))) return table[shapeOf(path)];
  const ps = path.split("/");
  for (const [k, n] of Object.entries(table)) {
    const ks = k.split("/");
    if (ks.length === ps.length && ks.every((x, i) => x === ps[i] || (x === "*" && /^\d+$/.test(ps[i])))) return n;
  }
  return undefined;
}

// Is this disagreement a listed deliberate divergence? Returns its reason.
function divergence(j, a, dec) {
  if (a.valid && dec.code === "SC_ERR_CONSTRAINT" && dec.keyword === "multipleOf" &&
    typeof j.text === "string" && hasInexactNumber(j.text))
    return "multipleOf-text";
  if (a.valid && dec.code === "SC_ERR_DEPTH" && depthOf(a.value) > MAX_DEPTH) return "depth-limit";
  if (a.valid && dec.code === "SC_ERR_CONSTRAINT" && dec.keyword === "propertyNames") {
    // a char key[N] map key: more than N-1 bytes in at most N-1 code points
    const n = byShape(KEY_BUFFERS[j.type], dec.path);
    let m = a.value;
    for (const k of segs(dec.path)) m = m?.[k];
    return n !== undefined && m && typeof m === "object" && Object.keys(m).some((k) => utf8Len(k) > n - 1) ? "charbuf-bytes" : null;
  }
  if (!a.valid || dec.code !== "SC_ERR_CONSTRAINT" || dec.keyword !== "maxLength") return null;
  const n = byShape(CHAR_BUFFERS[j.type], dec.path);
  if (n === undefined) return null;
  let v = a.value;
  for (const k of segs(dec.path)) v = v?.[k];
  return typeof v === "string" && utf8Len(v) > n - 1 ? "charbuf-bytes" : null;
}

// ---- all-errors mode ------------------------------------------------------------
// Codes after which the decoder goes on (runtime/core/collect.c); any other ends
// the pass, so the list is a prefix of the document's errors.
const RECOVERABLE = new Set(["SC_ERR_TYPE", "SC_ERR_REQUIRED", "SC_ERR_UNKNOWN_PROPERTY", "SC_ERR_CONSTRAINT"]);
const allStats = { compared: 0, stopped: 0, truncated: 0, oneOf: 0, cut: 0, errors: 0 };
// A JSON Pointer as sc_error holds it: at most 255 bytes, whole segments
// dropped from the deep end (runtime/error.c).
function cutPath(p) {
  if (utf8Len(p) <= 255) return p;
  let out = "";
  for (const seg of p.split("/").slice(1)) {
    if (utf8Len(out) + 1 + utf8Len(seg) > 255) break;
    out += "/" + seg;
  }
  return out;
}
function compareAllErrors(j, a, allField, schema, validateAll, line) {
  let report;
  try {
    report = JSON.parse(allField.replace(/^all /, ""));
  } catch (e) {
    report = { bug: `unreadable all-errors report: ${e.message}` };
  }
  if (report.bug) return fail(j, `all-errors mode: ${report.bug}`, a, line), stats.disagreements++;
  if (a.valid || a.value === undefined) return; // the verdicts are compared above
  if (report.truncated) return void allStats.truncated++;
  if (report.errors.some(([code]) => !RECOVERABLE.has(code))) return void allStats.stopped++;
  // ajv reports every failing branch of a oneOf/anyOf; the decoder reports
  // the chosen variant's errors (tagged) or the value's type (untagged)
  if (/"(oneOf|anyOf)"/.test(JSON.stringify(schema))) return void allStats.oneOf++;
  // a path cut to SC_ERROR_PATH_MAX no longer says which value failed
  if (report.errors.some(([, p]) => utf8Len(p) > 255 - 16)) return void allStats.cut++;
  allStats.compared++;
  allStats.errors += report.errors.length;
  // ajv's paths, without what lies past a count limit (the decoder skips
  // it), an array's own keywords when one of its items failed (the decoder
  // does not check them then: docs/generated-api.md), and cut as the
  // decoder's are to SC_ERROR_PATH_MAX
  const below = (p, q) => q.startsWith(p + "/");
  const limits = report.errors.filter(([, , k]) => k === "maxItems" || k === "maxProperties").map(([, p]) => p);
  const failedBelow = (p) => report.errors.some(([, q]) => below(p, q));
  const reported = (p, k) => report.errors.some(([, q, kw]) => q === p && kw === k);
  const ARRAY_OWN = new Set(["minItems", "maxItems", "uniqueItems"]);
  validateAll(a.value);
  // an array's items before its maxItems limit are read and checked; the
  // rest, and every member of an object past maxProperties, are skipped
  const itemLimit = new Map(validateAll.errors.filter((e) => e.keyword === "maxItems")
    .map((e) => [e.instancePath, e.params.limit]));
  const pastLimit = (l, p) => {
    if (!below(l, p)) return false;
    if (!itemLimit.has(l)) return true;
    const index = Number(p.slice(l.length + 1).split("/")[0]);
    return !(index < itemLimit.get(l));
  };
  const theirs = new Set(validateAll.errors
    .filter((e) => !limits.some((l) => pastLimit(l, e.instancePath)))
    .filter((e) => !(ARRAY_OWN.has(e.keyword) && failedBelow(e.instancePath) &&
      !reported(e.instancePath, e.keyword))) // maxItems is checked as the items are read
    .map((e) => cutPath(e.instancePath)));
  // the decoder's, without its deliberate char-buffer byte limits where ajv
  // finds the value valid
  const mine = new Set(report.errors.filter(([code, p, keyword]) => theirs.has(p) ||
    divergence(j, { ...a, valid: true }, { code, path: p, keyword }) === null).map(([, p]) => p));
  const only = (x, y) => [...x].filter((p) => !y.has(p));
  const extra = only(mine, theirs), missing = only(theirs, mine);
  if (extra.length === 0 && missing.length === 0) return;
  failures.push(`ALL-ERRORS DISAGREEMENT ${j.type} ${j.label}\n  document: ${show(j.text)}\n` +
    `  decoder only: ${JSON.stringify(extra)}\n  ajv only: ${JSON.stringify(missing)}\n` +
    `  decoder: ${JSON.stringify(report.errors)}\n  ajv: ${JSON.stringify(validateAll.errors.map((e) =>
      [e.instancePath, e.keyword]))}`);
  stats.disagreements++;
}

// A driver's verdict line: "ok[<TAB>...]" or "error CODE PATH KEYWORD<TAB>MESSAGE<TAB>all {...}"
function verdictOf(line) {
  const [head, message = "", allField = ""] = line.split("\t");
  // "error CODE PATH KEYWORD": the path may hold spaces (@name with space)
  const words = head.split(" ");
  const [word, code] = words;
  const p = words.slice(2, -1).join(" "), keyword = words.length > 3 ? words.at(-1) : undefined;
  return { word, ok: word === "ok", code, path: p === '""' ? "" : p, keyword, message, allField };
}

// ---- the run-time validator (--validator) ----------------------------------------
// What keeps the validator's verdict or first error from being the decoder's
// or ajv's by the nature of one side, counted by reason.
const VALIDATOR_DIFFERENCES = {
  "multipleOf-text":
    "the decoder decides multipleOf on the document's text, the validator (a cJSON tree) on the double's shortest " +
    "decimal, as ajv (DIVERGENCES)",
  "charbuf-bytes":
    "the decoder alone rejects: its char buffers hold N-1 bytes, the schema (so the validator and ajv) says N-1 " +
    "code points (DIVERGENCES)",
  "ijson":
    "the validator reads text with the decoders' reader (sc_schema_validate_json: I-JSON strictness and the " +
    "64-level limit), so it rejects with the decoder, same code and pointer, where ajv's JSON.parse accepts",
  "first-error-order":
    "both report the other's first error too, in another order: the decoder goes through the document in its " +
    "member order, the validator through the schema's keywords (properties sorted by name, then required, ...)",
  "union-branch":
    "inside oneOf/anyOf the validator's error is the applicator's at the union's value; the decoder reports " +
    "the chosen variant's error below it (tagged unions) or the value at the union",
  "array-own-keywords":
    "the validator checks an array's uniqueItems/minItems/maxItems before its items; the decoder reads the items " +
    "first and does not check the array's own keywords once an item failed (docs/generated-api.md)",
  "read-first":
    "the validator reads the whole text before it validates, so a reading error (syntax, depth, I-JSON) " +
    "anywhere is its first error; the decoder validates as it reads and reports that error after the schema " +
    "errors before it in the text (its all-errors pass lists it)",
  "syntax-pointer":
    "a syntax error between array items: the decoder's typed reader names the array, the reader of untyped " +
    "values (sc_parse_json, which the validator uses) the slot of the next item",
};
const vstats = { compared: 0, withDecoder: 0, withAjv: 0, bothReject: 0, samePath: 0, sameCode: 0, disagreements: 0,
  codePairs: {} };
const vByReason = {};
const vcount = (r) => void (vByReason[r] = (vByReason[r] || 0) + 1);
const allPaths = (field) => {
  try {
    const r = JSON.parse(field.replace(/^all /, ""));
    return r.errors ? new Set(r.errors.map((e) => e[1])) : null;
  } catch {
    return null;
  }
};
function compareValidator(j, a, dec, line, vline) {
  const val = verdictOf(vline);
  vstats.compared++;
  const vfail = (why) => {
    vstats.disagreements++;
    failures.push(`VALIDATOR DISAGREEMENT (${why}) ${j.type} ${j.label}\n  document: ${show(j.text)}\n  ajv: ` +
      `${a.valid ? "valid" : "invalid: " + a.error}\n  decoder: ${line}\n  validator: ${vline}`);
  };
  if (val.word !== "ok" && val.word !== "error") return vfail(`validator: ${val.word}`);
  const valAll = val.ok ? null : allPaths(val.allField);
  if (!val.ok && valAll === null) return vfail("validator's all-errors pass");
  // the I-JSON documents: what the decoder must say, the validator must too
  const strict = !val.ok && dec.word === "error" && val.code === dec.code && val.path === dec.path &&
    (j.kind === "ijson" ? val.code === j.code : val.code === "SC_ERR_DEPTH" && a.value !== undefined &&
      depthOf(a.value) > MAX_DEPTH);
  if (j.kind === "ijson" && !strict) return vfail(`I-JSON rejection must be the decoder's ${j.code}`);
  if (j.tooDeep && !strict) return vfail(`nested past ${MAX_DEPTH} levels: must be SC_ERR_DEPTH`);
  // with ajv
  if (val.ok === a.valid) vstats.withAjv++;
  else if (strict && a.valid) vcount("ijson");
  else return vfail("validator and ajv disagree");
  // with the decoder
  if (val.ok === dec.ok) vstats.withDecoder++;
  else if (val.ok && a.valid && divergence(j, a, dec) === "charbuf-bytes") return vcount("charbuf-bytes");
  else if (val.ok && a.valid && divergence(j, a, dec) === "multipleOf-text") return vcount("multipleOf-text");
  else return vfail("validator and decoder disagree");
  if (val.ok) return;
  // both reject: where
  vstats.bothReject++;
  if (val.path === dec.path) {
    vstats.samePath++;
    if (val.code === dec.code) vstats.sameCode++;
    else {
      const pair = `${dec.code} ${dec.keyword} -> ${val.code} ${val.keyword}`;
      vstats.codePairs[pair] = (vstats.codePairs[pair] || 0) + 1;
    }
    return;
  }
  const decAll = allPaths(dec.allField);
  const decErrors = (() => {
    try {
      return JSON.parse(dec.allField.replace(/^all /, "")).errors || [];
    } catch {
      return [];
    }
  })();
  const under = (p, q) => q.startsWith(p + "/");
  if ((val.keyword === "oneOf" || val.keyword === "anyOf") && under(val.path, dec.path)) return vcount("union-branch");
  if (["uniqueItems", "minItems", "maxItems"].includes(val.keyword) && under(val.path, dec.path) &&
      !decErrors.some(([, p]) => p === val.path)) return vcount("array-own-keywords");
  // the next item's slot (the validator's reader) for the array (the decoder's)
  const slot = (array, p) => under(array, p) && /^\/\d+$/.test(p.slice(array.length));
  if (val.code === "SC_ERR_SYNTAX" && dec.code === "SC_ERR_SYNTAX" && slot(dec.path, val.path))
    return vcount("syntax-pointer");
  if (!RECOVERABLE.has(val.code) && decErrors.some(([c, p]) => c === val.code &&
      (p === val.path || (c === "SC_ERR_SYNTAX" && slot(p, val.path))))) return vcount("read-first");
  if (decAll !== null && decAll.has(val.path) && valAll.has(dec.path)) return vcount("first-error-order");
  vfail("the first errors are at other places");
}

const dumped = [];
jobs.forEach((j, i) => {
  const line = lines[i];
  if (dump) dumped.push(JSON.stringify({ type: j.type, kind: j.kind, label: j.label, forced: j.forced, decoder: line,
    validator: vlines ? vlines[i] : undefined, text: show(j.text) }));
  const dec = verdictOf(line);
  const { word, message, allField } = dec;
  const { validate, validateAll, schema } = schemas.find((s) => s.type === j.type);
  ROOT = schema;
  const a = ajvVerdict(validate, j.text);
  if (vlines) compareValidator(j, a, dec, line, vlines[i]);
  if (word !== "ok" && word !== "error") return fail(j, `driver: ${word}`, a, line), stats.disagreements++;
  if (word === "error") compareAllErrors(j, a, allField, schema, validateAll, line);
  if (dec.ok && message.startsWith("bug ")) {
    // decoded, but the value fails T_validate or does not survive encode -> decode
    stats.postDecode++;
    const kind = message.split(" ")[1];
    if ((postDecodeShown[kind] = (postDecodeShown[kind] || 0) + 1) <= 3 || verbose)
      failures.push(`POST-DECODE BUG (${kind}) ${j.type} ${j.label}\n  document: ${show(j.text)}\n  ajv: ` +
        `${a.valid ? "valid" : "invalid: " + a.error}\n  decoder: ${line}`);
  }
  if (dec.ok && a.valid && message.startsWith("enc ") && EXACT_ROUNDTRIP.has(j.type)) {
    let back;
    try {
      back = JSON.parse(message.slice(4));
    } catch (e) {
      back = e.message;
    }
    if (!jsonEqual(back, a.value)) {
      stats.postDecode++;
      if ((postDecodeShown.value = (postDecodeShown.value || 0) + 1) <= 3 || verbose)
        failures.push(`POST-DECODE BUG (encode changes the value) ${j.type} ${j.label}\n  document: ${show(j.text)}\n` +
          `  encoded: ${show(message.slice(4))}`);
    }
  }
  if (j.kind === "ijson") {
    stats.ijson++;
    if (dec.ok || dec.code !== j.code) return fail(j, `I-JSON rejection must be ${j.code}`, a, line), stats.disagreements++;
    if (j.where !== undefined) {
      // the pointer of where the fault is, in both modes (the all-errors
      // pass ends with it)
      const want = cutPath(j.where);
      let last;
      try {
        last = JSON.parse(allField.replace(/^all /, "")).errors.at(-1);
      } catch {
        last = undefined;
      }
      if (dec.path !== want || last === undefined || last[1] !== want)
        return fail(j, `I-JSON rejection must be at '${want}' (all-errors: '${last && last[1]}')`, a, line),
          stats.disagreements++;
      stats.ijsonPaths++;
    }
    stats.agreements++;
    if (a.valid) byReason[j.reason] = (byReason[j.reason] || 0) + 1;
    return;
  }
  if (j.label.startsWith("generated")) stats.generated++;
  else stats.mutations++;
  // a valid document past the nesting limit: the decoder must say so
  if (j.tooDeep && (dec.ok || dec.code !== "SC_ERR_DEPTH"))
    return fail(j, `nested past ${MAX_DEPTH} levels: must be SC_ERR_DEPTH`, a, line), stats.disagreements++;
  // the verdict the document was built to have
  let exp = a.value === undefined ? "JSON.parse failed" : expected(schema, a.value);
  if (exp !== null && typeof exp === "object") {
    // a format string FORMATS does not label (e.g. from a length mutation):
    // no intended verdict, ajv and the decoder are still compared
    stats.unlabelled++;
    if (j.forced) return fail(j, `test bug: forced verdict but ${exp.unknown} has no label`, a, line), stats.disagreements++;
  } else {
    const intended = exp === null ? "valid" : "invalid";
    if (j.forced && j.forced !== intended)
      return fail(j, `test bug: built to be ${j.forced}, expected() says ${intended} (${exp})`, a, line), stats.disagreements++;
    if (intended !== (a.valid ? "valid" : "invalid"))
      return fail(j, `ajv says ${a.valid ? "valid" : "invalid"}, intended ${intended} (${exp})`, a, line), stats.disagreements++;
  }
  if (dec.ok === a.valid) return void stats.agreements++;
  const reason = divergence(j, a, dec);
  if (reason !== null) {
    byReason[reason] = (byReason[reason] || 0) + 1;
    return;
  }
  fail(j, "decoder and ajv disagree", a, line);
  stats.disagreements++;
});

if (dump) writeFileSync(dump, dumped.join("\n") + "\n");
for (const f of failures.slice(0, verbose ? failures.length : 25)) console.log(f + "\n");
if (failures.length > 25 && !verbose) console.log(`... and ${failures.length - 25} more (--verbose shows all)\n`);
console.log(`ajv ${require("ajv/package.json").version}, ajv-formats ${require("ajv-formats/package.json").version}; ` +
  `seed ${seed}, count ${count}`);
console.log(`schemas: ${schemas.length} (${schemas.map((s) => s.type).join(", ")})`);
console.log(`documents: ${stats.documents} (generated ${stats.generated}, mutations ${stats.mutations}, I-JSON ${stats.ijson}` +
  `, ${stats.ijsonPaths} of them at the pointer where the fault was put)`);
console.log(`agreements: ${stats.agreements}`);
console.log(`disagreements: ${stats.disagreements}`);
console.log(`decoded values failing T_validate or encode -> decode: ${stats.postDecode}`);
console.log(`allErrors: ${allStats.compared} rejected documents compared with ajv allErrors (${allStats.errors} ` +
  `errors, same failing paths); not compared: ${allStats.stopped} stopped by a syntax/I-JSON error, ` +
  `${allStats.oneOf} under oneOf/anyOf, ${allStats.truncated} beyond the bound, ${allStats.cut} with paths cut ` +
  `to SC_ERROR_PATH_MAX`);
console.log(`documents without an intended verdict (unlabelled format strings; still compared): ${stats.unlabelled}`);
const total = Object.values(byReason).reduce((x, y) => x + y, 0);
console.log(`deliberate divergences: ${total}` + (total ? " (decoder rejects, ajv accepts)" : ""));
for (const [r, n] of Object.entries(byReason).sort()) console.log(`  ${r}: ${n} - ${DIVERGENCES[r]}`);
if (vlines) {
  console.log(`validator: ${vstats.compared} documents; verdict as the decoder's ${vstats.withDecoder}, as ajv's ` +
    `${vstats.withAjv}; both reject ${vstats.bothReject}: first error at the decoder's path ${vstats.samePath} ` +
    `(same code ${vstats.sameCode})`);
  console.log("  at the same path with another code (decoder's code and keyword -> validator's):");
  for (const [pair, n] of Object.entries(vstats.codePairs).sort((x, y) => y[1] - x[1])) console.log(`    ${pair}: ${n}`);
  console.log(`validator disagreements: ${vstats.disagreements}`);
  const vtotal = Object.values(vByReason).reduce((x, y) => x + y, 0);
  console.log(`validator differences by reason: ${vtotal}`);
  for (const [r, n] of Object.entries(vByReason).sort()) console.log(`  ${r}: ${n} - ${VALIDATOR_DIFFERENCES[r]}`);
}
process.exit(stats.disagreements === 0 && stats.postDecode === 0 && vstats.disagreements === 0 ? 0 : 1);
