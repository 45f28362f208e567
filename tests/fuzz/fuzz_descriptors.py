#!/usr/bin/env python3
"""libFuzzer over the descriptors of random headers (issue 23): the
table-driven runtime that schemac's output calls is one piece of code
that every type goes through, so it is fuzzed through the descriptors of
headers that hold every member kind and keyword.

For each of K headers (tests/randheader/gen_header.py, seeds SEED ..
SEED+K-1): schemac writes its descriptors; fuzz_decode.c,
with a codec table of the header's root types (-DFUZZ_CODECS), is linked
with them and with the runtime, all compiled here by clang with
-fsanitize=fuzzer,address,undefined (the runtime instrumented too, so
libFuzzer's coverage is the descriptors' walk); the first input byte picks
the root type. Its seeds are the valid documents of each root and a sample
of their mutations that tests/differential/run.mjs builds from the emitted
schemas (--documents), so the fuzzer starts inside the descriptors, not at
the JSON syntax; its dictionary is fuzz.dict with the header's member names
and enum strings. Each header is fuzzed for --time seconds or --runs
inputs; the invariants are fuzz_decode.c's.

The report: per header, its roots, executions, coverage and crashes; then
how many descriptor entries of each sc_table_kind, sc_table_op,
sc_table_presence and sc_table_storage value (include/schemac/table.h) and
of each array shape the generated descriptors hold, and which of them none
did (--require-every-kind makes that a failure, for fixed seeds). A crash
keeps the header's folder (header, generated C, binary, crash input) under
--keep and prints how to reproduce and minimise it.

Usage: fuzz_descriptors.py --schemac SCHEMAC --include DIR --cjson-include DIR
                           --runtime-source FILE... [--cc clang] [--node NODE]
                           [--seed S|new] [--headers K] [--time SEC | --runs N]
                           [--keep DIR] [--require-every-kind]
Exit status: 0 no crash, 1 a crash or failure, 77 (skipped) without clang's
libFuzzer.
"""
import argparse
import collections
import concurrent.futures
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
SANITIZE = "-fsanitize=fuzzer,address,undefined"
CFLAGS = ["-std=c11", "-g", "-O1", "-fno-omit-frame-pointer", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
MAX_LEN = 4096
# seeds per root: every valid document run.mjs generates and this many of
# its mutations and I-JSON cases, enough to start on each rule's both sides
MUTATIONS_PER_ROOT = 150


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def seed_arg(text):
    """--seed S, or "new": a seed of the run's own, printed first."""
    return random.SystemRandom().randrange(1, 2 ** 31) if text == "new" else int(text)


def probe_libfuzzer(cc, work):
    """None when cc links a libFuzzer target with ASan+UBSan, else why not."""
    if shutil.which(cc) is None:
        return "%s not found" % cc
    src = os.path.join(work, "probe.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write("#include <stddef.h>\n#include <stdint.h>\n"
                "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\n"
                "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
    p = run([cc, SANITIZE, src, "-o", os.path.join(work, "probe")])
    if p.returncode != 0:
        return "%s cannot link %s (clang with libclang-rt-N-dev): %s" % (cc, SANITIZE, p.stderr.strip()[-300:])
    return None


def compile_runtime(opts, work):
    """The runtime's objects, instrumented for coverage and the sanitizers,
    compiled once for every header; SC_ARENA_POISON: ASan sees a read or
    write past an arena allocation inside its block too."""
    objdir = os.path.join(work, "runtime")
    os.makedirs(objdir, exist_ok=True)

    def one(src):
        obj = os.path.join(objdir, os.path.basename(src)[:-2] + ".o")
        p = run([opts.cc, *CFLAGS, "-fsanitize=fuzzer-no-link,address,undefined", "-DSC_ARENA_POISON", "-I" + opts.include,
                 "-I" + opts.cjson_include, "-c", src, "-o", obj])
        if p.returncode != 0:
            raise RuntimeError("runtime %s does not compile:\n%s" % (src, p.stderr[-4000:]))
        return obj

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, opts.runtime_source))


def table_names(include):
    """The values of each enum of table.h the report counts, in order."""
    with open(os.path.join(include, "schemac", "table.h"), encoding="utf-8") as f:
        text = f.read()
    names = {}
    for enum in ("sc_table_kind", "sc_table_presence", "sc_table_storage", "sc_table_op"):
        body = re.search(r"typedef enum %s \{(.*?)\}" % enum, text, re.S)
        names[enum] = re.findall(r"\b(SC_TABLE_[A-Z_]+)\b", re.sub(r"/\*.*?\*/", "", body.group(1), flags=re.S))
    return names


def descriptor_counts(source, names):
    """How many entries of each enum value and array shape the generated
    descriptors of source hold."""
    with open(source, encoding="utf-8") as f:
        text = f.read()
    counts = collections.Counter()
    tokens = collections.Counter(re.findall(r"\bSC_TABLE_[A-Z_]+\b", text))
    for values in names.values():
        for v in values:
            counts[v] = tokens[v]
    arrays = re.findall(r"static const sc_table_array \w+ = \{(.*?)\n\};", text, re.S)
    counts["array"] = sum(1 for a in arrays if ".map = true" not in a and ".fixed_size" not in a)
    counts["fixed array"] = sum(1 for a in arrays if ".fixed_size" in a)
    counts["map"] = sum(1 for a in arrays if ".map = true" in a)
    counts["map, char key[N]"] = sum(1 for a in arrays if ".map = true" in a and ".key_size" in a)
    counts["uniqueItems"] = sum(1 for a in arrays if ".unique = true" in a)
    counts["min items"] = sum(1 for a in arrays if ".has_min = true" in a)
    counts["max items"] = sum(1 for a in arrays if ".has_max = true" in a)
    counts["key rules"] = sum(1 for a in arrays if ".key_rules" in a)
    counts["nullable"] = len(re.findall(r"\.nullable = true", text))
    counts["by pointer"] = len(re.findall(r"\.by_pointer = true", text))
    counts["additionalProperties"] = len(re.findall(r"\.additional_properties = true", text))
    counts["enum"] = len(re.findall(r"static const sc_table_enum \w+ = \{", text))
    counts["tagged union"] = len(re.findall(r"static const sc_table_union \w+ = \{", text))
    counts["untagged union"] = len(re.findall(r"static const sc_table_untagged \w+ = \{", text))
    counts["read back"] = len(re.findall(r"\.read_back = true", text))
    counts["recursive"] = len(re.findall(r"\.tables = sc_gen_tables", text))
    return counts


ARRAY_SHAPES = ["array", "fixed array", "map", "map, char key[N]", "uniqueItems", "min items", "max items",
                "key rules", "nullable", "by pointer", "additionalProperties", "enum", "tagged union",
                "untagged union", "read back", "recursive"]


def codec_header(generated_header, roots):
    return ("/* The root types of a random header for fuzz_decode.c (fuzz_descriptors.py). */\n"
            "#include \"%s\"\n\n" % generated_header +
            "".join("CODEC(%s)\n" % r for r in roots) +
            "\nstatic const codec codecs[] = {\n" + "".join("    CODEC_ENTRY(%s),\n" % r for r in roots) + "};\n")


def first_byte(index, count):
    """The byte that picks root index of count (byte % count): a digit when
    one does, so that a seed file reads as text."""
    for b in range(ord("0"), ord("0") + count):
        if b % count == index:
            return b
    return index


def dict_entry(text):
    out = []
    for b in text.encode("utf-8"):
        out.append("\\x%02X" % b if b < 0x20 or b >= 0x7F or b in (0x22, 0x5C) else chr(b))
    return '"%s"' % "".join(out)


def header_dict(schemas, path):
    """fuzz.dict and the member names and enum strings of the schemas."""
    words = set()

    def walk(s):
        if isinstance(s, dict):
            for k, v in s.items():
                if k == "properties" and isinstance(v, dict):
                    words.update(json.dumps(name, ensure_ascii=False) for name in v)
                if k in ("enum", "const"):
                    for x in v if isinstance(v, list) else [v]:
                        words.add(json.dumps(x, ensure_ascii=False))
                walk(v)
        elif isinstance(s, list):
            for v in s:
                walk(v)

    for schema in schemas:
        with open(schema, encoding="utf-8") as f:
            walk(json.load(f))
    with open(os.path.join(HERE, "fuzz.dict"), encoding="utf-8") as f:
        base = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(base + "\n# the random header's member names and enum values\n")
        for w in sorted(words):
            f.write(dict_entry(w) + "\n")


def write_seeds(opts, seed, roots, schemas, config, work, seeds):
    """The seed corpus: run.mjs's documents of each root behind the byte
    that picks it; only {} per root without node or ajv (said in the
    report). Returns (count, source)."""
    os.makedirs(seeds, exist_ok=True)
    documents = os.path.join(work, "documents.jsonl")
    by_root = collections.defaultdict(list)
    source = "run.mjs"
    p = None
    if opts.node:
        p = run([opts.node, os.path.join(TESTS, "differential", "run.mjs"), "--documents", documents,
                 "--count", "8", "--seed", str(seed), "--config", config, *schemas], timeout=600)
    if p is not None and p.returncode == 0:
        with open(documents, encoding="utf-8") as f:
            for line in f:
                d = json.loads(line)
                data = d["doc"].encode("utf-8") if "doc" in d else bytes.fromhex(d["hex"])
                by_root[d["type"]].append((d["label"], data))
    else:
        source = "{} only (%s)" % ("node not given" if p is None else
                                   "run.mjs: " + (p.stdout + p.stderr).strip().split("\n")[-1])
        for r in roots:
            by_root[r].append(("generated", b"{}"))
    rng = random.Random(seed)
    n = 0
    for i, root in enumerate(roots):
        docs = by_root[root]
        valid = [d for label, d in docs if label.startswith("generated")]
        others = [d for label, d in docs if not label.startswith("generated")]
        rng.shuffle(others)
        for k, data in enumerate(valid + others[:MUTATIONS_PER_ROOT]):
            if len(data) + 1 > MAX_LEN:
                continue
            with open(os.path.join(seeds, "%s-%04d" % (root, k)), "wb") as f:
                f.write(bytes([first_byte(i, len(roots))]) + data)
            n += 1
    return n, source


STAT = re.compile(r"^stat::(\w+):\s*(\d+)", re.M)
DONE = re.compile(r"#(\d+)\s+(?:DONE|pulse|NEW|REDUCE|INITED)\s+cov: (\d+) ft: (\d+)")


def fuzz_header(opts, seed, runtime_objs, names, work):
    """(ok, report dict, details) for the header of seed, built in work."""
    stem = "rand_%d" % seed
    header, config = os.path.join(work, stem + ".h"), os.path.join(work, stem + ".config.json")
    p = run([sys.executable, os.path.join(TESTS, "randheader", "gen_header.py"), str(seed), header, config])
    if p.returncode != 0:
        return False, {}, "gen_header.py failed:\n" + p.stderr
    roots = p.stdout.split()
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    p = run([opts.schemac, "-I" + opts.cjson_include, header, "-o", out], timeout=120)
    if p.returncode != 0:
        return False, {}, "schemac rejected the header (exit %d):\n%s" % (p.returncode, p.stderr)
    generated = os.path.join(out, stem + ".schemac.c")
    counts = descriptor_counts(generated, names)
    roots_h = os.path.join(work, "fuzz_roots.h")
    with open(roots_h, "w", encoding="utf-8") as f:
        f.write(codec_header(stem + ".schemac.h", roots))
    binary = os.path.join(work, "fuzz_" + stem)
    p = run([opts.cc, *CFLAGS, SANITIZE, "-DFUZZ_CODECS=\"fuzz_roots.h\"", "-I" + work, "-I" + out,
             "-I" + os.path.join(TESTS, "common"), "-I" + opts.include, "-I" + opts.cjson_include,
             os.path.join(HERE, "fuzz_decode.c"), generated, *runtime_objs, "-lcjson", "-lm", "-o", binary],
            timeout=600)
    if p.returncode != 0:
        return False, {}, "the fuzz target does not compile:\n" + p.stderr[-6000:]
    schemas = [os.path.join(out, r + ".schema.json") for r in roots]
    seeds = os.path.join(work, "seeds")
    nseeds, seed_source = write_seeds(opts, seed, roots, schemas, config, work, seeds)
    fdict = os.path.join(work, "fuzz.dict")
    header_dict(schemas, fdict)
    corpus = os.path.join(work, "corpus")
    os.makedirs(corpus, exist_ok=True)
    limit = ["-runs=%d" % opts.runs] if opts.runs else ["-max_total_time=%d" % opts.time]
    argv = [binary, "-dict=" + fdict, "-max_len=%d" % MAX_LEN, "-seed=%d" % seed, "-timeout=20",
            "-rss_limit_mb=2048", "-print_final_stats=1", "-artifact_prefix=" + work + "/", *limit, corpus, seeds]
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    t0 = time.monotonic()
    p = run(argv, env=env, timeout=(opts.time or 600) * 3 + 300)
    stats = dict((k, int(v)) for k, v in STAT.findall(p.stderr))
    cov = DONE.findall(p.stderr)
    crashes = sorted(f for f in os.listdir(work) if re.match(r"(crash|leak|timeout|oom|slow-unit)-", f))
    report = {"seed": seed, "roots": roots, "seeds": nseeds, "seed_source": seed_source,
              "execs": stats.get("number_of_executed_units", 0), "seconds": time.monotonic() - t0,
              "cov": int(cov[-1][1]) if cov else 0, "ft": int(cov[-1][2]) if cov else 0,
              "corpus": len(os.listdir(corpus)), "crashes": crashes, "counts": counts,
              "rss": stats.get("peak_rss_mb", 0)}
    if p.returncode != 0 or crashes:
        tail = "\n".join(p.stderr.strip().split("\n")[-60:])
        how = ("reproduce: %s %s\nminimise:  %s -minimize_crash=1 -runs=100000 %s" %
               (binary, os.path.join(work, crashes[0]), binary, os.path.join(work, crashes[0]))) if crashes else ""
        return False, report, "libFuzzer exit %d\n%s\n%s" % (p.returncode, tail, how)
    return True, report, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--schemac", required=True)
    ap.add_argument("--include", required=True, help="libschemac's include folder")
    ap.add_argument("--cjson-include", required=True)
    ap.add_argument("--runtime-source", nargs="+", required=True, help="libschemac's C sources")
    ap.add_argument("--cc", default="clang", help="a clang with libFuzzer")
    ap.add_argument("--node", default=None, help="node, for run.mjs's seed documents")
    ap.add_argument("--seed", type=seed_arg, default=1, help="a number, or new (a random seed, printed)")
    ap.add_argument("--headers", type=int, default=3, help="random headers (seeds SEED .. SEED+K-1)")
    ap.add_argument("--time", type=int, default=20, help="seconds of fuzzing per header")
    ap.add_argument("--runs", type=int, default=0, help="inputs per header instead of --time")
    ap.add_argument("--keep", default=None, help="folder for the headers with a crash")
    ap.add_argument("--require-every-kind", action="store_true",
                    help="fail unless the descriptors hold every kind, op, presence and storage")
    opts = ap.parse_args()
    print("%s: --seed %d" % (os.path.basename(__file__), opts.seed), flush=True)
    scratch = tempfile.mkdtemp(prefix="fuzz-descriptors-")
    try:
        why = probe_libfuzzer(opts.cc, scratch)
        if why is not None:
            print("SKIP: %s" % why)
            return 77
        started = time.monotonic()
        try:
            runtime_objs = compile_runtime(opts, scratch)
        except RuntimeError as e:
            print(e)
            return 1
        names = table_names(opts.include)
        total = collections.Counter()
        failed, execs, crashes = 0, 0, 0
        keep = opts.keep or tempfile.mkdtemp(prefix="fuzz-descriptors-failures-")
        for seed in range(opts.seed, opts.seed + opts.headers):
            work = os.path.join(scratch, "seed_%d" % seed)
            os.makedirs(work)
            ok, r, details = fuzz_header(opts, seed, runtime_objs, names, work)
            if r:
                total.update(r["counts"])
                execs += r["execs"]
                crashes += len(r["crashes"])
                print("seed %d: %s: %d roots (%s), %d seeds (%s), %d execs in %.0f s, cov %d ft %d, corpus %d, "
                      "peak %d MB, %d crashes" % (
                          seed, "ok" if ok else "FAIL", len(r["roots"]), " ".join(r["roots"]), r["seeds"],
                          r["seed_source"], r["execs"], r["seconds"], r["cov"], r["ft"], r["corpus"], r["rss"],
                          len(r["crashes"])), flush=True)
            else:
                print("seed %d: FAIL" % seed)
            if not ok:
                failed += 1
                dest = os.path.join(keep, "seed_%d" % seed)
                shutil.copytree(work, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("corpus"))
                print("  kept: %s" % dest)
                print("  " + details.strip().replace(os.path.join(scratch, "seed_%d" % seed), dest)
                      .replace("\n", "\n  "))
            shutil.rmtree(work, ignore_errors=True)
        print("descriptors of the %d headers (entries of each value of include/schemac/table.h):" % opts.headers)
        missing = []
        for enum, values in names.items():
            print("  %-18s %s" % (enum, ", ".join("%s %d" % (v[len("SC_TABLE_"):], total[v]) for v in values)))
            missing += [v for v in values if total[v] == 0]
        print("  %-18s %s" % ("shapes", ", ".join("%s %d" % (s, total[s]) for s in ARRAY_SHAPES)))
        missing_shapes = [s for s in ARRAY_SHAPES if total[s] == 0]
        if missing or missing_shapes:
            print("  none of: %s" % ", ".join(missing + missing_shapes))
        if opts.require_every_kind and (missing or missing_shapes):
            print("FAIL: --require-every-kind, and the headers of these seeds leave some out")
            failed += 1
        print("fuzz_descriptors: seeds %d..%d, %d headers, %d execs, %d crashes, %.0f s, %d failed" % (
            opts.seed, opts.seed + opts.headers - 1, opts.headers, execs, crashes, time.monotonic() - started,
            failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
