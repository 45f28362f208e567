// Judges SARIF logs by two outside authorities: ajv 8 against the SARIF
// 2.1.0 JSON Schema that the SARIF SDK ships (sarif-2.1.0.json in
// @microsoft/sarif-multitool-linux), and the SDK's own consumer, the SARIF
// Multitool, whose `validate` reads the log and applies its rules and
// GitHub code scanning's (--rule-kind Gh;Sarif: the fields GitHub requires).
// Usage: node check_sarif.mjs LOG.sarif...   (exit 77 when not installed)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const sdk = join(here, "node_modules/@microsoft/sarif-multitool-linux");
if (!existsSync(join(here, "node_modules/ajv")) || !existsSync(join(sdk, "Sarif.Multitool"))) {
  console.log("tests/diag/node_modules not installed (npm ci --prefix tests/diag): skipped");
  process.exit(77);
}
const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats");

// The Multitool's warnings that say what schemac cannot give, each with why.
const ACCEPTED = {
  SARIF2005: "no informationUri: schemac has no web site to name; its man page documents it",
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(join(sdk, "sarif-2.1.0.json"), "utf8")));

let failures = 0;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(readFileSync(file, "utf8"));
  if (validate(log)) {
    console.log(`ok   ${file}: valid against the SARIF 2.1.0 schema (ajv)`);
  } else {
    failures++;
    console.log(`FAIL ${file}: ${ajv.errorsText(validate.errors, { separator: "\n     " })}`);
  }
  const out = mkdtempSync(join(tmpdir(), "sarif-"));
  try {
    const verdict = join(out, "verdict.sarif");
    execFileSync(join(sdk, "Sarif.Multitool"),
      ["validate", file, "--output", verdict, "--rule-kind", "Gh;Sarif"], { stdio: "pipe" });
    const found = JSON.parse(readFileSync(verdict, "utf8")).runs[0].results ?? [];
    const refused = found.filter((r) => !(r.ruleId in ACCEPTED));
    for (const r of refused)
      console.log(`FAIL ${file}: Multitool ${r.ruleId} (${r.level ?? "warning"}): ${r.message.text ?? JSON.stringify(r.message)}`);
    for (const r of found.filter((r) => r.ruleId in ACCEPTED))
      console.log(`     ${file}: Multitool ${r.ruleId} accepted: ${ACCEPTED[r.ruleId]}`);
    if (refused.length === 0)
      console.log(`ok   ${file}: the SARIF Multitool reads it and finds nothing against its or GitHub's rules`);
    failures += refused.length;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
console.log(`${failures} failed`);
process.exit(failures ? 1 : 0);
