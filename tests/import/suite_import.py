#!/usr/bin/env python3
"""tests/import: every schema of the JSON Schema Test Suite (draft 2020-12,
the required tests, read in place) through `schemac import`. Each group's
schema S becomes the member v of a closed object, {"type": "object",
"properties": {"v": S}, "additionalProperties": false} (its "#" pointers
moved under /properties/v), and each instance I the document {"v": I},
which that object accepts exactly when S accepts I: a root must be an
object, and v is optional so that a free-form S is no required member of
any value.

A schema the import refuses is counted by its reason. The others of a file
are imported together as the tools of one tools/list, schemac generates the
decoders of that header, and a driver of them (decoders.py) decodes every
instance: its verdict must be the suite's `valid`, except where a rule of
docs/strictness.md (or a format the decoder asserts, docs/formats.md)
decides, each named by case. Anything else is a mismatch and fails. The
counts must be the table between the import-counts marks of CONFORMANCE_MD
(docs/conformance.md): a change of the import fails until the page says it.

usage: suite_import.py SCHEMAC CC INCLUDE_DIR CJSON_INCLUDE_DIR SUITE_DIR CONFORMANCE_MD LIBSCHEMAC DRIVER_SOURCE...
Exits 77 (skipped) without the suite."""
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import decoders

SCHEMAC, CC, INCLUDE, CJSON, SUITE, CONFORMANCE_MD, LIB = sys.argv[1:8]
DRIVER_SOURCES = sys.argv[8:]
BEGIN, END = '<!-- import-counts -->', '<!-- /import-counts -->'
# the values of these keywords are data, not schemas
DATA = ('enum', 'const', 'default', 'examples')


def moved(s, under):
    """s with its "#..." $refs pointing below under (a JSON Pointer)."""
    if isinstance(s, list):
        return [moved(x, under) for x in s]
    if not isinstance(s, dict):
        return s
    out = {}
    for k, v in s.items():
        if k == '$ref' and isinstance(v, str) and v.startswith('#') and (v == '#' or v.startswith('#/')):
            out[k] = '#' + under + v[1:]
        elif k in DATA or k == '$schema':
            out[k] = v if k != '$schema' else None
        else:
            out[k] = moved(v, under)
    return {k: v for k, v in out.items() if not (k == '$schema' and v is None)}


def wrapped(schema):
    return {'type': 'object', 'properties': {'v': moved(schema, '/properties/v')}, 'additionalProperties': False}


def refusal_reason(stderr, path):
    """"CONSTRUCT cannot be expressed in a header (WHY)" of the first error,
    without its place; other errors as they are."""
    first = (stderr.strip().splitlines() or ['no error message'])[0].replace(path + ': error: ', '')
    m = re.match(r'\S+: (.*)$', first)
    return m.group(1) if m else first


def depth(v):
    if isinstance(v, dict):
        return 1 + max([depth(x) for x in v.values()], default=0)
    if isinstance(v, list):
        return 1 + max([depth(x) for x in v], default=0)
    return 1


def big_integer(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return abs(v) > 2 ** 53 - 1
    if isinstance(v, dict):
        return any(big_integer(x) for x in v.values())
    if isinstance(v, list):
        return any(big_integer(x) for x in v)
    return False


def has_text(v, pred):
    if isinstance(v, str):
        return pred(v)
    if isinstance(v, dict):
        return any(pred(k) or has_text(x, pred) for k, x in v.items())
    if isinstance(v, list):
        return any(has_text(x, pred) for x in v)
    return False


def strictness(instance, schema, line):
    """The documented rule that makes the decoder reject a valid instance."""
    words = line.split('\t')[0].split(' ')
    code, keyword = (words[1], words[-1]) if line.startswith('error ') else ('', '')
    if code == 'SC_ERR_NUMBER' and big_integer(instance):
        return 'I-JSON: an integer beyond +-(2^53-1) (docs/strictness.md)'
    if code == 'SC_ERR_NUL' and has_text(instance, lambda s: '\0' in s):
        return 'U+0000 in a string (docs/strictness.md)'
    if code == 'SC_ERR_UTF8' and has_text(instance, lambda s: any(0xd800 <= ord(c) <= 0xdfff for c in s)):
        return 'a lone surrogate (docs/strictness.md)'
    if code == 'SC_ERR_DEPTH' and depth(instance) + 1 > 64:
        return 'nesting beyond 64 levels (docs/strictness.md)'
    if keyword == 'format':
        return 'formats are asserted (docs/formats.md), an annotation in the suite'
    return None


def counts_table(groups, exact, refused, named):
    """The Markdown of the counts, as docs/conformance.md holds them."""
    md = ['| schemas | imported exactly | refused | mismatches |', '|---:|---:|---:|---:|',
          f'| {groups} | {exact} | {sum(refused.values())} | 0 |', '',
          '| refused | reason (the import\'s error, without its place) |', '|---:|---|']
    md += [f'| {n} | {reason.replace("|", "&#124;")} |' for reason, n in sorted(refused.items(), key=lambda x: (-x[1], x[0]))]
    md += ['', '| instance | the strictness rule that decides it |', '|---|---|']
    md += [f'| {label.replace("|", "&#124;")} | {rule} |' for label, rule in named]
    return '\n'.join(md) + '\n'


def main():
    files = sorted(glob.glob(os.path.join(SUITE, '*.json')))
    if not files:
        print(f'{SUITE}: no JSON Schema Test Suite: skipped')
        return 77
    work = tempfile.mkdtemp(prefix='schemac-suite-import-')
    refused = collections.Counter()
    accepted = {}  # file stem -> [(tool name, group)]
    groups = 0
    for path in files:
        stem = os.path.basename(path)[:-5]
        for i, group in enumerate(json.load(open(path, encoding='utf-8'))):
            groups += 1
            name = f'{re.sub(r"[^A-Za-z0-9]", "_", stem)}_{i}'
            source = os.path.join(work, name + '.json')
            json.dump({'tools': [{'name': name, 'inputSchema': wrapped(group['schema'])}]}, open(source, 'w'))
            r = subprocess.run([SCHEMAC, 'import', source], capture_output=True, text=True)
            if r.returncode != 0:
                refused[refusal_reason(r.stderr, source)] += 1
            else:
                accepted.setdefault(stem, []).append((name, group))
    builder = decoders.Builder(CC, INCLUDE, CJSON, LIB, DRIVER_SOURCES, work)
    failures = []

    def build(stem):
        """(stem, driver, the tool name -> struct) for a file's groups."""
        source = os.path.join(work, stem + '.tools.json')
        json.dump({'tools': [{'name': n, 'inputSchema': wrapped(g['schema'])} for n, g in accepted[stem]]},
                  open(source, 'w'))
        header = os.path.join(work, f'suite_{stem}.h'.replace('-', '_'))
        r = subprocess.run([SCHEMAC, 'import', source, '-o', header], capture_output=True, text=True)
        if r.returncode != 0:
            return stem, None, f'the tools of its groups together are refused: {r.stderr}'
        out = header[:-2] + '.out'
        r = subprocess.run([SCHEMAC, '-o', out, header, '-I' + CJSON], capture_output=True, text=True)
        if r.returncode != 0:
            return stem, None, f'schemac rejects the imported header: {r.stderr}'
        structs = {n: decoders.struct_of_tool(header, n)['input'] for n, _ in accepted[stem]}
        driver, err = builder.build(out, header, list(structs.values()))
        return stem, (driver, structs), err

    exact, mismatches, rules = 0, 0, collections.Counter()
    named = []  # (case, rule): every case a rule decides
    with ThreadPoolExecutor(max_workers=2) as pool:
        for stem, built, err in pool.map(build, sorted(accepted)):
            if err is not None:
                failures.append(f'{stem}: {err[:3000]}')
                continue
            driver, structs = built
            cases = [(n, g, t) for n, g in accepted[stem] for t in g['tests']]
            lines = ''.join(json.dumps({'type': structs[n], 'doc': json.dumps({'v': t['data']})}) + '\n'
                            for n, _, t in cases)
            env = dict(os.environ, ASAN_OPTIONS=os.environ.get('ASAN_OPTIONS', 'detect_leaks=1'))
            r = subprocess.run([driver], input=lines, capture_output=True, text=True, env=env)
            verdicts = r.stdout.split('\n')
            if r.returncode != 0 or len(verdicts) < len(cases):
                failures.append(f'{stem}: the driver failed ({r.returncode}): {r.stderr[-3000:]}')
                continue
            bad_groups = set()
            for (n, g, t), line in zip(cases, verdicts):
                label = f'{stem}: {g["description"]}: {t["description"]}'
                if line.startswith('ok\tbug'):
                    failures.append(f'{label}: the decoder\'s value fails its own checks: {line}')
                    bad_groups.add(n)
                    continue
                if line.startswith('ok') == t['valid']:
                    continue
                rule = strictness(t['data'], g['schema'], line) if t['valid'] else None
                if rule is not None:
                    rules[rule] += 1
                    named.append((label, rule))
                    continue
                mismatches += 1
                bad_groups.add(n)
                failures.append(f'{label}: the suite says {"valid" if t["valid"] else "invalid"}, '
                                f'the decoder of the imported header {line[:300]}')
            exact += len(accepted[stem]) - len(bad_groups)
    print(f'JSON Schema Test Suite draft 2020-12 (required tests): {groups} schemas, {exact} imported exactly, '
          f'{sum(refused.values())} refused, {mismatches} mismatches')
    table = counts_table(groups, exact, refused, named)
    page = open(CONFORMANCE_MD, encoding='utf-8').read()
    if BEGIN not in page or END not in page or page.split(BEGIN)[1].split(END)[0].strip() != table.strip():
        failures.append(f'{CONFORMANCE_MD}: the counts between {BEGIN} and {END} are not these:\n{table}')
    print('refused, by reason:')
    for reason, n in refused.most_common():
        print(f'  {n:4d} {reason}')
    print(f'instances a documented strictness rule decides: {sum(rules.values())}')
    for label, rule in named:
        print(f'  {label}: {rule}')
    for f in failures:
        print('FAIL', f)
    if exact + sum(refused.values()) == 0:
        failures.append('nothing was checked')
    if failures:
        print(f'the files are in {work}')
        return 1
    shutil.rmtree(work)
    return 0


if __name__ == '__main__':
    sys.exit(main())
