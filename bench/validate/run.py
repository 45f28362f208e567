#!/usr/bin/env python3
"""libschemac-validate beside Blaze's CLI and ajv 8 on the real schemas of
../shared/testdata/jsonschema-benchmark, in one run (README.md).

For each schema folder, in turn: bench_validate (ours), ajv_bench.mjs (ajv)
and Blaze's CLI (`jsonschema validate --benchmark --fast`), each on the
corpus in place. Prints a markdown table (validate and compile times,
ratios, verdict counts) and the counts: on how many schemas we are faster
than Blaze, and the compile-time ratio against ajv. Every verdict is
checked: a validator that rejects a document of instances.jsonl or accepts
one of negatives.jsonl is marked WRONG in the table and counted; the exit
status is 1 when libschemac-validate is (a validator that refuses the
schema is listed, not counted). Nothing here asserts on time.

How each is timed, process start excluded. Times are CPU time, not the
wall clock: on a shared machine a process waits for a core for longer
than a validation takes, and a clock read around a validation counts
that wait (each program's own per-document timing, Blaze's `--benchmark`
output included, does).

- validation: one pass over all documents, each document validated N
  times in a row (`--passes`, default 21: Blaze's `--loop`), CPU time over
  N. Ours and ajv's are the process CPU time around those validations
  (bench_validate.c, ajv_bench.mjs: `validate_cpu_us`); ours with N raised
  until a run is about 0.3 s of CPU, as Blaze's below, the median of 3. Blaze's CLI has no
  such figure: its CPU time is the difference of two runs (rusage), with
  N and with 1 validation of each document, over N - 1, N raised until
  the difference is about 0.3 s of CPU; less the same for the schema
  `true` (nothing to check), which is what its CLI spends reading the
  clock four times around each validation; the median of 3. That
  subtraction is the least precise number here (the clock reads overlap
  the validation they surround): the instruction counts below do not
  depend on it;
- compile: ours and ajv's, the median CPU time of repeated compiles in process
  (ours from the schema's text, parse included; ajv's from the parsed
  object, a fresh Ajv instance each time). Blaze's CLI prints no compile
  time: it is estimated as the CPU time of `jsonschema validate SCHEMA
  EMPTY.jsonl --fast` (read, bundle, frame, compile, no document) minus
  the same for a trivial draft-07 schema, the median of 9 pairs, so
  process start and the metaschema's loading cancel out.

    bench/validate/run.py [--bench PATH] [--passes N] [--only NAME]...
    bench/validate/run.py --instructions [--bench PATH] [--only NAME]...

--instructions counts instructions instead (valgrind's callgrind, ours and
Blaze's, not ajv's JIT): per validation of a document, the difference of a
run with 11 and one with 1 validation of each document, over 10; for
Blaze less the same count with the schema `true`. No scheduler moves
these counts.
"""
import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'testdata', 'jsonschema-benchmark'))


def blaze_binary():
    """The platform binary the npm package's cli.js would spawn (run
    directly: no node start in the wall times)."""
    arch = {'x86_64': 'x86_64', 'aarch64': 'arm64', 'arm64': 'arm64'}.get(platform.machine(), platform.machine())
    system = platform.system().lower()
    path = os.path.join(HERE, 'node_modules', '@sourcemeta', 'jsonschema', 'build', 'github-releases',
                        f'jsonschema-{system}-{arch}')
    return path if os.access(path, os.X_OK) else None


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_cpu(cmd):
    """(CPU seconds, stdout) of one run of cmd: the children's rusage
    before and after (the runs are one at a time)."""
    before = children_cpu()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return children_cpu() - before, p.stdout


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# CPU seconds a timed run aims at (--target)
TARGET = 0.3


def pass_ms(make_cmd, passes, repeats=3, target=None):
    """CPU ms of one more pass over the documents: (run with N - run with
    1) / (N - 1), N from passes up until the difference is about target
    seconds, the median of repeats; and the 1-pass output."""
    target = target or TARGET
    one, out = run_cpu(make_cmd(1))
    many, _ = run_cpu(make_cmd(passes))
    per_pass = max((many - one) / (passes - 1), 1e-6)
    n = int(min(max(passes, target / per_pass + 1), 20000))
    diffs = []
    for _ in range(repeats):
        one, out = run_cpu(make_cmd(1))
        many, _ = run_cpu(make_cmd(n))
        diffs.append((many - one) / (n - 1) * 1e3)
    return statistics.median(diffs), out


def ours_run(bench, corpus, name, passes, repeats=3, target=None):
    """bench_validate's result line, its validate_cpu_us the median of
    repeats runs, each of as many passes as make about target seconds of
    CPU (as many as Blaze's runs get, below, rather than a few
    milliseconds that the clock's granularity and other processes blur)."""
    target = target or TARGET

    def run(n):
        return json_lines(run_cpu([bench, corpus, '--loop', str(n), '--only', name])[1])[0]
    first = run(passes)
    if 'validate_cpu_us' not in first:
        return first
    n = int(min(max(passes, target / max(first['validate_cpu_us'] * 1e-6, 1e-7)), 20000))
    runs = [run(n) for _ in range(repeats)]
    runs.sort(key=lambda t: t['validate_cpu_us'])
    return runs[len(runs) // 2]


def count_lines(path):
    if not os.path.exists(path):
        return 0
    with open(path, encoding='utf-8') as f:
        return sum(1 for line in f if line.strip())


def blaze_verdicts(out):
    """(documents, passed) of Blaze's benchmark output."""
    seen = passed = 0
    for line in out.splitlines():
        # "PATH[INDEX]: PASS 12.345 +- 1.234 us (0.020)": the mean, its spread, the clock's cost
        parts = line.rsplit(': ', 1)[-1].split()
        if len(parts) >= 5 and parts[0] in ('PASS', 'FAIL') and parts[4] == 'us':
            seen += 1
            passed += parts[0] == 'PASS'
    return seen, passed


def blaze_pass_ms(blaze, schema, true_schema, docs, passes):
    """(CPU ms of one pass, passed, error) of Blaze's CLI on the documents
    of docs, its clock reading taken off (the schema true's pass)."""
    if count_lines(docs) == 0:
        return 0.0, 0, None

    def cmd(sch):
        return lambda n: [blaze, 'validate', sch, docs, '--benchmark', '--fast', '--loop', str(n)]

    ms, out = pass_ms(cmd(schema), passes)
    seen, passed = blaze_verdicts(out)
    if seen != count_lines(docs):
        return None, None, 'no verdict for every document (the schema does not compile?)'
    base, _ = pass_ms(cmd(true_schema), passes)
    return max(0.0, ms - base), passed, None


def blaze_compile_ms(blaze, schema, trivial, empty, runs):
    """Median CPU time of loading and compiling schema minus a trivial
    one's, interleaved run by run."""
    full, base = [], []
    for _ in range(runs):
        full.append(run_cpu([blaze, 'validate', schema, empty, '--fast'])[0] * 1e3)
        base.append(run_cpu([blaze, 'validate', trivial, empty, '--fast'])[0] * 1e3)
    return max(0.0, statistics.median(full) - statistics.median(base))


def callgrind_total(cmd, tmp):
    """Instructions one run of cmd executes (valgrind's callgrind)."""
    out = os.path.join(tmp, 'callgrind.out')
    subprocess.run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}'] + cmd, capture_output=True)
    with open(out, encoding='utf-8') as f:
        for line in f:
            if line.startswith('totals:'):
                return int(line.split()[1])
    raise RuntimeError(f'no callgrind totals for {cmd}')


def instructions_per_doc(make_cmd, docs, tmp, low=1, high=11):
    """Instructions of one validation of a document, on average: the runs
    with high and low validations of each document differ by exactly
    (high - low) validations of each, start-up, reading and compiling
    cancel out."""
    if docs == 0:
        return None
    a = callgrind_total(make_cmd(low), tmp)
    b = callgrind_total(make_cmd(high), tmp)
    return (b - a) / (high - low) / docs


def fmt_ms(us):
    if us is None:
        return '—'
    ms = us / 1e3
    return f'{ms:.3f}' if ms < 1 else f'{ms:.2f}' if ms < 100 else f'{ms:.0f}'


def ratio(a, b):
    return f'{a / b:.2f}×' if a is not None and b else '—'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--bench', default=os.path.join(ROOT, 'build-release', 'bench', 'validate', 'bench_validate'),
                    help='the bench_validate executable (default: build-release/bench/validate/bench_validate)')
    ap.add_argument('--corpus', default=CORPUS)
    ap.add_argument('--passes', type=int, default=21,
                    help='validations of each document in a row (default 21)')
    ap.add_argument('--blaze-runs', type=int, default=9, help='process pairs per Blaze compile estimate (default 9)')
    ap.add_argument('--target', type=float, default=TARGET,
                    help='CPU seconds each timed run aims at, ours and Blaze\'s (default 0.3)')
    ap.add_argument('--only', action='append', default=[], help='one schema folder (repeatable)')
    ap.add_argument('--json', help='also write the raw results here')
    ap.add_argument('--instructions', action='store_true',
                    help='instead of times, instructions per validation (valgrind), ours against Blaze: '
                    'what a busy machine does not blur')
    a = ap.parse_args()
    globals()['TARGET'] = a.target

    if not os.path.isdir(a.corpus):
        print(f'run.py: no corpus at {a.corpus}: skipped')
        return 77
    blaze = blaze_binary()
    if blaze is None or not os.path.exists(os.path.join(HERE, 'node_modules', 'ajv')):
        print('run.py: run `npm ci` in bench/validate first (Blaze and ajv, pinned in package-lock.json)')
        return 77
    if not os.access(a.bench, os.X_OK):
        print(f'run.py: no {a.bench}: build it first (README.md)')
        return 2
    version = subprocess.run([blaze, '--version'], capture_output=True, text=True).stdout.strip()
    with open(os.path.join(HERE, 'node_modules', 'ajv', 'package.json'), encoding='utf-8') as f:
        ajv_version = json.load(f)['version']
    node_version = subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()

    names = sorted(n for n in os.listdir(a.corpus) if os.path.isfile(os.path.join(a.corpus, n, 'schema.json')))
    if a.only:
        names = [n for n in names if n in a.only]
    if a.instructions:
        return instructions_table(a, blaze, version, names)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, 'empty.jsonl')
        open(empty, 'w').close()
        trivial = os.path.join(tmp, 'trivial.json')
        with open(trivial, 'w') as f:
            f.write('{"$schema": "http://json-schema.org/draft-07/schema#"}\n')
        for name in names:
            folder = os.path.join(a.corpus, name)
            valid_path = os.path.join(folder, 'instances.jsonl')
            neg_path = os.path.join(folder, 'negatives.jsonl')
            if count_lines(valid_path) + count_lines(neg_path) == 0:
                rows.append({'name': name, 'skipped': 'no instances in this copy of the corpus'})
                continue
            print(f'{name} ...', file=sys.stderr, flush=True)
            ours = ours_run(a.bench, a.corpus, name, a.passes)
            ajv = json_lines(run_cpu(['node', os.path.join(HERE, 'ajv_bench.mjs'), a.corpus, '--loop', str(a.passes),
                                      '--only', name])[1])[0]
            for t in (ours, ajv):
                if 'validate_cpu_us' in t:
                    t['validate_us'] = t['validate_cpu_us']
            schema = os.path.join(folder, 'schema.json')
            bv, bpass, berr = blaze_pass_ms(blaze, schema, trivial, valid_path, a.passes)
            nv, npass, nerr = blaze_pass_ms(blaze, schema, trivial, neg_path, a.passes)
            bl = {'name': name, 'valid': count_lines(valid_path), 'negatives': count_lines(neg_path)}
            if berr or nerr:
                bl['error'] = berr or nerr
            else:
                bl.update(validate_us=(bv + nv) * 1e3, accepted=bpass, rejected=bl['negatives'] - npass,
                          compile_us=1e3 * blaze_compile_ms(blaze, schema, trivial, empty, a.blaze_runs))
            rows.append({'name': name, 'ours': ours, 'blaze': bl, 'ajv': ajv})

    if a.json:
        with open(a.json, 'w', encoding='utf-8') as f:
            json.dump(rows, f, indent=1)

    print(f'libschemac-validate ({os.path.relpath(a.bench, ROOT)}), Blaze CLI {version}, ajv {ajv_version}, '
          f'node {node_version}; '
          f'validate: CPU ms of one pass over the documents, each validated {a.passes} times in a row; compile: ms\n')
    print('| schema | docs | ours | Blaze | ajv | Blaze/ours | ajv/ours | compile: ours | Blaze (est.) | ajv | ajv/ours | verdicts |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
    wrong = {'ours': 0, 'Blaze': 0, 'ajv': 0}
    faster, compared, compile_ratios, validate_vs_ajv = 0, 0, [], []
    slower = []
    for r in rows:
        if 'skipped' in r:
            print(f'| {r["name"]} | 0 | | | | | | | | | | {r["skipped"]} |')
            continue
        o, b, j = r['ours'], r['blaze'], r['ajv']
        verdicts = []
        for label, t in (('ours', o), ('Blaze', b), ('ajv', j)):
            if 'error' in t:
                verdicts.append(f'{label}: refused ({t["error"][:60]})')
                continue
            bad = (t['valid'] - t['accepted']) + (t['negatives'] - t['rejected'])
            wrong[label] += bad
            if bad:
                verdicts.append(f'{label}: {bad} WRONG')
        docs = o.get('valid', b['valid']) + o.get('negatives', b['negatives'])
        if not verdicts:
            verdicts = [f'all {b["valid"]} accepted' + (f', {b["negatives"]} rejected' if b['negatives'] else '')]
        ov, bv, jv = o.get('validate_us'), b.get('validate_us'), j.get('validate_us')
        oc, bc, jc = o.get('compile_us'), b.get('compile_us'), j.get('compile_us')
        if ov is not None and bv is not None:
            compared += 1
            if ov < bv:
                faster += 1
            else:
                slower.append(f'{r["name"]} ({bv / ov:.2f}×)')
        if oc and jc:
            compile_ratios.append(jc / oc)
        if ov and jv:
            validate_vs_ajv.append(jv / ov)
        print(f'| {r["name"]} | {docs} | {fmt_ms(ov)} | {fmt_ms(bv)} | {fmt_ms(jv)} | {ratio(bv, ov)} | '
              f'{ratio(jv, ov)} | {fmt_ms(oc)} | {fmt_ms(bc)} | {fmt_ms(jc)} | {ratio(jc, oc)} | '
              f'{"; ".join(verdicts)} |')

    def geo(xs):
        return statistics.geometric_mean(xs) if xs else float('nan')

    print()
    print(f'- faster than Blaze on {faster} of {compared} schemas both compile'
          + (f'; slower on: {", ".join(slower)}' if slower else ''))
    if compile_ratios:
        print(f'- compile vs ajv: {sum(x >= 10 for x in compile_ratios)} of {len(compile_ratios)} schemas ≥ 10× faster; '
              f'ratio geometric mean {geo(compile_ratios):.1f}×, min {min(compile_ratios):.1f}×, '
              f'median {statistics.median(compile_ratios):.1f}×')
    if validate_vs_ajv:
        print(f'- validate vs ajv: faster on {sum(x > 1 for x in validate_vs_ajv)} of {len(validate_vs_ajv)}; '
              f'ratio geometric mean {geo(validate_vs_ajv):.2f}×')
    print('- wrong verdicts: ' + ', '.join(f'{k} {v}' for k, v in wrong.items()))
    return 1 if wrong['ours'] else 0


def instructions_table(a, blaze, version, names):
    """Instructions per validation of a document, ours and Blaze's, counted
    by callgrind. Blaze's CLI reads the clock twice around each validation
    and twice more for its overhead estimate: those instructions are taken
    out by counting the same run with the schema `true` (nothing to check),
    whose count is only that (and an empty evaluation)."""
    print(f'libschemac-validate ({os.path.relpath(a.bench, ROOT)}) and Blaze CLI {version}: instructions (Ir) '
          f'per validation of a document, callgrind\n')
    print('| schema | docs | ours Ir/doc | Blaze Ir/doc | Blaze/ours |')
    print('|---|---:|---:|---:|---:|')
    faster = compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        true_schema = os.path.join(tmp, 'true.json')
        with open(true_schema, 'w') as f:
            f.write('{"$schema": "http://json-schema.org/draft-07/schema#"}\n')
        for name in names:
            folder = os.path.join(a.corpus, name)
            docs_path = os.path.join(folder, 'instances.jsonl')
            docs = count_lines(docs_path)
            if docs == 0:
                continue
            print(f'{name} ...', file=sys.stderr, flush=True)
            ours = json_lines(run_cpu([a.bench, a.corpus, '--loop', '1', '--only', name])[1])[0]
            o = None if 'error' in ours else instructions_per_doc(
                lambda n: [a.bench, a.corpus, '--loop', str(n), '--only', name], docs, tmp)

            def blaze_cmd(schema):
                return lambda n: [blaze, 'validate', schema, docs_path, '--benchmark', '--fast', '--loop', str(n)]

            b = instructions_per_doc(blaze_cmd(os.path.join(folder, 'schema.json')), docs, tmp)
            b -= instructions_per_doc(blaze_cmd(true_schema), docs, tmp)
            if o is not None:
                compared += 1
                faster += o < b
            print(f'| {name} | {docs} | {"refused" if o is None else f"{o:.0f}"} | {b:.0f} | '
                  f'{"—" if o is None else f"{b / o:.2f}×"} |', flush=True)
    print(f'\n- fewer instructions than Blaze on {faster} of {compared} schemas both compile')
    return 0


if __name__ == '__main__':
    sys.exit(main())
