#!/usr/bin/env python3
"""tests/import: the texts schemac import writes into a header never change
what the header says (issue 42), and what import cannot say it refuses.

  1. schemas/comment_text.json, whose descriptions, names, enum values,
     defaults, examples and patterns hold what a C compiler would read
     (a comment's end and start, a backslash at a line's end, trigraphs:
     "??/" is a line splice under -std=c11), is imported; the header must
     compile with gcc and clang under -std=c11 and -std=gnu11 with -Wall
     -Wextra -Wpedantic -Werror, and the schema schemac writes from it
     (read under both standards) must have every member, the same required
     members, and every description, pattern, default, example, enum and
     const of the input, character for character;
  2. every refusal of refusals/expected.txt gives its error (exit 1), and
     its --loosen header, when there is one, compiles as in 1 (the notes
     hold JSON Pointers, which hold any text of the schema);
  3. a default that is a multiple in decimal (19.99 of 0.01, 0.3 of 0.1)
     imports and generates, its @default kept (issue 43).

usage: text_test.py SCHEMAC CJSON_INCLUDE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

SCHEMAC, CJSON = (os.path.abspath(a) for a in sys.argv[1:3])
HERE = os.path.dirname(os.path.abspath(__file__))
COMPILERS = [c for c in ('gcc', 'clang') if shutil.which(c)]
STANDARDS = ('c11', 'gnu11')
KEYWORDS = ('description', 'pattern', 'default', 'examples', 'enum', 'const')
failures = []


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def compiles(header, what):
    for cc in COMPILERS:
        for std in STANDARDS:
            r = run([cc, '-std=' + std, '-Wall', '-Wextra', '-Wpedantic', '-Werror', '-fsyntax-only',
                     '-I' + CJSON, '-x', 'c', header])
            if r.returncode != 0:
                failures.append(f'{what}: {cc} -std={std} refuses the header:\n{r.stderr[:1500]}')


def schema_of(header, std, what):
    r = run([SCHEMAC, '--print-schema', '-std=' + std, '-I' + CJSON, header])
    if r.returncode != 0:
        failures.append(f'{what}: schemac -std={std} refuses the header:\n{r.stderr[:1500]}')
        return None
    return json.loads(r.stdout)


def same_texts(want, got, where):
    """Every member of want in got, with the same texts (and required)."""
    if sorted(want.get('properties', {})) != sorted(got.get('properties', {})):
        failures.append(f'{where}: members {sorted(want["properties"])} came back as '
                        f'{sorted(got.get("properties", {}))}')
    if sorted(want.get('required', [])) != sorted(got.get('required', [])):
        failures.append(f'{where}: required {want.get("required")} came back as {got.get("required")}')
    if want.get('description') != got.get('description'):
        failures.append(f'{where}: description {want.get("description")!r} came back as '
                        f'{got.get("description")!r}')
    for name, prop in want.get('properties', {}).items():
        back = got.get('properties', {}).get(name, {})
        for kw in KEYWORDS:
            if kw in prop and prop[kw] != back.get(kw):
                failures.append(f'{where}: /properties/{name}/{kw} {prop[kw]!r} came back as '
                                f'{back.get(kw)!r}')


def round_trip(work):
    source = os.path.join(HERE, 'schemas', 'comment_text.json')
    header = os.path.join(work, 'comment_text.h')
    r = run([SCHEMAC, 'import', source, '-o', header])
    if r.returncode != 0:
        failures.append(f'comment_text.json: not imported: {r.stderr[:1500]}')
        return
    compiles(header, 'comment_text.json')
    want = json.load(open(source, encoding='utf-8'))
    for std in STANDARDS:
        got = schema_of(header, std, 'comment_text.json')
        if got is not None:
            same_texts(want, got, f'comment_text.json, -std={std}')


def refusals(work):
    folder = os.path.join(HERE, 'refusals')
    checked = 0
    for line in open(os.path.join(folder, 'expected.txt'), encoding='utf-8'):
        if not line.strip() or line.startswith('#'):
            continue
        file, message = line.rstrip('\n').split(' ', 1)
        r = run([SCHEMAC, 'import', file], cwd=folder)
        if r.returncode != 1 or message not in r.stderr:
            failures.append(f'refusals/{file}: expected exit 1 and "{message}", got {r.returncode}: '
                            f'{r.stderr.strip()}')
        header = os.path.join(work, file[:-len('.json')] + '.h')
        r = run([SCHEMAC, 'import', '--loosen', file, '-o', header], cwd=folder)
        if r.returncode == 0:
            if 'loosened by --loosen' not in open(header, encoding='utf-8').read():
                failures.append(f'refusals/{file}: --loosen wrote no note')
            compiles(header, f'refusals/{file} --loosen')
        checked += 1
    print(f'{checked} refusals checked')


def multiple_of_defaults(work):
    for divisor, default in (('0.01', '19.99'), ('0.1', '0.3')):
        what = f'multipleOf {divisor}, default {default}'
        source, header = os.path.join(work, 'multiple.json'), os.path.join(work, 'multiple.h')
        with open(source, 'w', encoding='utf-8') as f:
            f.write('{"type": "object", "properties": {"price": {"type": "number", '
                    f'"multipleOf": {divisor}, "default": {default}}}}}}}')
        r = run([SCHEMAC, 'import', source, '-o', header])
        if r.returncode != 0:
            failures.append(f'{what}: not imported: {r.stderr[:1500]}')
            continue
        r = run([SCHEMAC, header, '-o', work, '-I' + CJSON])
        if r.returncode != 0:
            failures.append(f'{what}: the header is refused: {r.stderr[:1500]}')
            continue
        got = schema_of(header, 'c11', what)
        price = got and got.get('properties', {}).get('price', {})
        if price is not None and (price.get('default') != float(default) or
                                  price.get('multipleOf') != float(divisor)):
            failures.append(f'{what}: the schema says {price}')


def main():
    if not COMPILERS:
        print('no gcc or clang')
        return 77
    with tempfile.TemporaryDirectory() as work:
        round_trip(work)
        refusals(work)
        multiple_of_defaults(work)
    for f in failures:
        print('FAIL', f)
    print(f'{len(failures)} failures (compilers: {", ".join(COMPILERS)})')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
