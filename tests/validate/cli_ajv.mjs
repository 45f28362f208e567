// schemac validate against ajv 8 (+ ajv-formats, formats asserted as
// schemac validate asserts them by default): the same verdict on every
// document of cli/ and of the cases below, each schema run once through
// `schemac validate --output basic` over a JSON Lines file. Exits 77
// (skipped) when ajv is not installed in tests/differential/node_modules.
//
// usage: node cli_ajv.mjs SCHEMAC CLI_DIR
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { useExactMultipleOf } from "../common/multiple_of.mjs";

const [schemac, cliDir] = process.argv.slice(2).map((p) => path.resolve(p));
const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "differential", "package.json"));
let Ajv2020, AjvDraft7, addFormats;
try {
  Ajv2020 = require("ajv/dist/2020").default;
  AjvDraft7 = require("ajv").default;
  addFormats = require("ajv-formats").default;
} catch {
  console.log("ajv is not installed (run: npm ci --prefix tests/differential): skipped");
  process.exit(77);
}

const cases = [
  {
    name: "cli/schema.json",
    schema: JSON.parse(readFileSync(path.join(cliDir, "schema.json"), "utf8")),
    docs: [readFileSync(path.join(cliDir, "valid.json"), "utf8"), readFileSync(path.join(cliDir, "invalid.json"), "utf8"),
      ...readFileSync(path.join(cliDir, "docs.jsonl"), "utf8").split("\n")]
      .filter((t) => { try { JSON.parse(t); return true; } catch { return false; } })
      .map((t) => JSON.parse(t)),
  },
  {
    name: "draft-07: dependencies, additionalItems, formats",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        ip: { type: "string", format: "ipv4" },
        pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
      },
      dependencies: { ip: ["when"] },
    },
    docs: [{}, { when: "2024-01-02T03:04:05Z" }, { when: "yesterday" }, { ip: "10.0.0.1", when: "2024-01-02T03:04:05Z" },
      { ip: "10.0.0.1" }, { ip: "300.0.0.1", when: "2024-01-02T03:04:05Z" }, { pair: ["a", 1] }, { pair: ["a", 1, 2] },
      { pair: [1, "a"] }, [], "text", null],
  },
  {
    name: "2020-12: $defs, $ref, oneOf, unevaluatedProperties, pattern",
    schema: {
      $defs: {
        id: { type: "string", pattern: "^[a-z][a-z0-9_]{2,15}$" },
        base: { properties: { id: { $ref: "#/$defs/id" } }, required: ["id"] },
      },
      allOf: [{ $ref: "#/$defs/base" }],
      oneOf: [
        { properties: { kind: { const: "user" }, age: { type: "integer", minimum: 0 } }, required: ["kind"] },
        { properties: { kind: { const: "group" }, members: { type: "array", items: { $ref: "#/$defs/id" }, minItems: 1 } }, required: ["kind", "members"] },
      ],
      unevaluatedProperties: false,
    },
    docs: [{ id: "alice", kind: "user", age: 3 }, { id: "alice", kind: "user", age: -1 }, { id: "Alice", kind: "user" },
      { id: "team", kind: "group", members: ["bob", "carol"] }, { id: "team", kind: "group", members: [] },
      { id: "team", kind: "group", members: ["bob"], extra: 1 }, { id: "abc", kind: "other" }, { kind: "user" },
      { id: "abc", kind: "user", members: ["x"] }, 42],
  },
  {
    name: "2020-12: prefixItems, contains, numbers, uniqueItems",
    schema: {
      type: "array",
      prefixItems: [{ type: "number", multipleOf: 0.5 }, { enum: ["a", "b", null] }],
      items: { type: "object", maxProperties: 1 },
      contains: { type: "null" },
      minContains: 0,
      uniqueItems: true,
      maxItems: 4,
    },
    docs: [[], [1.5], [1.25], [1, "a"], [1, "c"], [1, null, {}], [1, null, { a: 1, b: 2 }], [1, "a", {}, {}],
      [2, "b", { x: 1 }, { y: 2 }], [2, "b", { x: 1 }, { y: 2 }, {}], { a: 1 }],
  },
];

const dir = mkdtempSync(path.join(os.tmpdir(), "validate_cli_ajv_"));
let failures = 0, compared = 0, invalid = 0;
for (const c of cases) {
  const draft7 = String(c.schema.$schema || "").includes("draft-07");
  const ajv = useExactMultipleOf(new (draft7 ? AjvDraft7 : Ajv2020)({ strict: false }));
  addFormats(ajv);
  const check = ajv.compile(c.schema);
  writeFileSync(path.join(dir, "schema.json"), JSON.stringify(c.schema));
  writeFileSync(path.join(dir, "docs.jsonl"), c.docs.map((d) => JSON.stringify(d)).join("\n") + "\n");
  const p = spawnSync(schemac, ["validate", "--output", "basic", "-s", "schema.json", "docs.jsonl"], { cwd: dir, encoding: "utf8" });
  const lines = p.stdout.split("\n").filter((l) => l !== "");
  const want = c.docs.map((d) => check(d));
  const got = lines.map((l) => JSON.parse(l).valid);
  const status = want.every((v) => v) ? 0 : 1;
  if (p.status !== status) {
    console.log(`FAIL ${c.name}: exit status ${p.status}, want ${status} (${p.stderr.trim()})`);
    failures++;
  }
  if (got.length !== want.length) {
    console.log(`FAIL ${c.name}: ${got.length} results for ${want.length} documents`);
    failures++;
    continue;
  }
  for (let i = 0; i < want.length; i++) {
    compared++;
    if (!want[i]) invalid++;
    if (got[i] !== want[i]) {
      console.log(`FAIL ${c.name}: ${JSON.stringify(c.docs[i])}: schemac says ${got[i]}, ajv ${want[i]} ${lines[i]}`);
      failures++;
    }
  }
}
rmSync(dir, { recursive: true });
console.log(`${compared} documents compared (${invalid} invalid for ajv), ${failures} failures`);
process.exit(failures ? 1 : 0);
