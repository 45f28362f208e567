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
A C or shell fence without a marker fails the test: a new example is
built from the day it is written.
Usage: doc_examples.py SOURCE_ROOT SCHEMAC LIBSCHEMAC LIBSCHEMAC_MCP INCLUDE_DIR...
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


def main():
    root, schemac, libschemac, libschemac_mcp = sys.argv[1:5]
    docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    failures = 0
    skipped = []
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(root, os.path.abspath(schemac), libschemac, libschemac_mcp, sys.argv[5:], tmp)
        for doc in docs:
            rel = os.path.relpath(doc, root)
            for line, language, kind, arg, text in examples(doc):
                if language not in ("c", "sh"):
                    continue
                where = "%s:%d (```%s)" % (rel, line, language)
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
    print("\nNot compiled or not run, and why:")
    for s in skipped:
        print("  " + s)
    print("\n%s; %d skipped, %d failed" % (", ".join("%d %s" % (n, k) for k, n in sorted(counts.items())),
                                         len(skipped), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
