#!/usr/bin/env python3
"""Every name ending in '_' that the goldens' generated C uses outside
strings, comments and member accesses must be in generator/check/check_names.c's
generated_locals table: those are the generated code's own parameters and
locals, which a header type of the same name would hide. A new local the
emitters declare without listing it fails here.

And every name the generated C declares at file scope must start with
GENERATED_PREFIX (generator/model/generated.h), which check_names.c refuses
in headers, or be a public name T_SUFFIX of a struct T with SUFFIX in
model/generated.c's public_functions or check_names.c's data_suffixes,
tool_suffixes, prompt_suffixes or resource_suffixes, which it checks against the header's names: a new static name without the prefix, or a new public
one it does not know, fails here.

usage: locals_listed.py CHECK_NAMES_C CASES_DIR"""
import glob
import os
import re
import sys

check_names, cases = sys.argv[1], sys.argv[2]
src = open(check_names).read()
internal = open(os.path.join(os.path.dirname(check_names), '..', 'model', 'generated.h')).read()
prefix = re.search(r'#define GENERATED_PREFIX "(\w+)"', internal).group(1)
generated_c = open(os.path.join(os.path.dirname(check_names), '..', 'model', 'generated.c')).read()
functions = generated_c[generated_c.index('public_functions[] = {'):]
suffixes = re.findall(r'"(_\w+)",\s*"', functions[:functions.index('};')]) + [
    x for table in ('data_suffixes[] = {', 'tool_suffixes[] = {', 'prompt_suffixes[] = {', 'resource_suffixes[] = {')
    for x in re.findall(r'"(\w+)"', src[src.index(table):][:src[src.index(table):].index('};')])]
# a declaration at file scope: a line at column 0 naming something before
# '(', '[', '=' or ';'; a typedef of a function pointer names "(*NAME)"
declaration = re.compile(r'^(?!#|_Static_assert|extern "C"|typedef|[{}])[A-Za-z_][\w \t*]*?'
                         r'\b([A-Za-z_]\w*)\s*[(\[=;]|^typedef [^;(]*\(\*\s*(\w+)\)', re.M)
unprefixed = {}
table = src[src.index('generated_locals[] = {'):]
listed = set(re.findall(r'"(\w+)"', table[:table.index('};')]))

# strings, char literals and comments go first; then names ending in '_'
# that no '.' or '->' precedes
noise = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|//[^\n]*', re.S)
name = re.compile(r'(?<![\w.>])([A-Za-z_]\w*_)\b')

missing = {}
for expected in sorted(glob.glob(os.path.join(cases, 'c_*.expected'))):
    text = open(expected).read()
    parts = re.split(r'^--- file (\S+)\n', text, flags=re.M)
    for fname, body in zip(parts[1::2], parts[2::2]):
        if not fname.endswith(('.schemac.c', '.schemac.h')):
            continue
        code = noise.sub(' ', body)
        for d in declaration.finditer(code):
            word = d.group(1) or d.group(2)
            if not word.startswith(prefix) and not any(word.endswith(x) for x in suffixes):
                unprefixed.setdefault(word, os.path.basename(expected))
        # the header's own member names (a member may end in '_' too), and
        # the static functions named after them
        members = set(re.findall(r'offsetof\(\w+, (?:\w+\.)*(\w+)\)', code))
        for m in name.finditer(code):
            word = m.group(1)
            own = any(word == mb or word.endswith('_' + mb) for mb in members)
            if word not in listed and not word.isupper() and not own:
                missing.setdefault(word, os.path.basename(expected))

for word, where in sorted(missing.items()):
    print(f'{where}: generated code uses {word!r}, which generated_locals does not list')
for word, where in sorted(unprefixed.items()):
    print(f'{where}: generated code declares {word!r} at file scope, without the prefix {prefix!r} '
          'and not a public name check_names.c knows')
print(f'{len(listed)} listed names; {len(missing)} unlisted; '
      f'{len(unprefixed)} file-scope names without {prefix!r} or a public suffix')
sys.exit(1 if missing or unprefixed else 0)
