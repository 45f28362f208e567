#!/usr/bin/env python3
"""\\p{...} against Python's unicodedata: unicode_props (unicode_props.c)
prints, for each pattern, how many code points it matches and a hash of
them; this script computes the same from unicodedata. Exit 77 (skip) when
Python's Unicode version is not the one runtime/pattern/unicode_gc.h was
generated from.

    unicode_props.py PROGRAM UNICODE_GC_H"""
import re
import subprocess
import sys
import unicodedata

CASES = [
    (r'^\p{L}$', lambda c: c[0] == 'L'),
    (r'^\P{L}$', lambda c: c[0] != 'L'),
    (r'^\p{Letter}$', lambda c: c[0] == 'L'),
    (r'^\p{Nd}$', lambda c: c == 'Nd'),
    (r'^\p{digit}$', lambda c: c == 'Nd'),
    (r'^\p{gc=Lu}$', lambda c: c == 'Lu'),
    (r'^\p{LC}$', lambda c: c in ('Lu', 'Ll', 'Lt')),
    (r'^\p{Cn}$', lambda c: c == 'Cn'),
    (r'^\p{Assigned}$', lambda c: c != 'Cn'),
    (r'^[\p{L}\p{Nd}\p{Pc}]$', lambda c: c[0] == 'L' or c in ('Nd', 'Pc')),
    (r'^[^\p{P}\p{S}]$', lambda c: c[0] not in 'PS'),
]


def main():
    program, header = sys.argv[1], sys.argv[2]
    version = re.search(r'from Unicode (\S+)', open(header).read()).group(1)
    if version != unicodedata.unidata_version:
        print('SKIP: unicode_gc.h is Unicode %s, Python has %s' % (version, unicodedata.unidata_version))
        sys.exit(77)
    got = subprocess.run([program] + [p for p, _ in CASES], capture_output=True, text=True, check=True).stdout.split('\n')
    cats = [unicodedata.category(chr(c)) for c in range(0x110000)]
    failed = 0
    for (pattern, pred), line in zip(CASES, got):
        count = h = 0
        for c in range(0x110000):
            if 0xD800 <= c <= 0xDFFF or not pred(cats[c]):
                continue
            count += 1
            h = (h * 1000003 + c) % 2 ** 64
        want = '%d %d' % (count, h)
        print('%-26s %s' % (pattern, 'ok' if line == want else 'FAIL: got %s, want %s' % (line, want)))
        failed += line != want
    sys.exit(1 if failed else 0)


main()
