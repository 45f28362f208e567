#!/usr/bin/env python3
"""schemac validate (docs/validate.md, "Command line"): exit statuses, the
exact text lines, JSON Lines, the 2020-12 basic output format, -r with the
JSON Schema Test Suite's remotes, bad schemas, usage errors, --metaschema,
documents read as JSON by default and with --strict-json as the decoders
read theirs. The documents are in cli/; --emitted names a schema schemac
emitted (tests/decode's commented_doc.schema.json, whose bound is 2^53).
With --remotes only the -r cases run, and the test exits 77 (skipped)
without ../shared/testdata.

usage: cli_test.py SCHEMAC CLI_DIR SUITE_DIR [--remotes | --emitted SCHEMA]"""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

SCHEMAC, CLI_DIR, SUITE_DIR = sys.argv[1:4]
SCHEMAC = os.path.abspath(SCHEMAC)  # the documents are named from CLI_DIR
REMOTES = sys.argv[4:] == ['--remotes']
EMITTED = os.path.abspath(sys.argv[5]) if sys.argv[4:5] == ['--emitted'] else None
failures = []


def run(*args):
    p = subprocess.run([SCHEMAC, 'validate', *args], cwd=CLI_DIR, capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines(), p.stderr


def check(name, got, want):
    if got != want:
        failures.append(f'{name}:\n  got  {got!r}\n  want {want!r}')


def local_cases():
    # text output, every kind of document at once: exit 1
    rc, out, _ = run('-s', 'schema.json', 'valid.json', 'invalid.json', 'not_json.json', 'docs.jsonl')
    check('text: exit status', rc, 1)
    check('text: lines', out, [
        'valid.json: valid',
        'invalid.json: /name: must be at least 1 character long [/properties/name/minLength]',
        'invalid.json: /port: must be <= 65535 [/properties/port/maximum]',
        'invalid.json: /tags/1: must be a string [/properties/tags/items/type]',
        'invalid.json: unknown property "x" [/additionalProperties]',
        "not_json.json:4:1: not JSON: expected a string key after ','",
        'docs.jsonl:1: valid',
        'docs.jsonl:3: missing required property "name" [/required]',
        'docs.jsonl:3: /port: must be >= 1 [/properties/port/minimum]',
        'docs.jsonl:4:2: not JSON: object keys must be strings in double quotes',
        'docs.jsonl:5: /email: must be a valid email [/properties/email/format]',
        'docs.jsonl:6: /tags: must not contain duplicates: item 1 repeats an earlier one [/properties/tags/uniqueItems]',
    ])

    # valid only: exit 0; --quiet prints nothing
    check('valid: run', run('-s', 'schema.json', 'valid.json')[:2], (0, ['valid.json: valid']))
    p = subprocess.run([SCHEMAC, 'validate', '-s', 'schema.json', '-'], cwd=CLI_DIR, input='{"port": 1}',
                       capture_output=True, text=True)
    check('standard input', (p.returncode, p.stdout), (1, '-: missing required property "name" [/required]\n'))
    check('valid --quiet: run', run('-q', '-s', 'schema.json', 'valid.json')[:2], (0, []))
    check('invalid --quiet: exit status', run('--quiet', '--schema=schema.json', 'invalid.json')[0], 1)

    # --formats annotate: the email of line 5 passes; assert is the default
    rc, out, _ = run('-s', 'schema.json', '--formats', 'annotate', 'docs.jsonl')
    check('--formats annotate: line 5', [l for l in out if l.startswith('docs.jsonl:5:')], ['docs.jsonl:5: valid'])
    rc, out, _ = run('-s', 'schema.json', '--formats=assert', 'docs.jsonl')
    check('--formats assert: line 5', [l for l in out if l.startswith('docs.jsonl:5:')],
          ['docs.jsonl:5: /email: must be a valid email [/properties/email/format]'])

    # --output basic: one line per document, each the 2020-12 basic format
    rc, out, _ = run('-s', 'schema.json', '--output', 'basic', 'valid.json', 'invalid.json', 'not_json.json', 'docs.jsonl')
    check('basic: exit status', rc, 1)
    results = []
    for line in out:
        try:
            results.append(json.loads(line))
        except ValueError:
            failures.append(f'basic: not a line of JSON: {line!r}')
    check('basic: one line per document (valid, invalid, not JSON, 5 lines)', len(results), 8)
    check('basic: verdicts', [r.get('valid') for r in results], [True, False, False, True, False, False, False, False])
    for r in results:
        if r.get('valid') is True:
            check('basic: a valid result', r, {'valid': True})
            continue
        errors = r.get('errors')
        if not isinstance(errors, list) or not errors:
            failures.append(f'basic: an invalid result without errors[]: {r!r}')
            continue
        for e in errors:
            for key in ('keywordLocation', 'instanceLocation', 'error'):
                if not isinstance(e.get(key), str):
                    failures.append(f'basic: an error without a string {key}: {e!r}')
    if len(results) == 8:
        check('basic: the errors of invalid.json',
              [(e['instanceLocation'], e['keywordLocation']) for e in results[1]['errors']],
              [('/name', '/properties/name/minLength'), ('/port', '/properties/port/maximum'),
               ('/tags/1', '/properties/tags/items/type'), ('', '/additionalProperties')])
        check('basic: the error of a document that is not JSON', results[2]['errors'][0]['error'],
              "not JSON: line 4, column 1: expected a string key after ','")
        check('basic: the absolute location', results[4]['errors'][0].get('absoluteKeywordLocation'),
              'urn:schemac:root#/required')

    # a bad schema, a schema that is not there, usage errors: exit 2
    rc, out, err = run('-s', 'bad_schema.json', 'valid.json')
    check('bad schema: exit status and stdout', (rc, out), (2, []))
    check('bad schema: stderr', err.strip(),
          'schemac validate: bad_schema.json: /properties/a/minimum: the schema breaks its metaschema '
          'https://json-schema.org/draft/2020-12/schema: must be a number')
    check('missing schema: exit status', run('-s', 'missing.json', 'valid.json')[0], 2)
    check('missing document: exit status', run('-s', 'schema.json', 'missing.json')[0], 2)
    check('unresolved $ref without -r: exit status', run('-s', 'remote_ref.json', 'valid.json')[0], 2)
    for args in (['valid.json'], ['-s', 'schema.json'], ['-s', 'schema.json', '--output', 'xml', 'valid.json'],
                 ['-s', 'schema.json', '--formats', 'maybe', 'valid.json'], ['-s', 'schema.json', '--bogus', 'valid.json'],
                 ['-s', 'schema.json', '-r', 'nodir', 'valid.json'], ['--metaschema', '-s', 'schema.json', 'valid.json'],
                 ['-s']):
        rc, out, err = run(*args)
        check(f'usage error {args}: exit status and stdout', (rc, out), (2, []))
        if "Try 'schemac validate --help'." not in err:
            failures.append(f'usage error {args}: stderr {err!r}')
    rc, out, _ = run('--help')
    check('--help: exit status', rc, 0)
    if not out or not out[0].startswith('schemac validate -s SCHEMA'):
        failures.append(f'--help: {out[:1]!r}')

    # --metaschema: the schemas themselves
    check('--metaschema valid', run('--metaschema', 'schema.json')[:2], (0, ['schema.json: valid']))
    # a reference that resolves to nothing is the schema's error too
    check('--metaschema, unresolved $ref', run('--metaschema', 'remote_ref.json')[:2], (1, [
        'remote_ref.json: /properties/n/$ref: the reference "http://localhost:1234/draft2020-12/integer.json" '
        'resolves to no schema']))
    check('--metaschema invalid', run('--metaschema', 'schema.json', 'bad_schema.json')[:2], (1, [
        'schema.json: valid',
        'bad_schema.json: /properties/a/minimum: the schema breaks its metaschema '
        'https://json-schema.org/draft/2020-12/schema: must be a number']))
    rc, out, _ = run('--metaschema', '--output', 'basic', 'bad_schema.json')
    check('--metaschema basic: exit status', rc, 1)
    check('--metaschema basic', [json.loads(l) for l in out], [{'valid': False, 'errors': [{
        'keywordLocation': '', 'absoluteKeywordLocation': '', 'instanceLocation': '/properties/a/minimum',
        'error': 'the schema breaks its metaschema https://json-schema.org/draft/2020-12/schema: must be a number'}]}])


def json_cases():
    # documents: JSON's semantics by default (a repeated key's last member
    # wins, an integer beyond 2^53 is the nearest double, as JSON.parse and
    # so ajv read them), the decoders' I-JSON rules with --strict-json
    rc, out, _ = run('-s', 'schema.json', 'dup_key.json', 'big_int.json')
    check('standard: the last "name" wins, a big port is a number', (rc, out), (1, [
        'dup_key.json: /name: must be at least 1 character long [/properties/name/minLength]',
        'big_int.json: /port: must be <= 65535 [/properties/port/maximum]']))
    rc, out, _ = run('--strict-json', '-s', 'schema.json', 'dup_key.json', 'big_int.json')
    check('--strict-json: neither is JSON to a decoder', (rc, out), (1, [
        'dup_key.json:1:29: not JSON: duplicate key "name"',
        'big_int.json:1:25: not JSON: /port: integer beyond +-(2^53-1) cannot be represented exactly']))
    # a schema is read as JSON whatever --strict-json says: its bound 2^53
    # compiles and is said as the decoders say it
    rc, out, _ = run('-s', 'big_bound.json', 'big.jsonl')
    check('standard: big.jsonl', (rc, out), (1, [
        'big.jsonl:1: valid',
        'big.jsonl:2: must be < 9007199254740992.0 [/exclusiveMaximum]',
        'big.jsonl:3: must be an integer [/type]']))
    rc, out, _ = run('-s', 'big_bound.json', '--strict-json', 'big.jsonl')
    check('--strict-json: big.jsonl', (rc, out), (1, [
        'big.jsonl:1: valid',
        'big.jsonl:2:1: not JSON: integer beyond +-(2^53-1) cannot be represented exactly',
        'big.jsonl:3:10: not JSON: duplicate key "a"']))
    for mode in ([], ['--strict-json']):
        check(f'--metaschema {mode}, a bound of 2^53', run('--metaschema', *mode, 'big_bound.json')[:2],
              (0, ['big_bound.json: valid']))
    rc, out, _ = run('--output', 'basic', '-s', 'schema.json', 'dup_key.json')
    check('basic, standard: the last "name" is the one checked', [json.loads(l) for l in out], [{'valid': False, 'errors': [{
        'keywordLocation': '/properties/name/minLength', 'absoluteKeywordLocation':
        'urn:schemac:root#/properties/name/minLength', 'instanceLocation': '/name',
        'error': 'must be at least 1 character long'}]}])
    # multipleOf in decimal: 19.99 is a multiple of 0.01, 1e308 of 0.5
    rc, out, _ = run('-s', 'multiple_of.json', 'multiples.jsonl')
    check('multipleOf in decimal', (rc, out), (1, [
        'multiples.jsonl:1: valid',
        'multiples.jsonl:2: valid',
        'multiples.jsonl:3: valid',
        'multiples.jsonl:4: /price: must be a multiple of 0.01 [/properties/price/multipleOf]',
        'multiples.jsonl:5: /amount: must be a multiple of 1e-08 [/properties/amount/multipleOf]',
        'multiples.jsonl:6: /whole: must be a multiple of 1 [/properties/whole/multipleOf]',
        'multiples.jsonl:6: /half: must be a multiple of 0.5 [/properties/half/multipleOf]',
        'multiples.jsonl:6: /tenth: must be a multiple of 0.1 [/properties/tenth/multipleOf]']))
    if EMITTED is not None:
        # what schemac emits, "exclusiveMaximum": 9007199254740992 among it
        for mode in ([], ['--strict-json']):
            check(f'--metaschema {mode} on an emitted schema', run('--metaschema', *mode, EMITTED)[:2],
                  (0, [f'{EMITTED}: valid']))


def remote_cases():
    # -r: the suite's remotes, as the suite's own refRemote tests name them
    remotes = os.path.join(SUITE_DIR, 'remotes')
    tmpdir = tempfile.mkdtemp(prefix='validate_cli_')
    atexit.register(shutil.rmtree, tmpdir, True)
    tmp = os.path.join(tmpdir, 'docs.jsonl')
    with open(tmp, 'w') as f:
        f.write('{"n": 1}\n{"n": "one"}\n')
    rc, out, _ = run('-s', 'remote_ref.json', '-r', 'http://localhost:1234/=' + remotes, tmp)
    check('-r: exit status', rc, 1)
    check('-r: lines', out, [f'{tmp}:1: valid', f'{tmp}:2: /n: must be an integer [/properties/n/$ref/type]'])
    # the suite's own refRemote.json: its schema "remote ref" on its tests
    with open(os.path.join(SUITE_DIR, 'tests', 'draft2020-12', 'refRemote.json')) as f:
        group = next(g for g in json.load(f) if g['description'] == 'remote ref')
    schema = os.path.join(tmpdir, 'ref_remote.json')
    with open(schema, 'w') as f:
        json.dump(group['schema'], f)
    with open(tmp, 'w') as f:
        for t in group['tests']:
            f.write(json.dumps(t['data']) + '\n')
    rc, out, _ = run('--output', 'basic', '-s', schema, '-r', 'http://localhost:1234=' + remotes, tmp)
    check('-r, suite: verdicts', [json.loads(l)['valid'] for l in out], [t['valid'] for t in group['tests']])
    os.remove(tmp)
    os.remove(schema)
    os.rmdir(tmpdir)
    check('-r, --metaschema', run('--metaschema', '-r', 'http://localhost:1234/=' + remotes, 'remote_ref.json')[:2],
          (0, ['remote_ref.json: valid']))


if not REMOTES:
    local_cases()
    json_cases()
elif not os.path.isdir(os.path.join(SUITE_DIR, 'remotes')):
    print(f'{SUITE_DIR} not found: skipped')
    sys.exit(77)
else:
    remote_cases()

for f in failures:
    print('FAIL', f)
print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
