#!/usr/bin/env python3
"""The guard of the two code generation modes (issue 31, step 1): every
decode case of tests/decode/cases.json run through the default mode's
test_decode and --optimize=size's, each writing one line per case (--trace:
the first error whole, every error of all-errors mode, the encoded value),
and one per type for its zero value through validate_all and encode_ex
(the errors no decode reaches), and the two traces compared byte for byte. Messages are part of the
contract, so a message one mode words otherwise is a failure here even
where no case checks that message.
Usage: compare_modes.py SPEED_TEST_DECODE SIZE_TEST_DECODE CASES.json"""
import os
import subprocess
import sys
import tempfile


def trace(binary, cases, path):
    p = subprocess.run([binary, cases, "--trace", path], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{binary} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def main():
    speed, size, cases = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        a = trace(speed, cases, os.path.join(tmp, "speed"))
        b = trace(size, cases, os.path.join(tmp, "size"))
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    if len(a) != len(b):
        print(f"FAIL the traces have {len(a)} and {len(b)} lines")
    for x, y in differ[:20]:
        print(f"FAIL {x.split(chr(9))[0]}:\n  speed: {x}\n  size:  {y}")
    print(f"{len(a)} lines (decode cases, zero values), {len(differ)} where the modes differ")
    return 0 if not differ and len(a) == len(b) and a else 1


if __name__ == "__main__":
    sys.exit(main())
