// ajv's side of the validator benchmark (run.py runs it beside
// bench_validate and Blaze's CLI): for each schema folder of the
// jsonschema-benchmark corpus, one JSON line with the same fields as
// bench_validate.c prints, measured the same way:
//
//   compile_us   the median CPU time of repeated compiles, each by a fresh Ajv
//                instance (ajv caches compiled schemas per instance), of
//                the parsed schema (JSON.parse excluded); every option the
//                compile takes is ajv's default but those below;
//   validate_us  the sum over the instances of the mean time of `loop`
//                back-to-back calls of the compiled function (wall clock);
//   validate_cpu_us  the same calls' process CPU time over loop: one pass
//                over the instances, without a busy machine's waits (what
//                run.py reports; the first pass warms the JIT up).
//
// Options: strict false (real schemas carry keywords ajv's strict mode
// refuses), validateFormats false ("format" is an annotation, as the
// corpus's harness strips it), validateSchema false (the others do not
// check the schema against its metaschema either). Draft-07 schemas go to
// Ajv, 2020-12 ones to Ajv2020.
//
//   node ajv_bench.mjs DIR [--loop N] [--only NAME]...
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const Ajv2020 = require('ajv/dist/2020').default;

const args = process.argv.slice(2);
let dir = null;
let loop = 10;
const only = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--loop') loop = Number(args[++i]);
  else if (args[i] === '--only') only.push(args[++i]);
  else dir = args[i];
}
if (!dir || !(loop > 0)) {
  console.error('usage: node ajv_bench.mjs DIR [--loop N] [--only NAME]...');
  process.exit(2);
}

const options = { strict: false, validateFormats: false, validateSchema: false };

function makeAjv(schema) {
  const is2020 = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12');
  return is2020 ? new Ajv2020(options) : new Ajv(options);
}

function lines(path) {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function nowUs() {
  return Number(process.hrtime.bigint()) / 1000;
}

// Until 5 runs and 20 ms, at most 200, as bench_validate does.
function compileTimed(schema) {
  const runs = [];
  let spent = 0;
  let validate = null;
  while (runs.length < 200 && (runs.length < 5 || spent < 20000)) {
    const ajv = makeAjv(schema);
    const t0 = process.cpuUsage();
    validate = ajv.compile(schema);
    const c = process.cpuUsage(t0);
    const t = c.user + c.system;
    runs.push(t);
    spent += t;
  }
  return { validate, us: median(runs) };
}

function validateTimed(validate, docs) {
  let total = 0;
  let passed = 0;
  for (const doc of docs) {
    let ok = true;
    const t0 = nowUs();
    for (let k = 0; k < loop; k++) ok = validate(doc) && ok;
    total += (nowUs() - t0) / loop;
    if (ok) passed++;
  }
  return { us: total, passed };
}

const names = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
  .map((e) => e.name)
  .sort();
for (const name of names) {
  if (only.length && !only.includes(name)) continue;
  const schemaPath = join(dir, name, 'schema.json');
  if (!existsSync(schemaPath)) continue;
  const out = { name };
  try {
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
    const valid = lines(join(dir, name, 'instances.jsonl'));
    const negative = lines(join(dir, name, 'negatives.jsonl'));
    const { validate, us } = compileTimed(schema);
    const cpu0 = process.cpuUsage();
    const v = validateTimed(validate, valid);
    const n = validateTimed(validate, negative);
    const cpu = process.cpuUsage(cpu0);
    Object.assign(out, {
      compile_us: us,
      validate_us: v.us + n.us,
      validate_cpu_us: (cpu.user + cpu.system) / loop,
      valid: valid.length,
      accepted: v.passed,
      negatives: negative.length,
      rejected: negative.length - n.passed,
    });
  } catch (e) {
    out.error = String(e && e.message ? e.message : e).split('\n')[0];
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
