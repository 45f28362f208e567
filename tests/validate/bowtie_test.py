#!/usr/bin/env python3
"""Plays Bowtie's side of its harness protocol against bowtie_harness.c.

For each part of the JSON Schema Test Suite that suite_runner.c runs
(draft2020-12 and draft7: required, optional, optional/format), one harness
process gets what `bowtie suite` would send it: `start`, `dialect` (the
part's dialect), a `run` per case of each file (tests without their
expected `valid`; the suite's remotes in the case's `registry`, as Bowtie
serves them: only for refRemote, dynamicRef and vocabulary files, and
without the remotes of other drafts), then `stop`. The verdicts must be
the suite's except for exactly the tests known_failures.txt lists (the
suite runner's list) and the four of BOWTIE_ONLY (remotes Bowtie does not
serve), so the counts per part are the suite runner's but for those.

The protocol itself is checked too: the start reply's shape (Bowtie's
implementation model: required and allowed fields), `dialect` answered ok
for our dialects and not ok for another, every reply echoing its `seq`, a
result per test, a case whose schema does not compile `errored` (with its
`seq`), `output: annotations` skipped, and exit status 0 after `stop`.

    bowtie_test.py HARNESS SUITE_DIR KNOWN_FAILURES

Exit 77 (skip) when SUITE_DIR is missing.
"""
import json
import os
import re
import subprocess
import sys

DIALECTS = {
    'draft2020-12': 'https://json-schema.org/draft/2020-12/schema',
    'draft7': 'http://json-schema.org/draft-07/schema#',
}
# The parts of suite_runner.c: folder under tests/, and whether the
# harness asserts formats (the optional/format tests are a validator's
# that asserts them).
PARTS = [
    ('draft2020-12', 'standard'),
    ('draft2020-12/optional', 'standard'),
    ('draft2020-12/optional/format', 'assert'),
    ('draft7', 'standard'),
    ('draft7/optional', 'standard'),
    ('draft7/optional/format', 'assert'),
]
# bowtie/_suite.py: the files whose cases get the remotes as a registry.
REGISTRY_STEMS = {'refRemote', 'dynamicRef', 'vocabulary'}
REMOTE_BASE = 'http://localhost:1234/'
# Tests that fail only as Bowtie serves the remotes (the suite runner
# registers all of them for every file): their schemas refer to remotes
# Bowtie does not send, so the case errors ("resolves to no schema"), as
# it would for any implementation without network access.
BOWTIE_ONLY = {
    # format-assertion.json is not one of REGISTRY_STEMS: no registry, and
    # its schemas' $schema is a remote metaschema
    'draft2020-12/optional/format-assertion.json: schema that uses custom metaschema with format-assertion: false'
    ' / format-assertion: false: invalid string',
    'draft2020-12/optional/format-assertion.json: schema that uses custom metaschema with format-assertion: true'
    ' / format-assertion: true: invalid string',
    # draft7's cross-draft.json refers to remotes/draft2019-09/, which
    # Bowtie leaves out for draft7 (another draft's folder)
    'draft7/optional/cross-draft.json: refs to future drafts are processed as future drafts / missing bar is invalid',
    'draft7/optional/cross-draft.json: refs to future drafts are processed as future drafts / present bar is valid',
}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f'PROTOCOL: {what}')
    return cond


def remotes_for(remotes_dir, short_name):
    """The remotes Bowtie serves for a dialect (bowtie/_suite.py
    _remotes_in): every remote but those whose $schema names another
    dialect and those under another draft's folder."""
    out = {}
    for root, _, files in os.walk(remotes_dir):
        for name in sorted(files):
            if not name.endswith('.json'):
                continue
            path = os.path.join(root, name)
            relative = os.path.relpath(path, remotes_dir).replace(os.sep, '/')
            with open(path, encoding='utf-8') as f:
                schema = json.load(f)
            if isinstance(schema, dict) and '$schema' in schema and schema['$schema'] != DIALECTS[short_name]:
                continue
            if relative.startswith('draft') and not relative.startswith(short_name):
                continue
            out[REMOTE_BASE + relative] = schema
    return out


class Harness:
    def __init__(self, exe, formats):
        self.p = subprocess.Popen([exe, '--formats', formats], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, encoding='utf-8')

    def ask(self, message):
        self.p.stdin.write(json.dumps(message) + '\n')
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError(f'the harness closed its output after {message.get("cmd")}')
        return json.loads(line)

    def stop(self):
        self.p.stdin.write(json.dumps({'cmd': 'stop'}) + '\n')
        self.p.stdin.close()
        rc = self.p.wait(timeout=30)
        check(rc == 0, f'exit status {rc} after stop')
        check(self.p.stdout.read() == '', 'output after stop')


def check_start(reply, dialect):
    impl = reply.get('implementation', {})
    check(reply.get('version') == 1, 'start: version must be 1')
    required = {'name', 'language', 'dialects', 'homepage', 'issues', 'source'}
    allowed = required | {'version', 'documentation', 'links', 'os', 'os_version', 'language_version'}
    check(required <= set(impl), f'start: implementation lacks {sorted(required - set(impl))}')
    check(set(impl) <= allowed, f'start: implementation has unknown fields {sorted(set(impl) - allowed)}')
    check(re.fullmatch(r'[a-z][a-z0-9-+_]*', impl.get('language', '')) is not None, 'start: language pattern')
    check(re.fullmatch(r'[A-Za-z][\w\-.]*[A-Za-z0-9]', impl.get('name', '')) is not None, 'start: name pattern')
    check(all(isinstance(impl.get(k), str) and ':' in impl[k] for k in ('homepage', 'issues', 'source')),
          'start: homepage, issues and source must be URIs')
    check(dialect in impl.get('dialects', []), f'start: {dialect} not among the dialects')


def run_part(exe, suite, folder, formats, remotes_dir, seq_start):
    """The failed tests ("FILE: GROUP / TEST") of one part, its count, and
    the next seq."""
    short_name = folder.split('/')[0]
    dialect = DIALECTS[short_name]
    h = Harness(exe, formats)
    check_start(h.ask({'cmd': 'start', 'version': 1}), dialect)
    check(h.ask({'cmd': 'dialect', 'dialect': dialect}) == {'ok': True}, f'dialect {dialect} not ok')
    registry = remotes_for(remotes_dir, short_name)
    directory = os.path.join(suite, 'tests', folder)
    failed, total, seq = [], 0, seq_start
    for name in sorted(n for n in os.listdir(directory) if n.endswith('.json')):
        with open(os.path.join(directory, name), encoding='utf-8') as f:
            groups = json.load(f)
        rel = f'{folder}/{name}'
        stem = name[:-len('.json')]
        for group in groups:
            case = {'description': group['description'], 'schema': group['schema'],
                    'tests': [{'description': t['description'], 'instance': t['data'],
                               **({'comment': t['comment']} if 'comment' in t else {})} for t in group['tests']]}
            if 'comment' in group:
                case['comment'] = group['comment']
            if stem in REGISTRY_STEMS:
                case['registry'] = registry
            seq += 1
            reply = h.ask({'cmd': 'run', 'seq': seq, 'case': case, 'output': 'flag'})
            check(reply.get('seq') == seq, f'{rel}: seq {seq} answered as {reply.get("seq")}')
            results = reply.get('results')
            if results is not None:
                check(len(results) == len(group['tests']), f'{rel}: {len(results)} results for {len(group["tests"])} tests')
            else:
                check(reply.get('errored') is True or reply.get('skipped') is True,
                      f'{rel}: a reply with neither results, errored nor skipped')
            for i, t in enumerate(group['tests']):
                total += 1
                got = results[i] if results is not None and i < len(results) else {}
                if got.get('valid') is not t['valid'] or 'errored' in got or 'skipped' in got:
                    failed.append(f'{rel}: {group["description"]} / {t["description"]}')
    h.stop()
    return failed, total, seq


def check_protocol_edges(exe):
    """What the suite's cases do not exercise."""
    h = Harness(exe, 'standard')
    h.ask({'cmd': 'start', 'version': 1})
    check(h.ask({'cmd': 'dialect', 'dialect': 'http://json-schema.org/draft-04/schema#'}) == {'ok': False},
          'dialect: draft-04 must not be ok')
    reply = h.ask({'cmd': 'run', 'seq': 'a-string-seq', 'case': {
        'description': 'a $ref to nothing', 'schema': {'$ref': '#/$defs/missing'},
        'tests': [{'description': 'any', 'instance': 1}]}})
    check(reply.get('seq') == 'a-string-seq' and reply.get('errored') is True
          and 'missing' in reply.get('context', {}).get('message', ''),
          f'a schema that does not compile must error its case: {reply}')
    reply = h.ask({'cmd': 'run', 'seq': 7, 'output': 'annotations', 'case': {
        'description': 'annotations', 'schema': {'title': 'x'}, 'tests': [{'description': 'any', 'instance': 1}]}})
    check(reply.get('seq') == 7 and reply.get('skipped') is True, f'annotations must be skipped: {reply}')
    # draft-07's $ref ignores its siblings, 2020-12's does not
    sibling = {'$ref': '#/definitions/a', 'definitions': {'a': True}, 'type': 'string'}
    reply = h.ask({'cmd': 'run', 'seq': 8, 'case': {
        'description': 'no $schema', 'schema': sibling, 'tests': [{'description': 'a number', 'instance': 1}]}})
    check(reply == {'seq': 8, 'results': [{'valid': False}]}, f'2020-12 by default: {reply}')
    check(h.ask({'cmd': 'dialect', 'dialect': DIALECTS['draft7']}) == {'ok': True}, 'dialect draft7 not ok')
    reply = h.ask({'cmd': 'run', 'seq': 9, 'case': {
        'description': 'no $schema', 'schema': sibling, 'tests': [{'description': 'a number', 'instance': 1}]}})
    check(reply == {'seq': 9, 'results': [{'valid': True}]}, f'the dialect command sets the implicit dialect: {reply}')
    h.stop()


def main():
    if len(sys.argv) != 4:
        print('usage: bowtie_test.py HARNESS SUITE_DIR KNOWN_FAILURES', file=sys.stderr)
        return 2
    exe, suite, known_path = sys.argv[1:]
    if not os.path.isdir(os.path.join(suite, 'tests')):
        print(f'SKIP: no JSON Schema Test Suite at {suite}')
        return 77
    with open(known_path, encoding='utf-8') as f:
        known = {line.rstrip('\n') for line in f if line.strip() and not line.startswith('#')}
    check_protocol_edges(exe)
    seq, failed = 0, set()
    for folder, formats in PARTS:
        part_failed, total, seq = run_part(exe, suite, folder, formats, os.path.join(suite, 'remotes'), seq)
        failed |= set(part_failed)
        print(f'{folder:32} {total - len(part_failed):5}/{total} (formats {formats})')
    expected = known | BOWTIE_ONLY
    for line in sorted(failed - expected):
        print(f'FAIL (not a known failure): {line}')
    for line in sorted(expected - failed):
        print(f'PASS (a known failure, of the suite runner or BOWTIE_ONLY): {line}')
    print(f'{len(failed)} tests fail: the suite runner\'s {len(known)} known failures and '
          f'{len(failed & BOWTIE_ONLY)} for the remotes Bowtie does not serve')
    ok = not failures and failed == expected
    print('OK' if ok else 'FAILED')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
