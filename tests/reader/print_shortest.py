#!/usr/bin/env python3
"""sc_print_json writes every double in the shortest form that reads back
exactly (docs/generated-api.md). Python's repr is the outside authority on
that form (David Gay's shortest round trip): for random doubles of every
kind (normal, subnormal, integral, tiny and huge exponents) the digits and
exponent sc_print_json writes must be repr's, and must read back to the
same double.

Usage: print_shortest.py PRINT_NUMBERS [COUNT [SEED]] (meson: a fixed seed)."""
import random
import struct
import subprocess
import sys
from decimal import Decimal


def digits_and_exponent(text):
    """The significant digits and the exponent of text's value: "0.50" and
    "5e-1" both give ("5", -1)."""
    sign, digits, exponent = Decimal(text).normalize().as_tuple()
    return sign, "".join(map(str, digits)), exponent + len(digits)


def samples(count, rng):
    fixed = [5e-324, -5e-324, 1e-323, 2.2250738585072014e-308, 2.225073858507201e-308,
             1.7976931348623157e308, 0.1, 0.3, 1e22, 1e23, 9007199254740993.0, 123456.5, 1.5e-7]
    for v in fixed:
        yield v
    for _ in range(count):
        kind = rng.randrange(5)
        if kind == 0:    # any bit pattern
            bits = rng.getrandbits(64)
        elif kind == 1:  # subnormal
            bits = rng.getrandbits(52) | (rng.getrandbits(1) << 63)
        elif kind == 2:  # short decimal
            v = float("%de%d" % (rng.randrange(1, 10 ** rng.randrange(1, 8)), rng.randrange(-330, 300)))
            yield v
            continue
        elif kind == 3:  # a fraction near 1
            yield rng.uniform(-1000, 1000)
            continue
        else:            # an integer beyond 2^53
            yield float(rng.getrandbits(rng.randrange(54, 80)))
            continue
        v = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if v == v and abs(v) != float("inf"):
            yield v


def main():
    exe = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    values = list(samples(count, random.Random(seed)))
    stdin = "".join("%016x\n" % struct.unpack("<Q", struct.pack("<d", v))[0] for v in values)
    out = subprocess.run([exe], input=stdin, capture_output=True, text=True, check=True).stdout.splitlines()
    failures = 0
    for v, line in zip(values, out):
        text = line.split(" ", 1)[1]
        if v == 0:
            ok = text in ("0", "-0")
        else:
            ok = text != "ERROR" and float(text) == v and digits_and_exponent(text) == digits_and_exponent(repr(v))
        if not ok:
            failures += 1
            if failures <= 10:
                print("FAIL: %r printed as %s (repr: %s)" % (v, text, repr(v)))
    if len(out) != len(values):
        print("FAIL: %d lines for %d numbers" % (len(out), len(values)))
        failures += 1
    print("%d doubles printed, %d not in their shortest exact form" % (len(values), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
