#!/usr/bin/env python3
"""Table-driven test of schemac --compat (docs/compat.md): every file pair
cases/NAME.old.h, cases/NAME.new.h is a case. The old header is written as
the baseline (--write-baseline), the new one takes its place under the same
name and is checked (--compat); the expected stderr and exit status are in
cases/NAME.expected (golden, refreshed with --refresh: read the diff). A
first line "// args: ..." of the new header adds options.

Every witness printed is then judged by outside authorities:
  - ajv 8 + ajv-formats (witness.mjs) on the old and the new emitted
    schemas: a sender's witness must be accepted by the old schema and
    rejected by the new one, a receiver's the reverse;
  - the generated decoders of both versions (compiled with --cc), which
    must agree with ajv.
Names: s_ a sender's (tool input) rule, r_ a receiver's (@output), b_ both.

usage: compat_cases.py --schemac S --node NODE [--cc CC --lib LIBSCHEMAC
       --include DIR --cjson-include DIR] [--refresh] [--keep DIR]"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
ERROR = re.compile(r"^(\S+?):(\d+):(\d+): error: (?:breaking change to|may break) (tool|type) '([^']+)' "
                   r"for (senders|receivers)")
WITNESS = re.compile(r"^\S+?:\d+:\d+: note: witness: (.*)$")


def run(cmd, cwd, check=False):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr}")
    return p


def types_of(schema_dir):
    """{type or tool name: struct name} of a version's emitted files."""
    names = {}
    for f in sorted(os.listdir(schema_dir)):
        if f.endswith(".schema.json"):
            t = f[: -len(".schema.json")]
            names.setdefault(t, t)
        elif f.endswith(".tool.json"):
            with open(os.path.join(schema_dir, f)) as fh:
                meta = json.load(fh)
            names[meta["tool"]] = meta["type"]
    return names


DRIVER = """#include <stdio.h>
#include <string.h>
#include "schemac/schemac.h"
#include "%s.schemac.h"
/* decodes argv[2] as type argv[1]: exit 0 accepted, 1 rejected, 2 no such type */
int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_error err;
    int rc = -1;
%s
    sc_arena_release(&arena);
    return rc < 0 ? 2 : rc == 0 ? 0 : 1;
}
"""


def build_decoder(args, workdir, stem, types):
    gen = os.path.join(workdir, "gen")
    run([args.schemac, "-o", gen, os.path.join(workdir, stem + ".h")], workdir, check=True)
    shutil.copy(os.path.join(workdir, stem + ".h"), gen)
    calls = "\n".join(
        f'    if (strcmp(argv[1], "{t}") == 0) {{ {t} v; rc = {t}_decode(&arena, argv[2], strlen(argv[2]), &v, &err); }}'
        for t in sorted(set(types.values())))
    with open(os.path.join(gen, "driver.c"), "w") as f:
        f.write(DRIVER % (stem, calls))
    exe = os.path.join(gen, "decode")
    # as randheader compiles generated code: warnings as errors, under the
    # sanitizers (which also links against an ASan build's libschemac)
    run([args.cc, "-std=c11", "-g", "-O1", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
         "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer",
         "-I", gen, "-I", args.include, "-I", args.cjson_include,
         os.path.join(gen, "driver.c"), os.path.join(gen, stem + ".schemac.c"), args.lib,
         "-Wl,-rpath," + os.path.dirname(args.lib), "-lcjson", "-lm", "-o", exe], workdir, check=True)
    return exe


def command_line(args, work):
    """The options around the check: usage errors, the stamp, the depfile,
    stale baseline files. Returns the failures."""
    failures = []
    os.makedirs(work)
    hdr = os.path.join(work, "h.h")

    def write(text):
        with open(hdr, "w") as f:
            f.write("#include <stdint.h>\n/** T. @tool t */\ntypedef struct {\n" + text + "} t_args;\n"
                    "/** S. @schema */\ntypedef struct {\n    int32_t s;\n} s_type;\n")

    def expect(what, cmd, rc, needle=""):
        p = run([args.schemac] + cmd, work)
        if p.returncode != rc or needle not in p.stderr:
            failures.append(f"{what}: {' '.join(cmd)}: exit {p.returncode} (want {rc}), stderr:\n{p.stderr}")

    write("    /** A. @maxLength 9 */\n    char *a;\n")
    expect("usage", ["--compat", "b", "--write-baseline", "b", "h.h"], 2, "not both")
    expect("usage", ["--compat-verbose", "h.h"], 2, "go with --compat")
    expect("usage", ["--compat-level", "sideways", "--compat", "b", "h.h"], 2, "backward, forward or full")
    expect("usage", ["-Wno-compat=nope", "--compat", "b", "h.h"], 2, "unknown rule")
    expect("no baseline", ["--compat", "missing", "h.h"], 1, "cannot read the baseline directory 'missing'")
    expect("write", ["--write-baseline", "b", "h.h"], 0)
    for f in ("t_args.schema.json", "t_args.tool.json", "s_type.schema.json"):
        if not os.path.exists(os.path.join(work, "b", f)):
            failures.append(f"--write-baseline wrote no b/{f}")
    expect("unchanged", ["--compat", "b", "--compat-stamp", "gen/stamp", "-MD", "-MF", "gen/h.compat.d", "h.h"], 0)
    if not os.path.exists(os.path.join(work, "gen", "stamp")):
        failures.append("--compat-stamp: no stamp after a passing check")
    with open(os.path.join(work, "gen", "h.compat.d")) as f:
        dep = f.read()
    if not dep.startswith("gen/stamp:") or "b/t_args.schema.json" not in dep or " h.h" not in dep:
        failures.append(f"the depfile names the stamp, the header and the baseline: {dep}")
    os.remove(os.path.join(work, "gen", "stamp"))
    write("    /** A. @maxLength 8 */\n    char *a;\n")
    expect("breaking", ["--compat", "b", "--compat-stamp", "gen/stamp", "h.h"], 1, "[-Wcompat=bound]")
    if os.path.exists(os.path.join(work, "gen", "stamp")):
        failures.append("--compat-stamp: a stamp after a failing check")
    expect("accepted", ["--compat", "b", "-Wno-compat=bound", "--compat-verbose", "h.h"], 0, "accepted (-Wno-compat)")
    # the baseline written again follows the header: the type gone is removed
    with open(hdr, "w") as f:
        f.write("#include <stdint.h>\n/** S. @schema */\ntypedef struct {\n    int32_t s;\n} s_type;\n")
    expect("removed", ["--compat", "b", "h.h"], 1, "tool 't' removed")
    expect("rewrite", ["--write-baseline", "b", "h.h"], 0)
    if sorted(os.listdir(os.path.join(work, "b"))) != ["s_type.schema.json"]:
        failures.append(f"--write-baseline kept stale files: {sorted(os.listdir(os.path.join(work, 'b')))}")
    expect("after rewrite", ["--compat", "b", "h.h"], 0)
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schemac", required=True)
    ap.add_argument("--node", required=True)
    ap.add_argument("--cc")
    ap.add_argument("--lib")
    ap.add_argument("--include")
    ap.add_argument("--cjson-include")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--keep")
    args = ap.parse_args()
    # the cases run in directories of their own
    args.schemac = os.path.abspath(args.schemac)
    if args.lib:
        args.lib = os.path.abspath(args.lib)
    names = sorted(f[: -len(".old.h")] for f in os.listdir(CASES) if f.endswith(".old.h"))
    failures = []
    checks = []  # witnesses for ajv
    decoded = []  # (id, exe_old, exe_new, type, doc)
    top = tempfile.mkdtemp(prefix="compat_cases.")
    rules_seen = set()
    for name in names:
        work = os.path.join(top, name)
        os.makedirs(os.path.join(work, "old"))
        os.makedirs(os.path.join(work, "new"))
        with open(os.path.join(CASES, name + ".new.h")) as f:
            new_text = f.read()
        m = re.match(r"// args: (.*)\n", new_text)
        extra = m.group(1).split() if m else []
        for version in ("old", "new"):
            shutil.copy(os.path.join(CASES, f"{name}.{version}.h"), os.path.join(work, version, name + ".h"))
        # the project's place: the old header, its baseline, then the new header in its place
        shutil.copy(os.path.join(work, "old", name + ".h"), os.path.join(work, name + ".h"))
        run([args.schemac, "--write-baseline", "baseline", name + ".h"], work, check=True)
        shutil.copy(os.path.join(work, "new", name + ".h"), os.path.join(work, name + ".h"))
        p = run([args.schemac, "--compat", "baseline"] + extra + [name + ".h"], work)
        got = p.stderr + f"exit {p.returncode}\n"
        expected_path = os.path.join(CASES, name + ".expected")
        if args.refresh:
            with open(expected_path, "w") as f:
                f.write(got)
        elif not os.path.exists(expected_path) or open(expected_path).read() != got:
            failures.append(f"{name}: stderr/exit differ from {name}.expected:\n{got}")
        rules_seen.update(re.findall(r"\[-Wcompat=([\w-]+)\]", p.stderr))
        # the witnesses, each after its error
        lines = p.stderr.splitlines()
        witnesses = []
        for i, line in enumerate(lines):
            e = ERROR.match(line)
            if e and "breaking change" in line:
                w = WITNESS.match(lines[i + 1]) if i + 1 < len(lines) else None
                if w is None:
                    failures.append(f"{name}: no witness after: {line}")
                    continue
                witnesses.append((e.group(5), e.group(6), json.loads(w.group(1))))
        if not witnesses:
            continue
        schemas = {}
        for version in ("old", "new"):
            d = os.path.join(work, version, "schemas")
            run([args.schemac, "--write-baseline", d, name + ".h"], os.path.join(work, version), check=True)
            schemas[version] = (d, types_of(d))
        exes = {}
        if args.cc:
            for version in ("old", "new"):
                exes[version] = build_decoder(args, os.path.join(work, version), name, schemas[version][1])
        for k, (who, direction, doc) in enumerate(witnesses):
            wid = f"{name}#{k}"
            # the struct of the tool or type in each version (a tool's struct may be renamed)
            struct = {v: schemas[v][1].get(who) for v in ("old", "new")}
            paths = {v: os.path.join(schemas[v][0], f"{struct[v]}.schema.json") for v in ("old", "new")}
            want = ("accept", "reject") if direction == "senders" else ("reject", "accept")
            checks.append({"id": wid, "old": paths["old"], "new": paths["new"], "doc": doc, "want": want})
            if exes:
                decoded.append((wid, exes, struct, doc, want))
    verdicts = {}
    if checks:
        p = subprocess.run([args.node, os.path.join(HERE, "witness.mjs")], input=json.dumps(checks),
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"witness.mjs failed:\n{p.stderr}")
        for line in p.stdout.splitlines():
            wid, old, new = line.split("\t")
            verdicts[wid] = (old, new)
    for c in checks:
        got = verdicts.get(c["id"])
        if got != tuple(c["want"]):
            failures.append(f"{c['id']}: ajv says old {got and got[0]}, new {got and got[1]}, want {c['want']}: "
                            f"{json.dumps(c['doc'])}")
    for wid, exes, struct, doc, want in decoded:
        text = json.dumps(doc)
        # a sanitizer's report must not pass for a rejection (exit 1)
        env = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":exitcode=99")
        runs = {v: subprocess.run([exes[v], struct[v] or "", text], capture_output=True, text=True, env=env)
                for v in ("old", "new")}
        for v, r in runs.items():
            if r.returncode not in (0, 1):
                failures.append(f"{wid}: the {v} decoder crashed (exit {r.returncode}):\n{r.stderr[-2000:]}")
        got = tuple("accept" if runs[v].returncode == 0 else "reject" for v in ("old", "new"))
        if got != tuple(want):
            failures.append(f"{wid}: the generated decoders say old {got[0]}, new {got[1]}, want {want}: {text}")
    # Every header of the samples and the decode tests against its own
    # baseline: no change, so no error and no note (unions, maps, recursive
    # types, every keyword compared with itself)
    root = os.path.normpath(os.path.join(HERE, "..", ".."))
    identities = 0
    for sub in ("samples", os.path.join("tests", "decode")):
        for dirpath, _, files in sorted(os.walk(os.path.join(root, sub))):
            for f in sorted(files):
                if not f.endswith(".h") or f.endswith(".schemac.h"):
                    continue
                header = os.path.join(dirpath, f)
                work = os.path.join(top, "identity", f)
                os.makedirs(work, exist_ok=True)
                # -Wno-char-bytes: a header's own warning, not the check's
                flags = ["-I" + dirpath, "-I" + os.path.join(root, "include"), "-Wno-char-bytes"] + \
                    (["-I" + args.cjson_include] if args.cjson_include else [])
                if run([args.schemac, "--write-baseline", "b"] + flags + [header], work).returncode != 0:
                    continue
                p = run([args.schemac, "--compat", "b"] + flags + [header], work)
                identities += 1
                if p.returncode != 0 or p.stderr != "":
                    failures.append(f"{header} against its own baseline: exit {p.returncode}\n{p.stderr}")
    failures += command_line(args, os.path.join(top, "cli"))
    if args.keep:
        shutil.rmtree(args.keep, ignore_errors=True)
        shutil.copytree(top, args.keep)
    shutil.rmtree(top)
    for f in failures:
        print("FAIL", f)
    print(f"{identities} headers unchanged against their own baseline")
    print(f"{len(names)} cases, {len(checks)} witnesses checked with ajv, {len(decoded)} with the decoders of "
          f"both versions; rules met: {', '.join(sorted(rules_seen))}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
