#!/usr/bin/env python3
"""Random headers against ajv. Each round writes a random annotated header
(gen_header.py, seeded by SEED + round), runs schemac on it, compiles the
generated decoders with a driver (tests/differential/driver_main.c and a
codec table for the header's roots) under ASan+UBSan, and runs
tests/differential/run.mjs on the emitted schemas: random valid and
boundary documents and their mutations go to the decoder and to ajv, whose
verdicts must agree except for the documented strictness rules (each
classified by reason), and every accepted document must pass T_validate and
survive T_encode -> T_decode (exactly, for the types whose value keeps the
whole document). A round fails when schemac rejects the header, the
generated C does not compile cleanly, the driver reports a sanitizer error,
or run.mjs finds a disagreement; its header is kept for reproduction.

Usage: randheader.py --schemac SCHEMAC --node NODE --lib LIBSCHEMAC
                     --include DIR --cjson-include DIR [--seed S]
                     [--rounds N] [--count C] [--keep DIR] [--verbose]
Exit status: 0 every round agreed, 1 a failure, 77 (skipped) without ajv,
node or a compiler.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
DIFFERENTIAL = os.path.join(TESTS, "differential")
# warnings as errors on the generated code, as the decode tests compile it;
# the sanitizers find what the verdicts do not show
CFLAGS = ["-std=c11", "-g", "-O1", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-Wshadow",
          "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]


def same_functions(untagged):
    """find_same for the roots with untagged union members (gen_header.py's
    config "untagged"): the same variant, and the same value where encode
    could not show a difference (floats to the bit, strings, arrays)."""
    out = []
    for root, members in untagged.items():
        body = []
        for member, _, variants in members:
            u = "x->%s" % member
            w = "y->%s" % member
            body.append("    if (%s.kind != %s.kind)\n        return 0;\n    switch (%s.kind) {\n" % (u, w, u))
            for enum, v, how in variants:
                body.append("    case %s:\n" % enum)
                if how == "mem":
                    body.append("        if (memcmp(&%s.as.%s, &%s.as.%s, sizeof %s.as.%s) != 0)\n            return 0;\n"
                                % (u, v, w, v, u, v))
                elif how == "str":
                    body.append("        if (strcmp(%s.as.%s, %s.as.%s) != 0)\n            return 0;\n" % (u, v, w, v))
                elif how in ("ints", "doubles", "strs"):
                    body.append("        if (%s.%s_count != %s.%s_count)\n            return 0;\n" % (u, v, w, v))
                    cmp = ("%s.as.%s[i] != %s.as.%s[i]" if how == "ints" else
                           "memcmp(&%s.as.%s[i], &%s.as.%s[i], sizeof(double)) != 0" if how == "doubles" else
                           "strcmp(%s.as.%s[i], %s.as.%s[i]) != 0")
                    body.append("        for (size_t i = 0; i < %s.%s_count; i++)\n            if (%s)\n"
                                "                return 0;\n" % (u, v, cmp % (u, v, w, v)))
                body.append("        break;\n")
            body.append("    default:\n        break;\n    }\n")
        out.append("static int same_%s(const void *a, const void *b)\n{\n    const %s *x = a, *y = b;\n%s    return 1;\n}\n\n"
                   % (root, root, "".join(body)))
    out.append("same_fn find_same(const char *type)\n{\n")
    for root in untagged:
        out.append("    if (strcmp(type, \"%s\") == 0)\n        return same_%s;\n" % (root, root))
    out.append("    (void)type;\n    return NULL;\n}\n")
    return "".join(out)


def codec_table(header_name, roots, untagged):
    """The codec table of the header's roots, for driver_main.c."""
    return ("#include <string.h>\n\n#include \"codec.h\"\n#include \"driver.h\"\n#include \"%s\"\n\n" % header_name +
            "".join("CODEC(%s)\n" % r for r in roots) +
            "\nstatic const codec codecs[] = {\n" + "".join("    CODEC_ENTRY(%s),\n" % r for r in roots) + "};\n\n"
            "const codec *find_codec(const char *type)\n{\n"
            "    for (size_t i = 0; i < sizeof codecs / sizeof *codecs; i++)\n"
            "        if (strcmp(codecs[i].type, type) == 0)\n"
            "            return &codecs[i];\n"
            "    return NULL;\n}\n\n" + same_functions(untagged))


OVERLAP = re.compile(r"error: '(\w+)' overlaps the earlier variant '(\w+)'")


def check_rejected(opts, cfg):
    """schemac must reject the header of unaccepted overlaps with exactly
    the overlaps gen_header.py's oracle found: (ok, summary, details)."""
    want = sorted(tuple(o) for o in cfg["rejectOverlaps"])
    if not want:
        return True, "no overlap to reject", ""
    p = run([opts.schemac, "-I" + opts.cjson_include, "--print-schema", cfg["rejectHeader"]], timeout=120)
    got = sorted(OVERLAP.findall(p.stderr))
    others = [ln for ln in p.stderr.splitlines() if ("error:" in ln or "warning:" in ln) and not OVERLAP.search(ln)]
    if p.returncode == 1 and got == want and not others:
        return True, "%d overlaps rejected" % len(want), ""
    return False, "schemac's overlaps differ from the oracle's", (
        "expected %s\ngot %s (exit %d)\n%s" % (want, got, p.returncode, "\n".join(others)))


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def one_round(opts, seed, work):
    """(ok, summary line, details) for the header of seed, built in work."""
    stem = "rand_%d" % seed
    header, config = os.path.join(work, stem + ".h"), os.path.join(work, stem + ".config.json")
    p = run([sys.executable, os.path.join(HERE, "gen_header.py"), str(seed), header, config])
    if p.returncode != 0:
        return False, "gen_header.py failed", p.stderr
    roots = p.stdout.split()
    with open(config, encoding="utf-8") as f:
        cfg = json.load(f)
    ok, rejected, details = check_rejected(opts, cfg)
    if not ok:
        return False, rejected, details
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    p = run([opts.schemac, "-I" + opts.cjson_include, header, "-o", out] + opts.schemac_flag, timeout=120)
    if p.returncode != 0:
        return False, "schemac rejected the header (exit %d)" % p.returncode, p.stderr
    if "@acceptOverlap" in p.stderr:
        return False, "an @acceptOverlap the oracle asked for is needless to schemac", p.stderr
    table = os.path.join(work, "table.c")
    with open(table, "w", encoding="utf-8") as f:
        f.write(codec_table(stem + ".schemac.h", roots, cfg.get("untagged", {})))
    driver = os.path.join(work, "driver")
    libdir = os.path.dirname(os.path.abspath(opts.lib))
    p = run([opts.cc, *CFLAGS, "-I" + out, "-I" + work, "-I" + os.path.join(TESTS, "common"),
             "-I" + DIFFERENTIAL, "-I" + opts.include, "-I" + opts.cjson_include,
             os.path.join(DIFFERENTIAL, "driver_main.c"), os.path.join(DIFFERENTIAL, "driver_io.c"), table, os.path.join(out, stem + ".schemac.c"),
             opts.lib, "-Wl,-rpath," + libdir, "-lcjson", "-lm", "-o", driver], timeout=600)
    if p.returncode != 0:
        return False, "the generated C does not compile with %s" % " ".join(CFLAGS), p.stderr[-6000:]
    schemas = [os.path.join(out, r + ".schema.json") for r in roots]
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    argv = [opts.node, os.path.join(DIFFERENTIAL, "run.mjs"), "--count", str(opts.count), "--seed", str(seed),
            "--config", config] + (["--validator", opts.validator] if opts.validator else []) + [driver, *schemas]
    p = run(argv, timeout=1200, env=env)
    lines = p.stdout.strip().split("\n")
    documents = next((ln for ln in lines if ln.startswith("documents:")), "")
    divergences = next((ln for ln in lines if ln.startswith("deliberate divergences")), "")
    validator = next((ln for ln in lines if ln.startswith("validator disagreements")), "")
    if p.returncode == 77:
        return None, "ajv is not installed (npm ci --prefix tests/differential): skipped", ""
    summary = "%d roots (%s), %d untagged unions, %s; %s; %s%s" % (
        len(roots), " ".join(roots), sum(len(m) for m in cfg.get("untagged", {}).values()), rejected, documents,
        divergences, "; " + validator if validator else "")
    if p.returncode != 0:
        return False, summary, (p.stdout[-8000:] + p.stderr[-4000:] +
                                "\nrerun: " + " ".join(argv))
    if opts.verbose:
        summary += "\n" + p.stdout
    return True, summary, ""



def seed_arg(text):
    """--seed S, or "new": a seed of the run's own, printed first, so that
    CI tries other headers each run and a failure can be replayed."""
    return random.SystemRandom().randrange(1, 2 ** 31) if text == "new" else int(text)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--schemac", required=True)
    ap.add_argument("--node", required=True)
    ap.add_argument("--lib", required=True, help="the built libschemac")
    ap.add_argument("--include", required=True, help="libschemac's include folder")
    ap.add_argument("--cjson-include", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--seed", type=seed_arg, default=1, help="a number, or new (a random seed, printed)")
    ap.add_argument("--rounds", type=int, default=3, help="random headers (seeds SEED .. SEED+ROUNDS-1)")
    ap.add_argument("--count", type=int, default=8, help="run.mjs --count: valid documents per root type")
    ap.add_argument("--keep", default=None, help="folder for the headers of failed rounds")
    ap.add_argument("--schemac-flag", action="append", default=[],
                    help="an option for schemac's C output, repeatable")
    ap.add_argument("--validator", default=None,
                    help="tests/differential's validate_driver: the emitted schemas compiled at run time by "
                         "libschemac-validate must agree with the decoders and ajv too")
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()
    print("%s: --seed %d" % (os.path.basename(__file__), opts.seed), flush=True)
    if shutil.which(opts.cc) is None:
        print("%s not found: skipped" % opts.cc)
        return 77
    keep = opts.keep or tempfile.mkdtemp(prefix="randheader-failures-")
    started = time.monotonic()
    failed = 0
    for seed in range(opts.seed, opts.seed + opts.rounds):
        work = tempfile.mkdtemp(prefix="randheader-%d-" % seed)
        try:
            t0 = time.monotonic()
            ok, summary, details = one_round(opts, seed, work)
            if ok is None:
                print(summary)
                return 77
            print("seed %d: %s: %s (%.0f s)" % (seed, "ok" if ok else "FAIL", summary, time.monotonic() - t0))
            if not ok:
                failed += 1
                dest = os.path.join(keep, "seed_%d" % seed)
                shutil.copytree(work, dest, dirs_exist_ok=True)
                print("  kept: %s (the header, its config, the generated C and the driver)" % dest)
                print("  " + details.strip().replace("\n", "\n  "))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print("randheader: seeds %d..%d, %d rounds in %.0f s, %d failed" % (
        opts.seed, opts.seed + opts.rounds - 1, opts.rounds, time.monotonic() - started, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
