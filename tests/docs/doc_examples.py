#!/usr/bin/env python3
"""Documentation that compiles (issue 22, item 6): every C example and
every shell block of README.md and docs/*.md is built or run as written.

Each ```c or ```sh fence is preceded by a marker line that says how:
  <!-- doc-test: header NAME.h -->       a whole header: schemac runs on it,
                                         and its generated C is compiled
  <!-- doc-test: excerpt PATH -->        lines of the repository file PATH, in
                                         order (a first line `/* PATH */` may
                                         name it); the file is built elsewhere
  <!-- doc-test: program NAME.c H... --> a whole program, compiled with the
                                         generated C of headers H (an earlier
                                         example's name, or a repository path)
                                         and linked against libschemac (and
                                         libschemac-mcp when it includes its
                                         headers)
  <!-- doc-test: in CONTEXT -->          a fragment, put where the line
                                         @FRAGMENT@ stands in
                                         tests/docs/contexts/CONTEXT: a header
                                         (.h, through schemac) or C (.c,
                                         compiled with the generated C of the
                                         headers its `doc-test headers:` line
                                         names); the context declares what the
                                         fragment uses, nothing more
  <!-- doc-test: run FILE... -->         shell commands, run with bash -e in a
                                         fresh folder holding FILEs (repository
                                         paths), the build's schemac on PATH
  <!-- doc-test: not-run REASON -->      shell commands that cannot run here
  <!-- doc-test: not-compiled REASON --> (printed in a list at the end)
  <!-- doc-test: path NAME -->           a step of the path NAME: shell
                                         commands, run in one shell with the
                                         path's other steps (see below)
  <!-- doc-test: path NAME FILE -->      the file FILE of the path (a fence in
                                         any language: C, make, CMake, meson)
  <!-- doc-test: path NAME output -->    what the path's step just before
                                         prints (stdout and stderr), exactly
A C or shell fence without a marker fails the test: a new example is
built from the day it is written.

A path is a walk-through a reader follows from an empty folder, one block
after another, in one terminal: README.md's getting-started path installs
schemac from this source tree into a prefix, writes a header, a main.c and
build files, builds and runs the program. The test runs it as the reader
would: all its blocks, in document order, as one bash script in an empty
folder (each FILE written where the commands before it left the shell, a
step followed by an `output` block run without -e, since a shell at a
terminal goes on after a command that fails, and its output compared with
the block), with none of the build's own files on PATH and no
PKG_CONFIG_PATH, CMAKE_PREFIX_PATH or LD_LIBRARY_PATH from outside: what
the path needs it sets itself. Two things a reader chooses cannot be
written for the test: where their checkout of schemac is and where to
install it. So the path names them in variables, SCHEMAC_SRC and PREFIX,
each set on a line of its own (`SCHEMAC_SRC=...`, `PREFIX=...`, with or
without `export`), and the test replaces those two lines' values, and
nothing else, with the source tree it runs from and a prefix in its
temporary folder; a path that uses either must set it so. A path builds
schemac from scratch (about 15 s on two idle cores), so it runs with
--paths only: tests/docs/meson.build passes it in one build of
tests/run.sh, the plain one with the default libclang; the others list
the path's blocks as not run.
Usage: doc_examples.py [--paths] SOURCE_ROOT SCHEMAC LIBSCHEMAC LIBSCHEMAC_MCP INCLUDE_DIR...
(the include folders: the runtime's, the build's for schemac/config.h, cJSON's)"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

MARK = re.compile(r"<!-- doc-test: (\S+) ?(.*?) -->")
# The variables a path sets to what the reader chooses (see above).
PATH_VARIABLES = ("SCHEMAC_SRC", "PREFIX")
PATH_ASSIGNMENT = re.compile(r"^(export )?(%s)=.*$" % "|".join(PATH_VARIABLES), re.M)
FENCE = re.compile(r"^```([a-z]*)$")
CFLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]


def examples(path):
    """(line, language, marker kind, marker argument, text) of each fence."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None or m.group(1) == "":
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end] != "```":
            end += 1
        mark = MARK.fullmatch(lines[i - 1]) if i > 0 else None
        found.append((i + 1, m.group(1), mark.group(1) if mark else None, mark.group(2) if mark else "",
                      "\n".join(lines[i + 1:end]) + "\n"))
        i = end + 1
    return found


class Runner:
    def __init__(self, root, schemac, libschemac, libschemac_mcp, include_dirs, tmp):
        self.root, self.schemac, self.tmp = root, schemac, tmp
        self.includes = ["-I" + d for d in include_dirs]
        self.libs = {"core": libschemac, "mcp": libschemac_mcp}
        self.headers = {}  # an example header's name -> the folder of its generated C
        self.count = 0

    def folder(self, what):
        self.count += 1
        path = os.path.join(self.tmp, "%03d-%s" % (self.count, re.sub(r"[^\w.-]", "_", what)))
        os.makedirs(path)
        return path

    def generate(self, header):
        """Runs schemac on header into a folder of its own: (folder, error)."""
        out = self.folder(os.path.basename(header) + ".gen")
        p = subprocess.run([self.schemac, "-o", out, header], capture_output=True, text=True)
        if p.returncode != 0:
            return out, "schemac %s: exit %d\n%s" % (header, p.returncode, p.stderr)
        return out, None

    def compile(self, sources, dirs, link=None, program=False):
        """Compiles (and links, for a program) sources: the error or None."""
        out = os.path.join(self.tmp, "a.out")
        args = ["cc", *CFLAGS, *["-I" + d for d in dirs], *self.includes]
        if program:
            libs = [self.libs["mcp"]] if link == "mcp" else []
            libs.append(self.libs["core"])
            lib_dirs = sorted({os.path.dirname(lib) for lib in self.libs.values()})
            args += [*sources, *libs, "-lcjson", "-lm", *["-Wl,-rpath-link," + d for d in lib_dirs], "-o", out]
        else:
            args += ["-c", *sources, "-o", out] if len(sources) == 1 else ["-fsyntax-only", *sources]
        p = subprocess.run(args, capture_output=True, text=True)
        return None if p.returncode == 0 else "%s\n%s" % (" ".join(args), p.stderr)

    def header_example(self, name, text):
        folder = self.folder(name)
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        gen, error = self.generate(path)
        if error is None:
            error = self.compile_generated(gen, folder)
        self.headers[name] = (gen, folder)
        return error

    def compile_generated(self, gen, header_dir):
        for c in sorted(glob.glob(os.path.join(gen, "*.schemac.c"))):
            error = self.compile([c], [gen, header_dir])
            if error:
                return error
        return None

    def header_dirs(self, names):
        """The generated C of each header named: (dirs, sources, error)."""
        dirs, sources = [], []
        for name in names:
            if name in self.headers:
                gen, header_dir = self.headers[name]
            else:
                path = os.path.join(self.root, name)
                gen, error = self.generate(path)
                if error:
                    return dirs, sources, error
                header_dir = os.path.dirname(path)
            dirs += [gen, header_dir]
            sources += sorted(glob.glob(os.path.join(gen, "*.schemac.c")))
        return dirs, sources, None

    def program(self, arg, text):
        name, *headers = shlex.split(arg)
        folder = self.folder(name)
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        dirs, sources, error = self.header_dirs(headers)
        if error:
            return error
        link = "mcp" if re.search(r"#include <schemac/(mcp|mcp_http|provider)\.h>", text) else "core"
        return self.compile([path, *sources], [folder, *dirs], link=link, program=True)

    def excerpt(self, arg, text):
        with open(os.path.join(self.root, arg), encoding="utf-8") as f:
            have = [ln.rstrip() for ln in f.read().split("\n")]
        want = [ln.rstrip() for ln in text.rstrip("\n").split("\n")]
        if want and want[0] == "/* %s */" % arg:
            want = want[1:]
        at = 0
        for ln in want:
            while at < len(have) and have[at] != ln:
                at += 1
            if at == len(have):
                return "not in %s (in this order): %r" % (arg, ln)
            at += 1
        return None

    def in_context(self, arg, text):
        context = os.path.join(self.root, "tests", "docs", "contexts", arg)
        with open(context, encoding="utf-8") as f:
            template = f.read()
        if "@FRAGMENT@\n" not in template:
            return "%s has no @FRAGMENT@ line" % context
        source = template.replace("@FRAGMENT@\n", text)
        folder = self.folder(arg)
        path = os.path.join(folder, arg)
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        if arg.endswith(".h"):
            gen, error = self.generate(path)
            return error or self.compile_generated(gen, folder)
        m = re.search(r"doc-test headers: (.*?) \*/", template)
        # a header beside the contexts, or a repository path
        headers = [h if os.path.exists(os.path.join(self.root, h)) and "/" in h
                   else os.path.join("tests", "docs", "contexts", h) for h in (m.group(1).split() if m else [])]
        dirs, sources, error = self.header_dirs(headers)
        if error:
            return error
        return self.compile([path], [folder, *dirs])

    def run(self, arg, text):
        folder = self.folder("sh")
        for name in shlex.split(arg):
            shutil.copy(os.path.join(self.root, name), folder)
        env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(self.schemac)) + os.pathsep + os.environ["PATH"])
        p = subprocess.run(["bash", "-euo", "pipefail", "-c", text], cwd=folder, env=env, capture_output=True,
                           text=True, timeout=120)
        return None if p.returncode == 0 else "exit %d\n%s%s" % (p.returncode, p.stdout[-2000:], p.stderr[-2000:])


def path_script(blocks, values, outputs):
    """The bash script of a path's blocks [(line, what, text)]: what is
    None for commands, "output" or a file name. Each step followed by an
    output block writes what it prints to outputs/LINE."""
    script = ["set -euo pipefail"]
    set_here = set()
    for i, (line, what, text) in enumerate(blocks):
        if what is None:
            def assign(m):
                set_here.add(m.group(2))
                return "%s%s=%s" % (m.group(1) or "", m.group(2), shlex.quote(values[m.group(2)]))
            text = PATH_ASSIGNMENT.sub(assign, text)
            script.append("echo '### doc-test path: the block at line %d' >&2" % line)
            if i + 1 < len(blocks) and blocks[i + 1][1] == "output":
                script += ["set +e", "{", text.rstrip("\n"),
                           "} >%s 2>&1" % shlex.quote(os.path.join(outputs, str(line))), "set -e"]
            else:
                script.append(text.rstrip("\n"))
        elif what != "output":
            end = "SCHEMAC_DOC_TEST_EOF"
            assert end not in text
            script += ["cat >%s <<'%s'" % (shlex.quote(what), end), text.rstrip("\n"), end]
    return "\n".join(script) + "\n", set_here


def run_path(runner, name, blocks):
    """Runs a path: the errors, one a string."""
    folder = runner.folder("path-" + name)
    outputs = runner.folder("path-" + name + ".outputs")
    values = {"SCHEMAC_SRC": runner.root, "PREFIX": os.path.join(runner.tmp, "path-" + name + ".prefix")}
    errors = []
    if blocks and blocks[0][1] == "output":
        return ["an output block comes first, after no step"]
    for (line, what, _), (_, before, _) in zip(blocks[1:], blocks):
        if what == "output" and before is not None:
            errors.append("the output block at line %d follows no step" % line)
    script, set_here = path_script(blocks, values, outputs)
    for var in PATH_VARIABLES:
        if "$" + var in script.replace("${", "$") and var not in set_here:
            errors.append("it uses %s without setting it on a line of its own (%s=...)" % (var, var))
    if errors:
        return errors
    # the test's own environment, whose PATH has none of the build's files
    env = {k: v for k, v in os.environ.items()
           if k not in ("PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH", "LD_LIBRARY_PATH")}
    with open(os.path.join(outputs, "script.sh"), "w", encoding="utf-8") as f:
        f.write(script)
    p = subprocess.run(["bash", os.path.join(outputs, "script.sh")], cwd=folder, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=900)
    if p.returncode != 0:
        errors.append("exit %d\n%s" % (p.returncode, p.stdout[-4000:]))
    for (line, what, text), (step, _, _) in zip(blocks[1:], blocks):
        if what != "output":
            continue
        try:
            with open(os.path.join(outputs, str(step)), encoding="utf-8") as f:
                got = f.read()
        except OSError:
            got = "(the step did not run)\n"
        if got != text:
            errors.append("the block at line %d prints, not what line %d shows:\n%s" % (step, line, got))
    return errors


def main():
    args = sys.argv[1:]
    run_paths = args[:1] == ["--paths"]
    if run_paths:
        args = args[1:]
    root, schemac, libschemac, libschemac_mcp = args[:4]
    docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    failures = 0
    skipped = []
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(root, os.path.abspath(schemac), libschemac, libschemac_mcp, args[4:], tmp)
        for doc in docs:
            rel = os.path.relpath(doc, root)
            paths = {}  # name -> [(line, what, text)], in document order
            for line, language, kind, arg, text in examples(doc):
                where = "%s:%d (```%s)" % (rel, line, language)
                if kind == "path":
                    name, *what = arg.split()
                    step = not what and language == "sh"
                    if step or len(what) == 1 and (what[0] != "output" or language != "sh"):
                        paths.setdefault(name, []).append((line, what[0] if what else None, text))
                    else:
                        failures += 1
                        print("FAIL %s: path %s: not a step (```sh, the path's name alone), a file (the name "
                              "and FILE) or an output (the name and output, not ```sh)" % (where, arg))
                    continue
                if language not in ("c", "sh"):
                    continue
                allowed = {"c": ("header", "excerpt", "program", "in", "not-compiled"),
                           "sh": ("run", "not-run")}[language]
                if kind not in allowed:
                    failures += 1
                    print("FAIL %s: %s" % (where, "no doc-test marker before it" if kind is None
                                           else "marker '%s' is not one of %s" % (kind, ", ".join(allowed))))
                    continue
                if kind in ("not-run", "not-compiled"):
                    skipped.append("%s: %s: %s" % (where, kind, arg))
                    continue
                try:
                    error = {"header": r.header_example, "excerpt": r.excerpt, "program": r.program,
                             "in": r.in_context, "run": r.run}[kind](arg, text)
                except (OSError, subprocess.TimeoutExpired) as e:
                    error = str(e)
                counts[kind] = counts.get(kind, 0) + 1
                if error:
                    failures += 1
                    print("FAIL %s: %s %s\n     %s" % (where, kind, arg, error.rstrip().replace("\n", "\n     ")))
                else:
                    print("ok   %s: %s %s" % (where, kind, arg))
            for name, blocks in paths.items():
                where = "%s: path %s (%d blocks from line %d)" % (rel, name, len(blocks), blocks[0][0])
                if not run_paths:
                    skipped.append("%s: not run: it installs schemac from scratch, so only the build given "
                                   "--paths runs it (tests/docs/meson.build)" % where)
                    continue
                try:
                    errors = run_path(r, name, blocks)
                except (OSError, subprocess.TimeoutExpired) as e:
                    errors = [str(e)]
                counts["path"] = counts.get("path", 0) + 1
                if errors:
                    failures += 1
                    print("FAIL %s\n     %s" % (where, "\n".join(errors).rstrip().replace("\n", "\n     ")))
                else:
                    print("ok   %s" % where)
    print("\nNot compiled or not run, and why:")
    for s in skipped:
        print("  " + s)
    print("\n%s; %d skipped, %d failed" % (", ".join("%d %s" % (n, k) for k, n in sorted(counts.items())),
                                         len(skipped), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
