#!/usr/bin/env python3
"""Golden tests of the generator: run schemac on a case header and compare
what it prints (stdout, stderr, exit status) with NAME.expected beside it.

Each case header names its command line on its first line, re2c style:
    /* schemac: --print-schema */
A command line that names a header runs on that header (shared by several
cases, or a sample) rather than on the case file itself. A command line
with `-o OUT` writes into a fresh temporary folder, and the generated C it
wrote (*.schemac.h, *.schemac.c) follows what schemac printed, file by
file: every change to the C emitters shows as a diff of these cases.
Usage: golden.py SCHEMAC [CASE.h | FOLDER]...           check the cases (a
                                                        folder: its *.h)
       golden.py SCHEMAC --update [CASE.h | FOLDER]...  rewrite them
After an intended change to the generator: tests/generator/refresh.sh
"""
import concurrent.futures
import glob
import os
import shlex
import subprocess
import sys
import tempfile

GENERATED_C = (".schemac.h", ".schemac.c")


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
    with tempfile.TemporaryDirectory() as out:
        argv = [out if a == "OUT" and i > 0 and args[i - 1] == "-o" else a for i, a in enumerate(args)]
        proc = subprocess.run([schemac, *argv], cwd=folder, capture_output=True, text=True)
        files = ""
        for path in sorted(glob.glob(os.path.join(out, "*"))):
            if path.endswith(GENERATED_C):
                with open(path, encoding="utf-8") as f:
                    files += "--- file %s\n%s" % (os.path.basename(path), f.read())
    return ("$ schemac %s\n" % " ".join(args) + proc.stdout +
            "--- stderr\n" + proc.stderr.replace(out, "OUT") + "--- exit %d\n" % proc.returncode + files)


def cases_of(paths):
    for path in paths:
        if os.path.isdir(path):
            yield from sorted(glob.glob(os.path.join(path, "*.h")))
        else:
            yield path


def main():
    argv = sys.argv[1:]
    schemac = os.path.abspath(argv.pop(0))
    update = bool(argv) and argv[0] == "--update"
    if update:
        argv.pop(0)
    cases = list(cases_of(argv))
    if not cases:
        print("no cases found in %s" % " ".join(argv))
        return 1
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda case: run(schemac, case), cases))
    failed = 0
    for case, got in zip(cases, results):
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
        if got == expected:
            print("ok   %s" % os.path.basename(case))
            continue
        failed += 1
        print("FAIL %s\n--- expected\n%s--- got\n%s" % (case, expected, got))
    print("%d cases, %d failed" % (len(cases), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
