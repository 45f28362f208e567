#!/usr/bin/env python3
"""Every name ending in '_' that the goldens' generated C uses outside
strings, comments and member accesses must be in generator/check_names.c's
generated_locals table: those are the generated code's own parameters and
locals, which a header type of the same name would hide. A new local the
emitters declare without listing it fails here.

usage: locals_listed.py CHECK_NAMES_C CASES_DIR"""
import glob
import os
import re
import sys

check_names, cases = sys.argv[1], sys.argv[2]
src = open(check_names).read()
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
print(f'{len(listed)} listed names; {len(missing)} unlisted')
sys.exit(1 if missing else 0)
