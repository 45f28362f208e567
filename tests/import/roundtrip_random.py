#!/usr/bin/env python3
"""tests/import: the round trip on random headers. For each seed,
tests/randheader/gen_header.py writes a random annotated header; schemac
writes the schema of each root; `schemac import` turns each schema back
into a header, and schemac's schema of that header must be the first one
(title and $schema aside, `required` in any order, and an @untagged union
of null and one scalar or array, which comes back @nullable). A schema the import
refuses is counted by reason (schemac wrote it, so each is a gap of the
import, listed); a different schema fails.

usage: roundtrip_random.py SCHEMAC CJSON_INCLUDE_DIR SEED ROUNDS
Seeds SEED .. SEED+ROUNDS-1; SEED "new" picks one (printed, to replay)."""
import collections
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(os.path.dirname(HERE), 'randheader', 'gen_header.py')


def as_nullable(d):
    """An @untagged union of null and one scalar or array, anyOf [X, {"type": "null"}],
    as the import writes it back: X as @nullable, its type with "null" (and
    null in its enum, a const an enum). The same documents; the one form the round trip
    changes (docs/import.md), counted apart. None when d is not one."""
    branches = d.get('anyOf')
    if not isinstance(branches, list) or len(branches) != 2 or {'type': 'null'} not in branches:
        return None
    x = dict(branches[1] if branches[0] == {'type': 'null'} else branches[0])
    if x.get('type') not in ('string', 'number', 'integer', 'boolean', 'array'):
        return None
    x['type'] = [x['type'], 'null']
    if 'const' in x:  # schemac writes a nullable const as a two-value enum
        x['enum'] = [x.pop('const')]
    if 'enum' in x:
        x['enum'] = x['enum'] + [None]
    if 'description' not in x and 'description' in d:
        x['description'] = d['description']
    return x


def canon(d, nullable=None):
    """d without title and $schema, `required` sorted; with a list for
    nullable, each union as_nullable rewrites is rewritten and counted."""
    if isinstance(d, dict):
        rewritten = as_nullable(d) if nullable is not None else None
        if rewritten is not None:
            nullable.append(1)
            d = rewritten
        return {k: sorted(v) if k == 'required' else canon(v, nullable) for k, v in d.items()
                if k not in ('title', '$schema')}
    if isinstance(d, list):
        return [canon(x, nullable) for x in d]
    return d


def run(argv):
    return subprocess.run(argv, capture_output=True, text=True)


def main():
    schemac, cjson, seed, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    seed = random.SystemRandom().randrange(1, 2 ** 31) if seed == 'new' else int(seed)
    print(f'roundtrip_random.py: seeds {seed}..{seed + rounds - 1}', flush=True)
    work = tempfile.mkdtemp(prefix='schemac-import-random-')
    same, refused, failures = 0, collections.Counter(), []
    same_but_nullable = nullable_unions = invalid = 0
    for s in range(seed, seed + rounds):
        header = os.path.join(work, f'rand_{s}.h')
        r = run([sys.executable, GEN, str(s), header, os.path.join(work, f'rand_{s}.config.json')])
        if r.returncode != 0:
            failures.append(f'seed {s}: gen_header.py failed: {r.stderr}')
            continue
        first = os.path.join(work, f'first_{s}')
        r = run([schemac, '--schema-only', '-I' + cjson, '-o', first, header])
        if r.returncode != 0:
            # gen_header.py's bug, which tests/randheader reports: no round trip to check
            errors = [line for line in r.stderr.splitlines() if ': error: ' in line]
            print(f'seed {s}: not checked: schemac rejects the random header: {errors[:1]}')
            invalid += 1
            continue
        for schema in sorted(glob.glob(os.path.join(first, '*.schema.json'))):
            root = os.path.basename(schema)[:-len('.schema.json')]
            label = f'seed {s} {root}'
            again_h = os.path.join(work, f'again_{s}_{root}.h')
            r = run([schemac, 'import', '--name', root, schema, '-o', again_h])
            if r.returncode != 0:
                # the construct and why, without the file and the place
                first_error = (r.stderr.strip().splitlines() or [f'error: / exit status {r.returncode}'])[0]
                refused[re.sub(r'^.*?error: \S+: ', '', first_error)] += 1
                continue
            again = os.path.join(work, f'again_{s}_{root}')
            r = run([schemac, '--schema-only', '-I' + cjson, '-o', again, again_h])
            if r.returncode != 0:
                failures.append(f'{label}: schemac rejects the imported header {again_h}: {r.stderr[:2000]}')
                continue
            back = os.path.join(again, root + '.schema.json')
            if not os.path.exists(back):
                failures.append(f'{label}: no {back}')
                continue
            if canon(json.load(open(back))) == canon(json.load(open(schema))):
                same += 1
                continue
            unions = []
            if canon(json.load(open(back)), []) != canon(json.load(open(schema)), unions):
                failures.append(f'{label}: {schema} and {back} differ')
                continue
            same_but_nullable += 1
            nullable_unions += len(unions)
    print(f'random headers: {rounds} seeds, {same} root schemas the same after the round trip, '
          f'{same_but_nullable} the same but for {nullable_unions} unions of null and a scalar or array written as @nullable, '
          f'{sum(refused.values())} refused by the import, {invalid} random headers schemac rejects')
    for reason, n in refused.most_common():
        print(f'  {n:3d} refused: {reason}')
    for f in failures:
        print('FAIL', f)
    if failures:
        print(f'the files are in {work} (replay: --seed {seed})')
        return 1
    shutil.rmtree(work)
    return 0 if same > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
