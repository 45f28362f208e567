#!/usr/bin/env python3
"""schemac's diagnostics for tools, each judged by an outside authority:
  - plain text unless asked, or on a terminal (-fdiagnostics-color=auto,
    run under a pseudo-terminal), and then clang's own colours, compared
    with what clang prints for an error and a warning;
  - -fdiagnostics-format=json in gcc's layout, compared key by key with
    what gcc prints for an error with a fix-it and a named warning;
  - -fdiagnostics-format=sarif validated by check_sarif.mjs (ajv against
    the SARIF 2.1.0 schema, and the SARIF Multitool with GitHub's rules);
  - --diagnostics-file, the fix-it of a misspelt tag, columns counted in
    code points past non-ASCII text, and a file name that needs escaping
    in a URI.
Usage: formats.py SCHEMAC [NODE]"""
import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# A misspelt tag after non-ASCII text (an error with a fix-it) and a bound
# beyond its type (a named warning).
HEADER = """#include <stdint.h>
/** @schema */
typedef struct point {
    /** Café → @maxLenght 3 */
    int32_t x;
    /** @maximum 300 */
    uint8_t y;
} point;
"""
ERROR_LINE = "4:19: error: unknown tag @maxLenght; did you mean @maxLength?"
WARNING_LINE = "6:9: warning: @maximum 300 is above the range of uint8_t; the type's bound 255 applies [-Wtype-range]"

failures = 0


def check(what, ok, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures += 1
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def run(schemac, *args, cwd=None, env=None):
    return subprocess.run([schemac, *args], capture_output=True, text=True, cwd=cwd, env=env)


def run_on_terminal(schemac, args, cwd, env):
    """schemac with its stderr on a pseudo-terminal: what it writes there."""
    master, slave = pty.openpty()
    p = subprocess.Popen([schemac, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out.decode("utf-8").replace("\r\n", "\n")


def colour_template(line, places):
    """A coloured line with its place and message taken out: what is left
    is the escapes around them."""
    for text, mark in places:
        line = line.replace(text, mark)
    return line


def text_and_colour(schemac, tmp):
    p = run(schemac, "--print-schema", "point.h", cwd=tmp)
    check("text: exit 1 and the two lines, no escapes on a pipe",
          p.returncode == 1 and p.stderr == "point.h:%s\npoint.h:%s\n" % (ERROR_LINE, WARNING_LINE), p.stderr)
    env = dict(os.environ, TERM="xterm")
    on_tty = run_on_terminal(schemac, ["--print-schema", "point.h"], tmp, env)
    check("-fdiagnostics-color=auto (the default) colours on a terminal", "\033[" in on_tty, repr(on_tty))
    for flag in ("-fdiagnostics-color=never", "-fno-diagnostics-color"):
        check("%s: no colour on a terminal" % flag,
              "\033[" not in run_on_terminal(schemac, [flag, "--print-schema", "point.h"], tmp, env))
    dumb = run_on_terminal(schemac, ["--print-schema", "point.h"], tmp, dict(os.environ, TERM="dumb"))
    check("auto: no colour on a dumb terminal", "\033[" not in dumb, repr(dumb))
    coloured = run(schemac, "-fdiagnostics-color=always", "--print-schema", "point.h", cwd=tmp).stderr
    check("-fdiagnostics-color=always colours on a pipe", coloured == on_tty, repr(coloured) + "\n" + repr(on_tty))
    check("-fdiagnostics-color (no value) is always",
          run(schemac, "-fdiagnostics-color", "--print-schema", "point.h", cwd=tmp).stderr == coloured)

    clang = shutil.which("clang")
    if clang is None:
        print("skip clang's colours: clang not found")
        return
    with open(os.path.join(tmp, "c.c"), "w") as f:
        f.write("int f(void) { int x = 1 return x; }\nunsigned g(void) { return -1; }\n")
    theirs = subprocess.run([clang, "-fsyntax-only", "-fno-caret-diagnostics", "-fcolor-diagnostics",
                             "-Wsign-conversion", "c.c"], capture_output=True, text=True, cwd=tmp).stderr
    lines = [ln for ln in theirs.splitlines() if "c.c:" in ln]
    want = [
        colour_template(lines[0], [("c.c:1:24", "PLACE"), ("expected ';' at end of declaration", "MESSAGE")]),
        colour_template(lines[1], [("c.c:2:27", "PLACE"),
                                   ("implicit conversion changes signedness: 'int' to 'unsigned int'", "MESSAGE"),
                                   ("[-Wsign-conversion]", "[OPTION]")]),
    ]
    mine = coloured.splitlines()
    got = [
        colour_template(mine[0], [("point.h:4:19", "PLACE"), (ERROR_LINE.split(": error: ")[1], "MESSAGE")]),
        colour_template(mine[1], [("point.h:6:9", "PLACE"),
                                  (WARNING_LINE.split(": warning: ")[1].rsplit(" [", 1)[0], "MESSAGE"),
                                  ("[-Wtype-range]", "[OPTION]")]),
    ]
    check("the colours are clang's (error and warning lines)", got == want,
          "clang:   %r\nschemac: %r" % (want, got))


def shape(value):
    """The keys of an object and the JSON types of their values, deeply."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__


def json_like_gcc(schemac, tmp):
    p = run(schemac, "-fdiagnostics-format=json", "--print-schema", "point.h", cwd=tmp)
    try:
        mine = json.loads(p.stderr)
    except ValueError as e:
        check("json: stderr is one JSON document", False, "%s\n%s" % (e, p.stderr))
        return
    check("json: exit 1, one JSON array of the 2 diagnostics", p.returncode == 1 and len(mine) == 2, p.stderr)
    error, warning = mine
    check("json: the error's place (byte 19, display column 16: 'Café →' is 6 characters in 9 bytes)",
          error["locations"][0]["caret"] == {"file": "point.h", "line": 4, "display-column": 16,
                                              "byte-column": 19, "column": 16}, error["locations"])
    check("json: the fix-it replaces 'maxLenght' with 'maxLength'",
          error.get("fixits") and error["fixits"][0]["string"] == "maxLength" and
          error["fixits"][0]["start"]["byte-column"] == 20 and error["fixits"][0]["next"]["byte-column"] == 29,
          error.get("fixits"))
    check("json: the warning names its option", warning.get("option") == "-Wtype-range", warning)

    gcc = shutil.which("gcc")
    if gcc is None:
        print("skip gcc's layout: gcc not found")
        return
    with open(os.path.join(tmp, "g.c"), "w") as f:
        f.write("struct s { int count; } x;\nint h(void) { return x.cuont; }\nunsigned g(void) { return -1; }\n")
    theirs = json.loads(subprocess.run([gcc, "-fsyntax-only", "-Wsign-conversion", "-fdiagnostics-format=json",
                                        "g.c"], capture_output=True, text=True, cwd=tmp).stderr)
    gcc_error, gcc_warning = theirs
    for what, ours, reference in (("an error with a fix-it", error, gcc_error),
                                  ("a named warning", warning, gcc_warning)):
        # gcc adds a range's end ("finish") and a URL for the option,
        # neither of which schemac has; everything else must match
        reference = dict(reference)
        reference.pop("option_url", None)
        reference["locations"] = [{"caret": loc["caret"]} for loc in reference["locations"]]
        check("json: %s has gcc's keys and types" % what, shape(ours) == shape(reference),
              "gcc:     %s\nschemac: %s" % (shape(reference), shape(ours)))


def sarif(schemac, node, tmp, more_logs):
    # a file name that a URI must escape
    spaced = os.path.join(tmp, "my point.h")
    shutil.copy(os.path.join(tmp, "point.h"), spaced)
    p = run(schemac, "-fdiagnostics-format=sarif", "--print-schema", "my point.h", cwd=tmp)
    try:
        log = json.loads(p.stderr)
    except ValueError as e:
        check("sarif: stderr is one JSON document", False, "%s\n%s" % (e, p.stderr))
        return
    results = log["runs"][0]["results"]
    check("sarif: exit 1, 2 results", p.returncode == 1 and len(results) == 2, p.stderr[:2000])
    loc = results[0]["locations"][0]["physicalLocation"]
    check("sarif: the file as a relative URI against PWD, escaped",
          loc["artifactLocation"] == {"uri": "my%20point.h", "uriBaseId": "PWD"}, loc)
    check("sarif: columns in code points (16, not the byte column 19)",
          loc["region"] == {"startLine": 4, "startColumn": 16, "endColumn": 17}, loc["region"])
    fix = results[0].get("fixes", [{}])[0].get("artifactChanges", [{}])[0].get("replacements", [{}])[0]
    check("sarif: the fix replaces columns 17-26 with 'maxLength'",
          fix == {"deletedRegion": {"startLine": 4, "startColumn": 17, "endColumn": 26},
                  "insertedContent": {"text": "maxLength"}}, fix)
    check("sarif: the warning's ruleId is its option, described in the rules",
          results[1]["ruleId"] == "-Wtype-range" and
          [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]] == ["-Wtype-range"], results[1])

    path = os.path.join(tmp, "out.sarif")
    p = run(schemac, "-fdiagnostics-format=sarif", "--diagnostics-file", path, "--print-schema", "my point.h",
            cwd=tmp)
    check("--diagnostics-file: written on errors, stderr empty, exit 1",
          p.returncode == 1 and p.stderr == "" and os.path.exists(path), p.stderr)
    clean = os.path.join(tmp, "clean.h")
    with open(clean, "w") as f:
        f.write("#include <stdint.h>\n/** @tool ok */\ntypedef struct { /** @maxLength 4 */ char s[8]; } ok;\n")
    clean_log = os.path.join(tmp, "clean.sarif")
    p = run(schemac, "-fdiagnostics-format=sarif", "--diagnostics-file", clean_log, "--print-outputs", clean,
            cwd=tmp)
    check("sarif: warnings only: exit 0, executionSuccessful true",
          p.returncode == 0 and json.load(open(clean_log))["runs"][0]["invocations"][0]["executionSuccessful"],
          p.stderr)
    p = run(schemac, "-fdiagnostics-format=json", "--diagnostics-file", os.path.join(tmp, "no/such/dir/x.json"),
            "--print-schema", clean, cwd=tmp)
    check("--diagnostics-file that cannot be written: exit 3", p.returncode == 3, p.stderr)
    p = run(schemac, "--diagnostics-file", path, "--print-schema", clean, cwd=tmp)
    check("--diagnostics-file without json or sarif: usage error", p.returncode == 2, p.stderr)

    if node is None:
        print("skip ajv and the SARIF Multitool: node not found")
        return
    v = subprocess.run([node, os.path.join(HERE, "check_sarif.mjs"), path, clean_log, *more_logs],
                       capture_output=True, text=True)
    print(v.stdout, end="")
    if v.returncode == 77:
        print("skip ajv and the SARIF Multitool: " + v.stdout.strip())
        return
    check("sarif: ajv and the SARIF Multitool accept every log", v.returncode == 0, v.stderr)


NOTE_HEADER = """#include <stdint.h>
/** @schema */
typedef struct {
    /** @maxLength 20 */
    char name[16];
} named;
"""


def notes(schemac, tmp):
    """A note belongs to the error before it: gcc's children, SARIF's
    relatedLocations."""
    with open(os.path.join(tmp, "named.h"), "w") as f:
        f.write(NOTE_HEADER)
    p = run(schemac, "-fdiagnostics-format=json", "--print-schema", "named.h", cwd=tmp)
    doc = json.loads(p.stderr)
    check("json: one error, its note among its children",
          len(doc) == 1 and [c["kind"] for c in doc[0]["children"]] == ["note"] and
          doc[0]["children"][0]["locations"][0]["caret"]["line"] == 5, doc)
    path = os.path.join(tmp, "named.sarif")
    run(schemac, "-fdiagnostics-format=sarif", "--diagnostics-file", path, "--print-schema", "named.h", cwd=tmp)
    with open(path) as f:
        results = json.load(f)["runs"][0]["results"]
    related = results[0].get("relatedLocations", []) if results else []
    check("sarif: one result, the note as a related location with its message",
          len(results) == 1 and len(related) == 1 and related[0]["message"]["text"] == "the buffer is declared here"
          and related[0]["physicalLocation"]["region"]["startLine"] == 5, results)
    return path


def clang_diagnostics(schemac, tmp):
    """clang's own diagnostics (the header does not compile) take the same
    forms, with clang's option names."""
    with open(os.path.join(tmp, "broken.h"), "w") as f:
        f.write("#warning careful\nint x = ;\n")
    p = run(schemac, "-fdiagnostics-format=json", "--print-schema", "broken.h", cwd=tmp)
    doc = json.loads(p.stderr)
    check("json: clang's warning (with its option) and error, at their places",
          p.returncode == 1 and [(d["kind"], d.get("option"), d["locations"][0]["caret"]["line"]) for d in doc] ==
          [("warning", "-W#warnings", 1), ("error", None, 2)], doc)
    coloured = run(schemac, "-fdiagnostics-color=always", "--print-schema", "broken.h", cwd=tmp).stderr
    check("colour: clang's diagnostics coloured too",
          coloured.startswith("\033[1mbroken.h:1:2: \033[0m\033[0;1;35mwarning: ") and "[-W#warnings]" in coloured,
          repr(coloured))
    path = os.path.join(tmp, "broken.sarif")
    run(schemac, "-fdiagnostics-format=sarif", "--diagnostics-file", path, "--print-schema", "broken.h", cwd=tmp)
    with open(path) as f:
        results = json.load(f)["runs"][0]["results"]
    check("sarif: clang's warning is ruled by its option, its error is an error",
          [(r["ruleId"], r["level"]) for r in results] == [("-W#warnings", "warning"), ("error", "error")], results)
    return path


def main():
    schemac = os.path.abspath(sys.argv[1])
    node = sys.argv[2] if len(sys.argv) > 2 else shutil.which("node")
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "point.h"), "w", encoding="utf-8") as f:
            f.write(HEADER)
        text_and_colour(schemac, tmp)
        json_like_gcc(schemac, tmp)
        logs = [notes(schemac, tmp), clang_diagnostics(schemac, tmp)]
        sarif(schemac, node, tmp, logs)
        p = run(schemac, "-fdiagnostics-parseable-fixits", "--print-schema", "point.h", cwd=tmp)
        check("-fdiagnostics-parseable-fixits: clang's fix-it line after the error",
              'point.h:%s\nfix-it:"point.h":{4:20-4:29}:"maxLength"\n' % ERROR_LINE in p.stderr, p.stderr)
        p = run(schemac, "-fdiagnostics-color=sometimes", "point.h", cwd=tmp)
        check("an unknown colour mode is a usage error", p.returncode == 2, p.stderr)
        p = run(schemac, "-fdiagnostics-format=xml", "point.h", cwd=tmp)
        check("an unknown format is a usage error", p.returncode == 2, p.stderr)
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
