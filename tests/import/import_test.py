#!/usr/bin/env python3
"""tests/import: `schemac import` is exact. For every input (the schemas in
schemas/, the tools/list of the published MCP servers tools.mjs starts, and
the schemas schemac writes from the test headers) it imports the input, runs
schemac on the header, and
  - the header's generated C compiles with -std=c11 -Wall -Wextra -Wpedantic -Werror;
  - compare.mjs samples documents from both schemas and ajv's verdicts agree;
  - for the test headers' schemas (the round trip header -> schema -> import
    -> header -> schema), the two schemas are the same (title aside);
  - refusals/*.json are refused with the error in refusals/expected.txt.
A real tool that cannot be imported is counted with its reason, not failed.

usage: import_test.py SCHEMAC CC INCLUDE_DIR CJSON_INCLUDE_DIR SOURCE_ROOT NODE
Exits 77 (skipped) when npm ci has not installed tests/import's packages."""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

SCHEMAC, CC, INCLUDE, CJSON, ROOT, NODE = sys.argv[1:7]
HERE = os.path.dirname(os.path.abspath(__file__))
ROUND_TRIP_HEADERS = ['tests/decode/' + stem + '.h' for stem in (
    'kitchen', 'nullable', 'any', 'shapes_union', 'maps', 'recursive', 'untagged', 'counts', 'comment_text',
    'const_members', 'long_texts', 'param_names')] + [
    'samples/url/url_tool.h', 'samples/url/url_server.h', 'samples/calculator/calculator.h',
    'samples/mcp-server/tools.h']
failures = []
compiles = []  # (name, command): run at the end, two at a time


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def canon(d):
    if isinstance(d, dict):
        return {k: sorted(v) if k == 'required' else canon(v) for k, v in d.items() if k not in ('title', '$schema')}
    if isinstance(d, list):
        return [canon(x) for x in d]
    return d


def import_and_build(name, source, work, pairs, original_schema_of, extra_args=()):
    """Imports source, writes the schemas and C, compiles; adds the pairs to compare."""
    header = os.path.join(work, name + '.h')
    r = run([SCHEMAC, 'import', *extra_args, source, '-o', header])
    if r.returncode != 0:
        return r.stderr.strip()
    out = os.path.join(work, name + '.out')
    r = run([SCHEMAC, '-o', out, header, '-I' + CJSON])
    if r.returncode != 0:
        failures.append(f'{name}: schemac rejects the imported header:\n{r.stderr}')
        return None
    for c_file in glob.glob(os.path.join(out, '*.schemac.c')):
        compiles.append((name, [CC, '-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror', '-c', c_file, '-I' + out,
                                '-I' + work, '-I' + INCLUDE, '-I' + CJSON, '-o', c_file + '.o']))
    for type_name, original in original_schema_of(header).items():
        emitted = os.path.join(out, type_name + '.schema.json')
        if not os.path.exists(emitted):
            failures.append(f'{name}: no {type_name}.schema.json')
            continue
        pairs.append({'name': f'{name}:{type_name}', 'original': original, 'emitted': emitted})
    return None


def struct_of_tool(header, tool):
    """The struct a header tags @tool TOOL (and its @output one)."""
    text = open(header, encoding='utf-8').read()
    found = {}
    for block in text.split('*/\nstruct ')[1:]:
        name = block.split(' ', 1)[0]
        comment = text.split('struct ' + name + ' {')[0].rsplit('/**', 1)[-1]
        if f'@tool {tool}\n' in comment:
            found['input'] = name
            if '@output ' in comment:
                found['output'] = comment.split('@output ', 1)[1].split()[0]
    return found


def main():
    started = time.time()
    for needed in ('tests/import/node_modules/json-schema-faker', 'tests/differential/node_modules/ajv'):
        if not os.path.isdir(os.path.join(ROOT, needed)):
            print(f'{needed} is not installed (npm ci --prefix {os.path.dirname(os.path.dirname(needed))}): skipped')
            return 77
    work = tempfile.mkdtemp(prefix='schemac-import-')
    pairs = []
    # 1. the schemas written for each construct
    for path in sorted(glob.glob(os.path.join(HERE, 'schemas', '*.json'))):
        name = os.path.basename(path)[:-5]
        err = import_and_build(name, path, work, pairs, lambda h: {root_name(h): path})
        if err:
            failures.append(f'{name}: refused: {err}')
    # 2. the tools of published MCP servers, one tool at a time
    tools_dir = os.path.join(work, 'tools')
    r = run([NODE, os.path.join(HERE, 'tools.mjs'), tools_dir])
    if r.returncode != 0:
        failures.append(f'tools.mjs: {r.stderr}')
    exact, refused, round_trips = [], [], []
    for listing in sorted(glob.glob(os.path.join(tools_dir, '*.json'))):
        server = os.path.basename(listing)[:-5]
        for i, tool in enumerate(json.load(open(listing))['tools']):
            base = f'{server}_{i}'
            one = os.path.join(work, base + '.tool.json')
            json.dump(tool, open(one, 'w'))
            schemas = {'input': os.path.join(work, base + '.input.json')}
            json.dump(tool['inputSchema'], open(schemas['input'], 'w'))
            if 'outputSchema' in tool:
                schemas['output'] = os.path.join(work, base + '.output.json')
                json.dump(tool['outputSchema'], open(schemas['output'], 'w'))
            before = len(pairs)

            def originals(header, tool=tool, schemas=schemas):
                names = struct_of_tool(header, tool['name'])
                return {names[k]: schemas[k] for k in names}
            err = import_and_build(base, one, work, pairs, originals)
            label = f'{server}/{tool["name"]}'
            if err:
                refused.append((label, err.splitlines()[0].replace(work + '/', '')))
            else:
                exact.append(label)
                for p in pairs[before:]:
                    p['name'] = label + ':' + p['name'].split(':', 1)[1]
    # each whole tools/list too: one header of all the server's tools
    for listing in sorted(glob.glob(os.path.join(tools_dir, '*.json'))):
        server = os.path.basename(listing)[:-5]
        err = import_and_build(f'{server}_all', listing, work, pairs, lambda h: {})
        if err:
            print(f'{server}: the whole tools/list is not imported: {err.splitlines()[0]}')
    # 3. the round trip of the test headers and the samples
    for rel in ROUND_TRIP_HEADERS:
        stem = os.path.basename(rel)[:-2]
        first = os.path.join(work, 'rt_' + stem)
        r = run([SCHEMAC, '--schema-only', '-o', first, os.path.join(ROOT, rel), '-I' + CJSON])
        if r.returncode != 0:
            failures.append(f'{rel}: {r.stderr}')
            continue
        for schema in sorted(glob.glob(os.path.join(first, '*.schema.json'))):
            type_name = os.path.basename(schema)[:-len('.schema.json')]
            name = f'rt_{stem}_{type_name}'
            err = import_and_build(name, schema, work, pairs, lambda h, s=schema, t=type_name: {t: s},
                                   ('--name', type_name))
            if err:
                print(f'round trip {rel} {type_name}: not imported: {err.splitlines()[0]}')
                continue
            again = os.path.join(work, name + '.out', type_name + '.schema.json')
            if os.path.exists(again) and canon(json.load(open(schema))) != canon(json.load(open(again))):
                failures.append(f'round trip {rel} {type_name}: {schema} and {again} differ')
            else:
                round_trips.append(f'{rel}:{type_name}')
    # 4. refusals
    expected = os.path.join(HERE, 'refusals', 'expected.txt')
    for line in open(expected, encoding='utf-8'):
        if not line.strip() or line.startswith('#'):
            continue
        file, message = line.rstrip('\n').split(' ', 1)
        r = run([SCHEMAC, 'import', os.path.join(HERE, 'refusals', file)])
        got = r.stderr.strip().replace(os.path.join(HERE, 'refusals') + '/', '')
        if r.returncode != 1 or message not in got:
            failures.append(f'refusals/{file}: expected exit 1 and "{message}", got {r.returncode}: {got}')
        r = run([SCHEMAC, 'import', '--loosen', os.path.join(HERE, 'refusals', file)])
        if 'loosened by --loosen' not in r.stdout and r.returncode == 0:
            failures.append(f'refusals/{file}: --loosen wrote no note')
    print(f'imported in {time.time() - started:.0f} s')
    # 5. the generated C compiles
    started = time.time()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for (name, _), r in zip(compiles, pool.map(lambda job: run(job[1]), compiles)):
            if r.returncode != 0:
                failures.append(f'{name}: the generated C does not compile:\n{r.stderr[:2000]}')
    print(f'{len(compiles)} generated sources compiled in {time.time() - started:.0f} s')
    # 6. the verdicts
    started = time.time()
    pairs_file = os.path.join(work, 'pairs.json')
    json.dump(pairs, open(pairs_file, 'w'), indent=1)
    r = run([NODE, os.path.join(HERE, 'compare.mjs'), pairs_file])
    print(r.stdout)
    print(f'verdicts compared in {time.time() - started:.0f} s')
    if r.returncode != 0:
        failures.append('compare.mjs: verdicts differ (above)' + r.stderr)
    print(f'round trips header -> schema -> import -> header -> schema: {len(round_trips)} the same')
    print(f'real MCP tools: {len(exact) + len(refused)} imported, {len(exact)} exact, {len(refused)} refused')
    for label, why in refused:
        print(f'  refused {label}: {why}')
    for f in failures:
        print('FAIL', f)
    if not failures:
        shutil.rmtree(work)
    else:
        print(f'the files are in {work}')
    return 1 if failures else 0


def root_name(header):
    text = open(header, encoding='utf-8').read()
    before = text.split('@schema\n', 1)[1]
    return before.split('struct ', 1)[1].split(' ', 1)[0]


if __name__ == '__main__':
    sys.exit(main())
