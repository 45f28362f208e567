#!/usr/bin/env python3
"""The runtime's libraries export what the installed headers declare, and
nothing else (schemac/export.h, docs/internals.md "Runtime").

Every library is built with hidden visibility; a function is exported when
an installed header declares it with the library's macro (SC_API for
libschemac, SC_VALIDATE_API, SC_MCP_API, SC_MCP_REDIS_API). Two checks:

  check_exports.py headers DIR [--skip-header NAME]...
      every function or variable declared at file scope in DIR/*.h carries
      exactly one export macro (a declaration without one would be hidden:
      documented, yet missing from the library).

  check_exports.py library --nm NM --library FILE --macro MACRO DIR
                   [--skip-header NAME]... [--internal HEADER:MACRO:PREFIX]
      the defined dynamic symbols of FILE (nm -D --defined-only) are
      exactly the names DIR/*.h declare with MACRO, plus those HEADER (not
      installed) declares with its own MACRO, which must all start with
      PREFIX (exported for the runtime's other libraries only). Both ways:
      an extra symbol (exported, undocumented) and a missing one (declared,
      not exported) fail, each listed.

Standard library only. The parser knows C declarations as the headers write
them: comments and preprocessor lines are dropped, a declaration runs to
its ';' at file scope, its name is the identifier before the parameter
list (or, for a variable, the last identifier).
"""
import argparse
import os
import re
import subprocess
import sys

MACROS = ("SC_API", "SC_VALIDATE_API", "SC_MCP_API", "SC_MCP_REDIS_API")
# symbols of the toolchain, never ours (reserved identifiers: a sanitizer's
# or linker's _init, __bss_start, __odr_asan_gen_...)
IGNORED = re.compile(r"^_")
IDENT = re.compile(r"[A-Za-z_]\w*")


def strip(text):
    """text with comments and preprocessor lines blanked (same offsets)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r"//[^\n]*", blank, text)
    lines, out, cont = text.split("\n"), [], False
    for line in lines:
        if cont or line.lstrip().startswith("#"):
            cont = line.rstrip().endswith("\\")
            out.append(" " * len(line))
        else:
            out.append(line)
    return "\n".join(out)


def declarations(path):
    """(line, text) of each declaration at file scope of path (extern "C"
    blocks see through), bodies (struct, enum, inline functions) left out."""
    source = open(path, encoding="utf-8").read()
    s = strip(source).replace('extern "C" {', ' ' * len('extern "C" {'))
    found, depth, start, after_body = [], 0, 0, False
    for i, c in enumerate(s):
        if c == "{":
            if depth == 0:
                head = s[start:i].strip()
                # typedef struct {...} name; enum {...}; a static inline body
                after_body = head.startswith(("typedef", "struct", "enum", "union"))
                if not after_body:
                    lead = len(s[start:i]) - len(s[start:i].lstrip())
                    found.append((s.count("\n", 0, start + lead) + 1, " ".join(head.split()) + " {", True))
            depth += 1
        elif c == "}":
            depth -= 1
            if depth <= 0:
                depth, start = 0, i + 1
        elif c == ";" and depth == 0:
            text = s[start:i]
            line = s.count("\n", 0, start + len(text) - len(text.lstrip())) + 1
            start = i + 1
            stripped = " ".join(text.split())
            if after_body:  # the declarators after a typedef's body
                after_body = False
                continue
            if not stripped or stripped.startswith(("typedef", "struct", "enum", "union")):
                continue
            found.append((line, stripped, False))
    return found


def declared_name(text):
    """The identifier a declaration declares, or None when it cannot tell."""
    paren = text.find("(")
    if paren < 0:  # a variable: its last identifier, before [] or =
        head = re.split(r"[\[=]", text)[0]
        names = IDENT.findall(head)
        return names[-1] if names else None
    pointer = re.match(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)", text[paren:])
    if pointer:  # a pointer to a function: int (*name)(void)
        return pointer.group(1)
    names = IDENT.findall(text[:paren])
    return names[-1] if names else None


def macros_of(text):
    return [m for m in MACROS if re.search(r"\b%s\b" % m, text)]


def headers(directory, skip):
    for name in sorted(os.listdir(directory)):
        if name.endswith(".h") and name not in skip:
            yield os.path.join(directory, name)


def marked(paths, macro):
    """{name: 'file:line'} of what paths declare with macro; errors."""
    names, errors = {}, []
    for path in paths:
        for line, text, body in declarations(path):
            if not re.search(r"\b%s\b" % macro, text):
                continue
            where = "%s:%d" % (os.path.basename(path), line)
            if body:
                errors.append("%s: %s on a definition (an inline function is not exported): %s"
                              % (where, macro, text))
                continue
            name = declared_name(text)
            if name is None or name in MACROS or name == macro:
                errors.append("%s: cannot tell what this declares: %s" % (where, text))
                continue
            names[name] = where
    return names, errors


def exported(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("%s -D --defined-only %s failed: %s" % (nm, library, out.stderr.strip()))
    symbols = set()
    for line in out.stdout.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        name = fields[-1].split("@")[0]  # versioned names: name@VERSION
        if fields[-2] in ("U", "w", "v") or IGNORED.match(name):
            continue
        symbols.add(name)
    return symbols


def check_headers(args):
    errors = []
    for path in headers(args.dir, args.skip_header):
        for line, text, body in declarations(path):
            where = "%s:%d" % (os.path.basename(path), line)
            used = macros_of(text)
            if body:
                if used:
                    errors.append("%s: %s on a definition: %s" % (where, used[0], text))
                continue
            if re.match(r"(extern\s+)?static\b|static\b", text):
                continue
            if len(used) != 1:
                what = "no export macro" if not used else "several export macros (%s)" % ", ".join(used)
                errors.append("%s: %s on `%s`: declare it with its library's macro (%s, "
                              "schemac/export.h), or it is not exported" % (where, what, text, " / ".join(MACROS)))
    if errors:
        print("installed headers: %d declaration(s) without exactly one export macro:" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("installed headers in %s: every declaration carries one export macro" % args.dir)
    return 0


def check_library(args):
    paths = list(headers(args.dir, args.skip_header))
    want, errors = marked(paths, args.macro)
    internal = {}
    for spec in args.internal:
        header, macro, prefix = spec.rsplit(":", 2)
        names, errs = marked([header], macro)
        errors += errs
        for name, where in names.items():
            if not name.startswith(prefix):
                errors.append("%s: %s exported for the runtime only must be named %s*" % (where, name, prefix))
            internal[name] = where
    for name in set(want) & set(internal):
        errors.append("%s is declared both in an installed header and as internal" % name)
    have = exported(args.nm, args.library)
    lib = os.path.basename(args.library)
    extra = sorted(have - set(want) - set(internal))
    missing = sorted((set(want) | set(internal)) - have)
    if extra:
        errors.append("%d symbol(s) exported by %s but declared with %s in no installed header "
                      "(document them there, or stop exporting them: no export macro or visibility "
                      "attribute on an internal declaration):\n    %s"
                      % (len(extra), lib, args.macro, "\n    ".join(extra)))
    if missing:
        errors.append("%d symbol(s) declared with %s but not exported by %s (not defined in it, "
                      "or in another library: another macro):\n    %s"
                      % (len(missing), args.macro, lib,
                         "\n    ".join("%s  (%s)" % (n, want.get(n) or internal.get(n)) for n in missing)))
    if errors:
        print("%s: its exports are not what the headers declare with %s:" % (lib, args.macro))
        for e in errors:
            print("  " + e)
        return 1
    print("%s exports exactly the %d function(s) declared with %s%s" % (
        lib, len(want), args.macro,
        " and %d internal one(s) (%s)" % (len(internal), ", ".join(sorted(internal))) if internal else ""))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    h = sub.add_parser("headers")
    h.add_argument("dir")
    h.add_argument("--skip-header", action="append", default=[])
    lib = sub.add_parser("library")
    lib.add_argument("--nm", required=True)
    lib.add_argument("--library", required=True)
    lib.add_argument("--macro", required=True, choices=MACROS)
    lib.add_argument("--skip-header", action="append", default=[])
    lib.add_argument("--internal", action="append", default=[], metavar="HEADER:MACRO:PREFIX")
    lib.add_argument("dir")
    args = parser.parse_args()
    return check_headers(args) if args.command == "headers" else check_library(args)


if __name__ == "__main__":
    sys.exit(main())
