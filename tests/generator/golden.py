#!/usr/bin/env python3
"""Golden tests of the generator: run schemac on a case header and compare
what it prints (stdout, stderr, exit status) with NAME.expected beside it.

Each case header names its command line on its first line, re2c style:
    /* schemac: --print-schema */
A command line that names a header runs on that header (shared by several
cases, or a sample) rather than on the case file itself.
Usage: golden.py SCHEMAC CASE.h          check one case
       golden.py SCHEMAC --update CASE.h...  rewrite the expectations
After an intended change to the generator: tests/generator/refresh.sh
"""
import os
import shlex
import subprocess
import sys


def run(schemac, case):
    folder, name = os.path.split(os.path.abspath(case))
    with open(case, encoding="utf-8") as f:
        first = f.readline()
    args = []
    if first.startswith("/* schemac:"):
        args = shlex.split(first[len("/* schemac:"):].rsplit("*/", 1)[0])
    # run from the case folder with a bare file name, so paths in the
    # diagnostics do not depend on where the tree is checked out; a case
    # whose command line names a header (one shared by several cases, or a
    # sample) runs on that header instead of on itself
    if not any(a.endswith(".h") for a in args):
        args = args + [name]
    proc = subprocess.run([schemac, *args], cwd=folder, capture_output=True, text=True)
    return ("$ schemac %s\n" % " ".join(args) + proc.stdout +
            "--- stderr\n" + proc.stderr + "--- exit %d\n" % proc.returncode)


def main():
    argv = sys.argv[1:]
    schemac = os.path.abspath(argv.pop(0))
    update = bool(argv) and argv[0] == "--update"
    if update:
        argv.pop(0)
    failed = 0
    for case in argv:
        got = run(schemac, case)
        expected_path = case[:-2] + ".expected"
        if update:
            with open(expected_path, "w", encoding="utf-8") as f:
                f.write(got)
            continue
        try:
            with open(expected_path, encoding="utf-8") as f:
                expected = f.read()
        except FileNotFoundError:
            expected = None
        if got != expected:
            failed += 1
            print("FAIL %s\n--- expected\n%s--- got\n%s" % (case, expected, got))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
