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
    util/           string buffer, diagnostics, the JSON printer

and below them all the pattern engine, a library of runtime/ (runtime/pattern),
which every stage may include through its public header "pattern/pattern.h"
(its rx.h is its own).

A file may include its own stage and the stages below it, never one above;
includes are written from generator/ ("model/model.h"), so a bare name
("model.h") or a path up ("../strbuf.h") fails too, as does a source file
outside the stage folders. Outside generator/ only the project's public
headers ("schemac/..."), the configured generator_config.h and the pattern
engine's "pattern/pattern.h" are allowed.

With --runtime, the other direction: nothing under runtime/ includes from
generator/ (a header name found under generator/ and not beside the file,
under runtime/ or include/), and no meson.build under runtime/ names a path
into generator/ (an include directory, a source file).

usage: layering.py GENERATOR_DIR
       layering.py --runtime RUNTIME_DIR GENERATOR_DIR"""
import os
import re
import sys

# highest first; a stage's rank is its index
STAGES = ['cli', 'import', 'validate_cmd', 'compat', 'emit', 'check', 'resolve', 'parse', 'model', 'util']
TOP_FILES = {'main.c'}  # generator/ itself: the command line, above all stages
ALLOWED_ELSEWHERE = re.compile(r'^(schemac/[\w/]+\.h|generator_config\.h)$')
# the libraries of runtime/ below every stage, by their public headers
RUNTIME_LIBRARIES = {'pattern/pattern.h'}
INCLUDE = re.compile(r'\s*#\s*include\s*"([^"]+)"')


def stage_of(rel):
    """The stage of a path relative to generator/, or None."""
    parts = rel.split('/')
    if len(parts) == 1:
        return 'main' if parts[0] in TOP_FILES else None
    return parts[0] if parts[0] in STAGES else None


def rank(stage):
    return -1 if stage == 'main' else STAGES.index(stage)


def c_files(root):
    """(path, path relative to root) of every .c and .h file under root."""
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(('.c', '.h')):
                path = os.path.join(dirpath, name)
                yield path, os.path.relpath(path, root).replace(os.sep, '/')


def includes_of(path):
    """(line number, target) of each #include "target" of path."""
    with open(path, encoding='utf-8') as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield lineno, m.group(1)


def report(errors, root, nfiles, nincludes, success):
    """Prints the errors, or success when there are none; the exit status."""
    if nfiles == 0 or nincludes == 0:
        errors.append(f'{root}: no sources or no includes found')
    for e in errors:
        print(e)
    if errors:
        return 1
    print(success)
    return 0


def check_runtime(runtime, generator):
    """Nothing under runtime/ includes from generator/."""
    include = os.path.join(os.path.dirname(os.path.abspath(runtime)), 'include')
    generator = os.path.abspath(generator)
    errors = []
    for dirpath, _, names in os.walk(runtime):
        if 'meson.build' not in names:
            continue
        path = os.path.join(dirpath, 'meson.build')
        rel = os.path.relpath(path, runtime).replace(os.sep, '/')
        with open(path, encoding='utf-8') as f:
            for lineno, line in enumerate(f, 1):
                code = line.split('#', 1)[0]
                for text in re.findall(r"'([^']*)'", code):
                    if 'generator' in text.split('/'):
                        errors.append(f'runtime/{rel}:{lineno}: names {text!r}, a path into generator/')
    nfiles = nincludes = 0
    for path, rel in c_files(runtime):
        nfiles += 1
        for lineno, target in includes_of(path):
            nincludes += 1
            where = f'runtime/{rel}:{lineno}: #include "{target}"'
            beside = os.path.abspath(os.path.join(os.path.dirname(path), target))
            if beside.startswith(generator + os.sep):
                errors.append(f'{where}: a path into generator/')
            elif not any(os.path.isfile(c) for c in (beside, os.path.join(runtime, target),
                                                     os.path.join(include, target))) and \
                    os.path.isfile(os.path.join(generator, target)):
                errors.append(f'{where}: a header of generator/ (the runtime includes nothing of '
                              f'the generator; a library both need lives under runtime/)')
    return report(errors, runtime, nfiles, nincludes,
                  f'{nfiles} files, {nincludes} includes under runtime/: none from generator/')


def main():
    if sys.argv[1] == '--runtime':
        return check_runtime(sys.argv[2], sys.argv[3])
    root = sys.argv[1]
    runtime = os.path.join(os.path.dirname(os.path.abspath(root)), 'runtime')
    errors = []
    nfiles = nincludes = 0
    for path, rel in c_files(root):
        own = stage_of(rel)
        nfiles += 1
        if own is None:
            errors.append(f'{rel}: outside the stage folders ({", ".join(s + "/" for s in STAGES)}, main.c)')
            continue
        for lineno, target in includes_of(path):
            nincludes += 1
            where = f'{rel}:{lineno}: #include "{target}"'
            if ALLOWED_ELSEWHERE.match(target):
                continue
            if target in RUNTIME_LIBRARIES and os.path.isfile(os.path.join(runtime, target)):
                continue  # a library below every stage
            if target.startswith('pattern/') and os.path.isfile(os.path.join(runtime, target)):
                errors.append(f'{where}: internal to the pattern engine (runtime/pattern): include '
                              f'its public "pattern/pattern.h"')
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
    return report(errors, root, nfiles, nincludes,
                  f'{nfiles} files, {nincludes} includes: all point down the pipeline')


if __name__ == '__main__':
    sys.exit(main())
