#!/usr/bin/env python3
"""Writes a header of N distinct root structs for bench/build_cost.py: each
root has 3-9 members drawn by tests/randheader/gen_header.py (every member
kind and keyword it knows: numbers with bounds, strings with formats,
patterns and lengths, char buffers, enums, arrays, fixed arrays, nested
structs, maps, any values, lists, tagged and untagged unions), so that no
two structs share a shape and identical-code folding cannot flatter the
figures.

Usage: gen_structs.py SEED N HEADER.h
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "randheader"))
import gen_header  # noqa: E402


def root(h):
    """gen_header's Header.root with 3-9 members (its own draws 1-7)."""
    name = h.fresh("root")
    info = gen_header.Info()
    h.recursion = h.deep = h.chance(0.2)
    members = [h.member(1, info) for _ in range(h.rng.randint(3, 9))]
    if h.chance(0.25) and not h.recursion:
        members.append(h.union_members(info))
    if h.chance(0.5) and not h.recursion:
        uname, text, _, _, _, _ = h.untagged_union()
        h.defs.append(text)
        members.append("    %s %s;\n" % (uname, h.fresh("u")))
    if h.recursion:
        kids = h.fresh("kids")
        members.append("    /** @maxItems 2 */\n    struct %s *%s;\n    size_t %s_count;\n" % (name, kids, kids))
    return "/** Root %s. @schema */\ntypedef struct %s{\n%s} %s;\n" % (
        name, name + " " if h.recursion else "", "".join(members), name)


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    seed, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    h = gen_header.Header(seed)
    roots = [root(h) for _ in range(n)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("/* %d distinct structs of bench/gen_structs.py (seed %d). */\n" % (n, seed))
        f.write("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n")
        if h.uses_cjson:
            f.write("#include <cJSON.h>\n")
        f.write("\n" + "\n".join(h.defs) + "\n" + "\n".join(roots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
