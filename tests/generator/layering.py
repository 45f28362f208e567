#!/usr/bin/env python3
"""The generator's layout shows its pipeline: one folder per stage, and every
include points down it (docs/internals.md). From top to bottom:

    main.c, cli/    the command line: options, flags, compdb, outputs
    import/         schemac import: a JSON Schema or MCP tools to a header
    validate_cmd/   schemac validate: documents against a JSON Schema
                    (libschemac-validate)
    compat/         --write-baseline and --compat: the header against the
                    schemas it published (reads the emitted schema)
    emit/           the emitters (emit/c/ the generated C, emit/json/ the
                    schema, the dialects and XML; emit/ --list, depfile)
    check/          what a header may not say (and which dialects a tool gets)
    resolve/        the decisions the model needs before it is checked
    parse/          libclang -> model, annotations and tags
    model/          the model, the keyword table, what generated code declares
    pattern/        the pattern compiler
    util/           string buffer, diagnostics, the JSON printer

A file may include its own stage and the stages below it, never one above;
includes are written from generator/ ("model/model.h"), so a bare name
("model.h") or a path up ("../strbuf.h") fails too, as does a source file
outside the stage folders. Outside generator/ only the project's public
headers ("schemac/...") and the configured generator_config.h are allowed.

usage: layering.py GENERATOR_DIR"""
import os
import re
import sys

# highest first; a stage's rank is its index
STAGES = ['cli', 'import', 'validate_cmd', 'compat', 'emit', 'check', 'resolve', 'parse', 'model', 'pattern', 'util']
TOP_FILES = {'main.c'}  # generator/ itself: the command line, above all stages
ALLOWED_ELSEWHERE = re.compile(r'^(schemac/[\w/]+\.h|generator_config\.h)$')


def stage_of(rel):
    """The stage of a path relative to generator/, or None."""
    parts = rel.split('/')
    if len(parts) == 1:
        return 'main' if parts[0] in TOP_FILES else None
    return parts[0] if parts[0] in STAGES else None


def rank(stage):
    return -1 if stage == 'main' else STAGES.index(stage)


def main():
    root = sys.argv[1]
    errors = []
    nfiles = nincludes = 0
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root).replace(os.sep, '/')
            own = stage_of(rel)
            nfiles += 1
            if own is None:
                errors.append(f'{rel}: outside the stage folders ({", ".join(s + "/" for s in STAGES)}, main.c)')
                continue
            with open(path, encoding='utf-8') as f:
                for lineno, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
                    if not m:
                        continue
                    nincludes += 1
                    target = m.group(1)
                    where = f'{rel}:{lineno}: #include "{target}"'
                    if ALLOWED_ELSEWHERE.match(target):
                        continue
                    if not os.path.isfile(os.path.join(root, target)):
                        errors.append(f'{where}: not a file under generator/ (write includes from generator/, '
                                      f'as "model/model.h")')
                        continue
                    theirs = stage_of(target)
                    if theirs is None or theirs == 'main':
                        errors.append(f'{where}: includes a file outside the stage folders')
                    elif rank(theirs) < rank(own):
                        errors.append(f'{where}: {own} includes {theirs}, a stage above it '
                                      f'(order: main/{" > ".join(STAGES)})')
    if nfiles == 0 or nincludes == 0:
        errors.append(f'{root}: no sources or no includes found')
    for e in errors:
        print(e)
    if errors:
        return 1
    print(f'{nfiles} files, {nincludes} includes: all point down the pipeline')
    return 0


if __name__ == '__main__':
    sys.exit(main())
