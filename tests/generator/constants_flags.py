#!/usr/bin/env python3
"""Constants in tags follow the build's flags (issue 22): cases/ok_constants.h
bounds its members with macros, enumerators and sizeof. For each set of
-D flags given to schemac after `--`, the schema must state the values
those flags give (maxLength NAME_LEN - 1, maxItems MAX_TAGS * 2), and the
generated C must compile with the same flags, its sizeof assertions
agreeing with the compiler's; compiled with other flags, they must fail,
so a schema can never describe a build it was not made for.
Usage: constants_flags.py SCHEMAC CASES_DIR RUNTIME_INCLUDE CJSON_INCLUDE"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

VARIANTS = [  # flags, NAME_LEN, MAX_TAGS
    ([], 16, 4),
    (["-DNAME_LEN=32", "-DMAX_TAGS=2"], 32, 2),
    (["-DNAME_LEN=8"], 8, 4),
]


def main():
    schemac, cases, runtime_include, cjson_include = sys.argv[1:5]
    header = os.path.join(cases, "ok_constants.h")
    cc = os.environ.get("CC", "cc")
    failures = 0

    def check(what, ok, detail=""):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures += 1
            print("     " + str(detail).replace("\n", "\n     "))

    with tempfile.TemporaryDirectory() as tmp:
        built = []
        for flags, name_len, max_tags in VARIANTS:
            out = os.path.join(tmp, "v%d" % len(built))
            os.mkdir(out)
            p = subprocess.run([schemac, "-o", out, header, "--", *flags], capture_output=True, text=True)
            label = " ".join(flags) or "no -D"
            check("%s: schemac exit 0" % label, p.returncode == 0, p.stderr)
            if p.returncode != 0:
                continue
            with open(os.path.join(out, "profile.schema.json")) as f:
                props = json.load(f)["properties"]
            check("%s: name maxLength %d (sizeof - 1)" % (label, name_len - 1),
                  props["name"]["maxLength"] == name_len - 1, props["name"])
            check("%s: nickname maxLength %d (NAME_LEN - 1)" % (label, name_len - 1),
                  props["nickname"]["maxLength"] == name_len - 1, props["nickname"])
            check("%s: tags maxItems %d, minItems %d" % (label, max_tags * 2, max_tags // 2),
                  props["tags"]["maxItems"] == max_tags * 2 and props["tags"]["minItems"] == max_tags // 2,
                  props["tags"])
            check("%s: retries default 3, version const 10 (enumerators)" % label,
                  props["retries"]["default"] == 3 and props["version"]["const"] == 10, props)
            shutil.copy(header, out)
            built.append((flags, out, label))

        def compiles(out, flags):
            return subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", *flags,
                                   "-I" + out, "-I" + runtime_include, "-I" + cjson_include, "-c",
                                   os.path.join(out, "ok_constants.schemac.c"), "-o", os.path.join(out, "x.o")],
                                  capture_output=True, text=True)

        for flags, out, label in built:
            p = compiles(out, flags)
            check("%s: the generated C compiles with the same flags" % label, p.returncode == 0, p.stderr)
            for other, _, other_label in built:
                if other is flags:
                    continue
                p = compiles(out, other)
                check("%s: the C generated for it refuses %s (its sizeof assertions)" % (label, other_label),
                      p.returncode != 0 and "run schemac again" in p.stderr, p.stderr[-400:])
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
