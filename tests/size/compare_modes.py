#!/usr/bin/env python3
"""The guard of the two code generation modes (issue 31, step 1): every
decode case of tests/decode/cases.json run through the default mode's
test_decode and --optimize=size's, each writing one line per case (--trace:
the first error whole, every error of all-errors mode, the encoded value),
and one per type for its zero value through validate_all and encode_ex
(the errors no decode reaches), and the two traces compared byte for byte. Messages are part of the
contract, so a message one mode words otherwise is a failure here even
where no case checks that message.
With --all-errors, the errors tests/decode/test_all_errors.c checks on
values built in C (validate_all, encode_ex, to_cjson_ex), whole.
With --fuzz, the inputs are tests/fuzz's corpus and the fuzz driver's
deterministic mutations of it (some 14,000 inputs), traced by the fuzz
harness built in each mode (FUZZ_TRACE): the first error or the
encoding, and every error of the all-errors mode.
Usage: compare_modes.py SPEED_TEST_DECODE SIZE_TEST_DECODE CASES.json
       compare_modes.py --all-errors SPEED_TEST_ALL_ERRORS SIZE_TEST_ALL_ERRORS
       compare_modes.py --fuzz SPEED_FUZZ_CORPUS SIZE_FUZZ_CORPUS CORPUS_DIR"""
import os
import subprocess
import sys
import tempfile


MODE = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1].startswith("--") else "--cases"


def trace(binary, cases, path):
    if MODE == "--fuzz":
        env = dict(os.environ, FUZZ_TRACE=path)
        p = subprocess.run([binary, cases], capture_output=True, text=True, env=env)
    elif MODE == "--all-errors":
        p = subprocess.run([binary, "--trace", path], capture_output=True, text=True)
    else:
        p = subprocess.run([binary, cases, "--trace", path], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{binary} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def main():
    args = sys.argv[2:] if MODE != "--cases" else sys.argv[1:]
    speed, size = args[:2]
    cases = args[2] if len(args) > 2 else None
    with tempfile.TemporaryDirectory() as tmp:
        a = trace(speed, cases, os.path.join(tmp, "speed"))
        b = trace(size, cases, os.path.join(tmp, "size"))
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    if len(a) != len(b):
        print(f"FAIL the traces have {len(a)} and {len(b)} lines")
    for x, y in differ[:20]:
        print(f"FAIL {x.split(chr(9))[0]}:\n  speed: {x}\n  size:  {y}")
    what = {"--fuzz": "fuzz inputs", "--all-errors": "all-errors checks"}.get(MODE, "decode cases, zero values")
    print(f"{len(a)} lines ({what}), {len(differ)} where the modes differ")
    return 0 if not differ and len(a) == len(b) and a else 1


if __name__ == "__main__":
    sys.exit(main())
