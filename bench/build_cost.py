#!/usr/bin/env python3
"""The build cost of generated code, per struct (issue 23): headers of 20
and 100 distinct structs (bench/gen_structs.py, one seed, so the 100 hold
the 20), each turned into C by schemac, then compiled alone (`-c`) by gcc
and clang at -O0, -O2 and -Os, RUNS times each. Per struct is the slope
between the two headers ((x100 - x20) / 80), so what every file carries
once (includes, the runtime's inline functions) cancels out.

Reported per struct: generated C bytes; compile CPU time (user + system of
the compiler, not wall: the machine may be shared), the median of RUNS;
and the sections of the object file by `size -A`: .text (machine code),
descriptors and other constant tables with relocations (.data.rel.ro*),
constant tables and texts without (.rodata*: the schema texts, messages and
pattern DFAs). gcc's .text is also measured with -fno-ipa-icf, which stops
gcc from merging functions that came out identical.

Usage: bench/build_cost.py [SCHEMAC]   (default build-release/generator/schemac)
Environment: RUNS (default 3), SIZES (default "20 100"), SEED (default 1),
BUILD_DIR (the build of schemac/config.h, default: SCHEMAC's),
SCHEMAC_FLAGS (extra schemac options),
COMPILERS (default "gcc clang"), OPTS (default "-O0 -O2 -Os").
"""
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_of(cmd):
    """CPU seconds (user + system) the command and its children took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def sections(obj):
    """Bytes by group of sections of an object file (size -A)."""
    out = subprocess.run(["size", "-A", obj], check=True, capture_output=True, text=True).stdout
    groups = {"text": 0, "relro": 0, "rodata": 0, "data": 0}
    for line in out.splitlines():
        m = re.match(r"^(\.\S+)\s+(\d+)\s+\d+", line)
        if not m:
            continue
        name, size = m.group(1), int(m.group(2))
        if name.startswith(".text"):
            groups["text"] += size
        elif name.startswith(".data.rel.ro"):
            groups["relro"] += size
        elif name.startswith(".rodata"):
            groups["rodata"] += size
        elif name.startswith(".data") or name.startswith(".bss"):
            groups["data"] += size
    return groups


def main():
    schemac = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build-release/generator/schemac")
    if not os.access(schemac, os.X_OK):
        print("build_cost.py: no %s (build it first)" % schemac, file=sys.stderr)
        return 1
    # the build directory of schemac/config.h
    build = os.path.abspath(os.environ.get("BUILD_DIR", os.path.dirname(os.path.dirname(schemac))))
    runs = int(os.environ.get("RUNS", "3"))
    sizes = [int(s) for s in os.environ.get("SIZES", "20 100").split()]
    seed = os.environ.get("SEED", "1")
    flags = os.environ.get("SCHEMAC_FLAGS", "").split()
    compilers = os.environ.get("COMPILERS", "gcc clang").split()
    opts = os.environ.get("OPTS", "-O0 -O2 -Os").split()
    results = {}  # (size, what) -> value
    with tempfile.TemporaryDirectory() as tmp:
        includes = ["-I", tmp, "-I", os.path.join(ROOT, "include"), "-I", os.path.join(build, "include"),
                    "-I", "/usr/include/cjson"]
        for n in sizes:
            header = os.path.join(tmp, "structs_%d.h" % n)
            subprocess.run([sys.executable, os.path.join(HERE, "gen_structs.py"), seed, str(n), header], check=True)
            out = os.path.join(tmp, "out_%d" % n)
            os.mkdir(out)
            subprocess.run([schemac, header, "-o", out, "-I", "/usr/include/cjson"] + flags, check=True)
            src = os.path.join(out, "structs_%d.schemac.c" % n)
            results[(n, "bytes")] = os.path.getsize(src)
            obj = os.path.join(tmp, "o.o")
            for cc in compilers:
                for opt in opts:
                    cmd = [cc, "-std=c11", opt] + includes + ["-c", src, "-o", obj]
                    times = [cpu_of(cmd) for _ in range(runs)]
                    results[(n, cc, opt, "ms")] = statistics.median(times) * 1000
                    results[(n, cc, opt, "sec")] = sections(obj)
                    print("  %d structs, %s %s: %.0f ms (runs: %s)" % (n, cc, opt, results[(n, cc, opt, "ms")],
                          " ".join("%.0f" % (t * 1000) for t in times)), file=sys.stderr)
                if cc == "gcc":
                    subprocess.run(["gcc", "-std=c11", "-O2", "-fno-ipa-icf"] + includes + ["-c", src, "-o", obj],
                                   check=True)
                    results[(n, "gcc-noicf")] = sections(obj)
    lo, hi = sizes[0], sizes[-1]
    span = hi - lo

    def slope(a, b):
        return (b - a) / span

    print("schemac %s, seed %s, %d runs, per struct = (%d structs - %d structs) / %d" % (
        " ".join(flags) or "(default options)", seed, runs, hi, lo, span))
    print()
    print("| per struct | value |")
    print("|---|---:|")
    print("| generated C bytes | %.0f |" % slope(results[(lo, "bytes")], results[(hi, "bytes")]))
    for cc in compilers:
        for opt in opts:
            print("| %s %s CPU ms | %.1f |" % (cc, opt, slope(results[(lo, cc, opt, "ms")], results[(hi, cc, opt, "ms")])))
    for cc in compilers:
        for opt in opts:
            a, b = results[(lo, cc, opt, "sec")], results[(hi, cc, opt, "sec")]
            print("| %s %s .text / .data.rel.ro / .rodata bytes | %.0f / %.0f / %.0f |" % (
                cc, opt, slope(a["text"], b["text"]), slope(a["relro"], b["relro"]), slope(a["rodata"], b["rodata"])))
    if "gcc" in compilers:
        a, b = results[(lo, "gcc-noicf")], results[(hi, "gcc-noicf")]
        print("| gcc -O2 -fno-ipa-icf .text / .data.rel.ro / .rodata bytes | %.0f / %.0f / %.0f |" % (
            slope(a["text"], b["text"]), slope(a["relro"], b["relro"]), slope(a["rodata"], b["rodata"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
