#!/usr/bin/env python3
"""tests/import: `schemac import` is exact. For every input (the schemas in
schemas/, the tools/list of the published MCP servers tools.mjs starts, and
the schemas schemac writes from the test headers) it imports the input, runs
schemac on the header, and
  - the header's generated C compiles with -std=c11 -Wall -Wextra -Wpedantic -Werror
    into a driver of its decoders (decoders.py, under ASan+UBSan);
  - compare.mjs samples documents from both schemas; ajv's verdicts on both
    and the generated decoder's agree (the decoder's strictness rules of
    docs/strictness.md counted apart, by rule);
  - for the test headers' schemas (the round trip header -> schema -> import
    -> header -> schema), the two schemas are the same (title aside).
refusals/*.json are refused with the error in refusals/expected.txt:
text_test.py checks that in every build.
A real tool that cannot be imported is counted with its reason, not failed.

usage: import_test.py SCHEMAC CC INCLUDE_DIR CJSON_INCLUDE_DIR SOURCE_ROOT NODE LIBSCHEMAC DRIVER_SOURCE...
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

import decoders

SCHEMAC, CC, INCLUDE, CJSON, ROOT, NODE, LIB = sys.argv[1:8]
DRIVER_SOURCES = sys.argv[8:]
HERE = os.path.dirname(os.path.abspath(__file__))
ROUND_TRIP_HEADERS = ['tests/decode/' + stem + '.h' for stem in (
    'kitchen', 'nullable', 'any', 'shapes_union', 'maps', 'recursive', 'untagged', 'counts', 'comment_text',
    'const_members', 'long_texts', 'param_names')] + [
    'samples/url/url_tool.h', 'samples/url/url_server.h', 'samples/calculator/calculator.h',
    'samples/mcp-server/tools.h']
failures = []
builds = []  # (name, out, header, roots, pairs): drivers built at the end, two at a time


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
        return r.stderr.strip() or f'schemac import: exit status {r.returncode}'
    out = os.path.join(work, name + '.out')
    r = run([SCHEMAC, '-o', out, header, '-I' + CJSON])
    if r.returncode != 0:
        failures.append(f'{name}: schemac rejects the imported header:\n{r.stderr}')
        return None
    mine = []
    for type_name, original in original_schema_of(header).items():
        emitted = os.path.join(out, type_name + '.schema.json')
        if not os.path.exists(emitted):
            failures.append(f'{name}: no {type_name}.schema.json')
            continue
        mine.append({'name': f'{name}:{type_name}', 'original': original, 'emitted': emitted, 'type': type_name})
    pairs.extend(mine)
    builds.append((name, out, header, [p['type'] for p in mine], mine))
    return None


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
                names = decoders.struct_of_tool(header, tool['name'])
                if set(names) != set(schemas):
                    failures.append(f'{header}: no struct tagged @tool {tool["name"]} (or its @output)')
                return {names[k]: schemas[k] for k in names}
            err = import_and_build(base, one, work, pairs, originals)
            label = f'{server}/{tool["name"]}'
            if err:
                refused.append((label, (err.splitlines() or ["?"])[0].replace(work + '/', '')))
            else:
                exact.append(label)
                for p in pairs[before:]:
                    p['name'] = label + ':' + p['name'].split(':', 1)[1]
    # each whole tools/list too: one header of all the server's tools
    for listing in sorted(glob.glob(os.path.join(tools_dir, '*.json'))):
        server = os.path.basename(listing)[:-5]
        err = import_and_build(f'{server}_all', listing, work, pairs, lambda h: {})
        if err:
            print(f'{server}: the whole tools/list is not imported: {(err.splitlines() or ["?"])[0]}')
    # 2b. the same tools as providers' definitions
    provider_forms(tools_dir, work, pairs)
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
                print(f'round trip {rel} {type_name}: not imported: {(err.splitlines() or ["?"])[0]}')
                continue
            again = os.path.join(work, name + '.out', type_name + '.schema.json')
            if os.path.exists(again) and canon(json.load(open(schema))) != canon(json.load(open(again))):
                failures.append(f'round trip {rel} {type_name}: {schema} and {again} differ')
            else:
                round_trips.append(f'{rel}:{type_name}')
    print(f'imported in {time.time() - started:.0f} s')
    # 4. the generated C compiles into a driver of its decoders
    started = time.time()
    builder = decoders.Builder(CC, INCLUDE, CJSON, LIB, DRIVER_SOURCES, work)
    with ThreadPoolExecutor(max_workers=2) as pool:
        for (name, _, _, _, mine), (driver, err) in zip(builds, pool.map(lambda b: builder.build(*b[1:4]), builds)):
            if err is not None:
                failures.append(f'{name}: the generated C does not compile:\n{err[:2000]}')
            for p in mine:
                p['driver'] = driver
    print(f'{len(builds)} generated sources compiled into drivers in {time.time() - started:.0f} s')
    # 5. the verdicts
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
    for server in sorted({label.split('/')[0] for label in exact + [r[0] for r in refused]}):
        n_exact = sum(1 for label in exact if label.startswith(server + '/'))
        n_refused = sum(1 for label, _ in refused if label.startswith(server + '/'))
        print(f'  {server}: {n_exact + n_refused} tools, {n_exact} exact, {n_refused} refused')
    for label, why in refused:
        print(f'  refused {label}: {why}')
    for f in failures:
        print('FAIL', f)
    if not failures:
        shutil.rmtree(work)
    else:
        print(f'the files are in {work}')
    return 1 if failures else 0


# The servers whose tools go through every provider form (each form's
# definitions are one array, so every tool of the server must import).
PROVIDER_SERVERS = ('everything', 'filesystem')
COUNTS = ('minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties')


def gemini_meaning(s):
    """The JSON Schema a Gemini (OpenAPI 3.0 subset) Schema means: types in
    lower case, nullable as a null branch, counts as numbers, example as
    examples; format "enum" and propertyOrdering say nothing more. The
    test's own reading, for ajv: the import has its own (providers.c)."""
    if not isinstance(s, dict):
        return s
    out = {}
    for k, v in s.items():
        if k in ('nullable', 'propertyOrdering') or (k == 'format' and v == 'enum'):
            continue
        if k == 'type':
            if v != 'TYPE_UNSPECIFIED':
                out['type'] = v.lower()
        elif k in COUNTS and isinstance(v, str):
            out[k] = int(v)
        elif k == 'example':
            out['examples'] = [v]
        elif k == 'properties':
            out[k] = {n: gemini_meaning(x) for n, x in v.items()}
        elif k == 'anyOf':
            out[k] = [gemini_meaning(x) for x in v]
        elif k == 'items':
            out[k] = gemini_meaning(v)
        else:
            out[k] = v
    return {'anyOf': [out, {'type': 'null'}]} if s.get('nullable') is True else out


def provider_forms(tools_dir, work, pairs):
    """Each PROVIDER_SERVERS tool list in every provider form (OpenAI Chat
    Completions, Responses, Anthropic, Gemini with parametersJsonSchema, and
    with parameters: the .gemini.json schemac wrote for the imported tool),
    the shapes checked against the SDKs' types: the import (auto-detected,
    and the same with --form) must be exact on each tool's input, as the
    MCP tool's import is."""
    typed = []
    for server in PROVIDER_SERVERS:
        listing = os.path.join(tools_dir, server + '.json')
        if not os.path.exists(listing):
            continue
        tools = json.load(open(listing))['tools']

        def described(d, t):
            return {**d, 'description': t['description']} if 'description' in t else d
        forms = {
            'openai': [{'type': 'function', 'function': described({'name': t['name']}, t) | {
                'parameters': t['inputSchema']}} for t in tools],
            'openai-responses': [described({'type': 'function', 'name': t['name']}, t) | {
                'parameters': t['inputSchema'], 'strict': False} for t in tools],
            'anthropic': [described({'name': t['name']}, t) | {'input_schema': t['inputSchema']} for t in tools],
            'gemini': {'functionDeclarations': [described({'name': t['name']}, t) | {
                'parametersJsonSchema': t['inputSchema']} for t in tools]},
        }
        originals = {t['name']: os.path.join(work, f'{server}_{i}.input.json') for i, t in enumerate(tools)}
        # Gemini's own schemas: what schemac wrote for each imported tool
        declarations, meant = [], {}
        for i, t in enumerate(tools):
            header = os.path.join(work, f'{server}_{i}.h')
            found = decoders.struct_of_tool(header, t['name']) if os.path.exists(header) else {}
            written = os.path.join(work, f'{server}_{i}.out', found.get('input', '-') + '.gemini.json')
            if not os.path.exists(written):
                break
            declarations.append(json.load(open(written)))
            meant[t['name']] = os.path.join(work, f'{server}_{i}.gemini-meaning.json')
            # no parameters: a function called with {} (docs/import.md)
            params = declarations[-1].get('parameters', {'type': 'OBJECT', 'properties': {}})
            meaning = gemini_meaning(params) | ({} if 'parameters' in declarations[-1] else {
                'additionalProperties': False})
            json.dump(meaning, open(meant[t['name']], 'w'))
        cases = [(form, doc, originals) for form, doc in forms.items()]
        if len(declarations) == len(tools):
            cases.append(('gemini', {'functionDeclarations': declarations}, meant))
        for n, (form, doc, schema_of) in enumerate(cases):
            name = f'{form}{n}_{server}'
            source = os.path.join(work, name + '.json')
            json.dump(doc, open(source, 'w'))
            typed.append({'label': name, 'form': form, 'doc': doc})
            before = len(pairs)

            def originals_of(header, tools=tools, schema_of=schema_of):
                return {decoders.struct_of_tool(header, t['name'])['input']: schema_of[t['name']] for t in tools}
            err = import_and_build(name, source, work, pairs, originals_of)
            if err:
                failures.append(f'{name}: the {form} definitions are refused: {err}')
                continue
            for p in pairs[before:]:
                p['name'] = f'{form} {server}:' + p['name'].split(':', 1)[1]
            forced = run([SCHEMAC, 'import', '--form', form, source])
            if forced.stdout != open(os.path.join(work, name + '.h')).read():
                failures.append(f'{name}: --form {form} gives another header than auto-detection: {forced.stderr}')
            # one definition alone, not in an array
            one = os.path.join(work, name + '.one.json')
            json.dump(doc[0] if isinstance(doc, list) else doc['functionDeclarations'][0], open(one, 'w'))
            r = run([SCHEMAC, 'import', one])
            if r.returncode != 0 or f'@tool {tools[0]["name"]}\n' not in r.stdout:
                failures.append(f'{name}: one {form} definition alone is not imported: {r.stderr}')
    typed_file = os.path.join(work, 'provider_docs.json')
    json.dump(typed, open(typed_file, 'w'))
    r = run([NODE, os.path.join(HERE, 'sdk_types.mjs'), os.path.join(ROOT, 'tests', 'sdk'), typed_file])
    print(r.stdout.strip())
    if r.returncode not in (0, 77):
        failures.append(f'sdk_types.mjs: {r.stdout[-4000:]}{r.stderr[-2000:]}')
    print(f'provider forms: {len(typed)} tool lists imported ({", ".join(sorted(set(t["form"] for t in typed)))})')


def root_name(header):
    text = open(header, encoding='utf-8').read()
    before = text.split('@schema\n', 1)[1]
    return before.split('struct ', 1)[1].split(' ', 1)[0]


if __name__ == '__main__':
    sys.exit(main())
