// The outside authority on the witnesses of tests/compat: ajv 8 (draft
// 2020-12, strict) with ajv-formats, the same pinned modules as
// tests/differential. Reads a JSON array of checks on stdin, each
//   {"id": ..., "old": SCHEMA_PATH, "new": SCHEMA_PATH, "doc": VALUE}
// and prints, for each, one line: ID<TAB>OLD_VERDICT<TAB>NEW_VERDICT with
// each verdict "accept" or "reject".
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { useExactMultipleOf } from "../common/multiple_of.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "differential", "package.json"));
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats");

const compiled = new Map();
function validator(path) {
  if (!compiled.has(path)) {
    const ajv = useExactMultipleOf(new Ajv2020({ strict: true, allErrors: false }));
    addFormats(ajv);
    compiled.set(path, ajv.compile(JSON.parse(readFileSync(path, "utf8"))));
  }
  return compiled.get(path);
}

const checks = JSON.parse(readFileSync(0, "utf8"));
for (const c of checks) {
  const verdict = (p) => (validator(p)(c.doc) ? "accept" : "reject");
  console.log(`${c.id}\t${verdict(c.old)}\t${verdict(c.new)}`);
}
