#!/usr/bin/env python3
"""Every warning of schemac is named and controllable on its own: for each
name that `schemac --help` lists, a header that gives that warning (and
only it) must report it as `warning: ... [-WNAME]` with exit 0, say nothing
under -Wno-NAME, fail with `error: ... [-Werror=NAME]` under -Werror=NAME
and under -Werror, and stay a warning under -Werror -Wno-error=NAME. The
man page's WARNINGS section must list the same names as --help.
Usage: warnings.py SCHEMAC MAN_PAGE"""
import os
import re
import subprocess
import sys
import tempfile

# a loss of a dialect the tool is written for (@dialects: a targeted
# dialect, whose losses are reported one by one)
TOOL_WITH_LOSS = """#include <stdint.h>
/** @tool echo @dialects openai-strict */
typedef struct { /** @maxLength 8 */ char text[33]; } echo;
"""

# one header per warning, each giving that warning only
HEADERS = {
    "dialect": TOOL_WITH_LOSS,
    "type-range": """#include <stdint.h>
/** @schema */
typedef struct { /** @maximum 300 */ uint8_t level; } level;
""",
    "examples": """#include <stdint.h>
/** @schema */
typedef struct { /** @maximum 10 @examples [5, 50] */ int32_t n; } with_examples;
""",
    "accept-overlap": """#include <stdint.h>
typedef enum { L_A, L_B } l_kind;
/** @untagged */
typedef struct {
    l_kind kind;
    union {
        /** @maximum -1 */
        int32_t a;
        /** @minimum 0 @acceptOverlap */
        double b;
    } as;
} needless;
/** @schema */
typedef struct { needless value; } holder;
""",
    "depth": "#include <stdint.h>\n" + "".join(
        "typedef struct { %s } deep%d;\n" % ("int32_t leaf;" if i == 0 else "deep%d inner;" % (i - 1), i)
        for i in range(70)) + "/** @schema */\ntypedef struct { deep69 top; } deepest;\n",
    "nothing-to-generate": "typedef struct { int a; } untagged;\n",
    "untagged-output": "#include <stdint.h>\ntypedef struct { int32_t n; } result;\n"
                       "/** @tool count @output result */\ntypedef struct { int32_t max; } count_input;\n",
    "char-bytes": "/** @schema */\ntypedef struct { char name[8]; } named;\n",
}


# The warnings reported as errors unless -Wno-error=NAME (or -Wno-NAME).
ERROR_BY_DEFAULT = {"untagged-output"}


def help_warnings(schemac):
    text = subprocess.run([schemac, "--help"], capture_output=True, text=True, check=True).stdout
    section = text.split("\nWarnings", 1)[1].split("\n\n", 1)[0]
    return [m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*) ", section, re.M)]


def help_errors_by_default(schemac):
    text = subprocess.run([schemac, "--help"], capture_output=True, text=True, check=True).stdout
    section = text.split("\nWarnings", 1)[1].split("\n\n", 1)[0]
    entries = re.split(r"\n(?=  [a-z])", section)
    return {e.split()[0] for e in entries[1:] if "an error by default" in e}


def man_warnings(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    section = text.split("\n.SH WARNINGS\n", 1)[1].split("\n.SH ", 1)[0]
    return [m.group(1).replace("\\-", "-") for m in re.finditer(r"^\.TP\n\.B (\S+)$", section, re.M)]


def run(schemac, header, *flags):
    # --print-outputs: every check and dialect runs, nothing is written
    return subprocess.run([schemac, "--print-outputs", *flags, header], capture_output=True, text=True)


def main():
    schemac, man = sys.argv[1:3]
    failures = 0

    def check(what, ok, detail=""):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures += 1
            if detail:
                print("     " + detail.replace("\n", "\n     "))

    names = help_warnings(schemac)
    check("--help says which warnings are errors by default (%s)" % ", ".join(sorted(ERROR_BY_DEFAULT)),
          help_errors_by_default(schemac) == ERROR_BY_DEFAULT, str(help_errors_by_default(schemac)))
    check("--help lists the warnings (%s)" % ", ".join(names), len(names) >= 6)
    check("the man page's WARNINGS lists the names of --help", man_warnings(man) == names,
          "man: %s\nhelp: %s" % (man_warnings(man), names))
    check("every warning has a test header here", set(names) == set(HEADERS), str(set(names) ^ set(HEADERS)))

    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            header = os.path.join(tmp, name + ".h")
            with open(header, "w", encoding="utf-8") as f:
                f.write(HEADERS.get(name, ""))
            tag = "[-W%s]" % name
            # an error by default (--help says so): reported as -Werror=NAME
            # until -Wno-error=NAME
            as_error = name in ERROR_BY_DEFAULT
            shown = "[-Werror=%s]" % name if as_error else tag
            p = run(schemac, header)
            lines = p.stderr.splitlines()
            check("%s: reported as %s naming it, exit %d" % (name, "an error" if as_error else "a warning", as_error),
                  p.returncode == int(as_error) and lines and
                  all((": error: " if as_error else ": warning: ") in ln and ln.endswith(shown) for ln in lines),
                  p.stderr)
            p = run(schemac, header, "-Wno-" + name)
            check("%s: -Wno-%s silences it" % (name, name), p.returncode == 0 and p.stderr == "", p.stderr)
            p = run(schemac, header, "-Wno-" + name, "-W" + name)
            check("%s: -W%s after -Wno-%s reports it again" % (name, name, name),
                  p.returncode == int(as_error) and shown in p.stderr, p.stderr)
            for flags in (["-Werror=" + name], ["-Werror"]):
                p = run(schemac, header, *flags)
                lines = p.stderr.splitlines()
                check("%s: %s makes it an error, exit 1" % (name, " ".join(flags)),
                      p.returncode == 1 and lines and
                      all(": error: " in ln and ln.endswith("[-Werror=%s]" % name) for ln in lines), p.stderr)
            for flags in (["-Wno-error=" + name], ["-Werror", "-Wno-error=" + name]):
                p = run(schemac, header, *flags)
                check("%s: %s keeps it a warning" % (name, " ".join(flags)),
                      p.returncode == 0 and tag in p.stderr and "error:" not in p.stderr, p.stderr)
            others = [n for n in names if n != name]
            p = run(schemac, header, *["-Werror=" + n for n in others])
            check("%s: -Werror= of every other warning leaves it as it was" % name,
                  p.returncode == int(as_error) and shown in p.stderr, p.stderr)

        # a compiler's -W flags among CFLAGS are not schemac's: ignored
        p = run(schemac, os.path.join(tmp, "type-range.h"), "-Wno-unused-parameter", "-Werror=format", "-Wall")
        check("a compiler's -W flags are ignored", p.returncode == 0 and "[-Wtype-range]" in p.stderr, p.stderr)
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
