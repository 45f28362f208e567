#!/usr/bin/env python3
"""Random soundness search of schemac --compat (docs/compat.md).

Each pair is a random header of tests/randheader/gen_header.py (the old
version, written as the baseline) and a random mutation of it (the new
version: bounds moved, tags dropped or added, enumerators, enum values,
patterns, formats and members removed, integer types swapped; a mutation
schemac refuses is drawn again). schemac --compat decides each type in both
directions (gen_header.py's roots are plain @schema types: senders and
receivers); soundness.mjs then generates documents from each version's
schema and judges them with ajv under both:

  - where schemac says a direction is compatible, no document accepted by
    the schema it comes from may be rejected by the other (0 counterexamples);
  - every witness schemac printed must hold under ajv.

usage: soundness.py --schemac S --node NODE [--pairs 100] [--docs 100]
       [--seed N|new] [--keep DIR]
By hand, more: soundness.py ... --pairs 2000 --docs 400 --seed new"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "randheader", "gen_header.py")
ERROR = re.compile(r"^\S+?:\d+:\d+: error: (breaking change to|may break) (?:tool|type) '([^']+)' "
                   r"for (senders|receivers)")
WITNESS = re.compile(r"^\S+?:\d+:\d+: note: witness: (.*)$")

NUMERIC = re.compile(r"@(minimum|maximum|exclusiveMinimum|exclusiveMaximum|minLength|maxLength|minItems|maxItems|"
                     r"minProperties|maxProperties|multipleOf) (-?[0-9][0-9.e+-]*)")
DROPPABLE = re.compile(r"@(uniqueItems|nullable|optional|additionalProperties|deprecated|"
                       r"(?:pattern|format|default|minimum|maximum|exclusiveMinimum|exclusiveMaximum|minLength|"
                       r"maxLength|minItems|maxItems|multipleOf|const) \S+)")
PATTERNS = ["^[a-z]+$", "^[a-z][a-z0-9_]*$", "^[A-Z]+$", "^[A-Za-z-]+$", "^[a-y]+$", "^[a-z0-9]+$", "\\S", "^.{2}$"]
ADDED = ["@maxLength 3", "@minLength 2", "@minimum 0", "@maximum 10", "@uniqueItems", "@maxItems 1", "@minItems 1",
         "@pattern ^[a-z]+$", "@format email", "@multipleOf 2", "@nullable", "@optional", "@maxProperties 1"]


def mutate_once(text, rng):
    kind = rng.choice(["number", "number", "drop", "drop", "add", "enumerator", "enum", "pattern", "member", "type"])
    if kind == "number":
        ms = list(NUMERIC.finditer(text))
        if not ms:
            return None
        m = rng.choice(ms)
        v = float(m.group(2))
        is_int = re.fullmatch(r"-?\d+", m.group(2)) is not None
        nv = rng.choice([v + 1, v - 1, v + 2, v - 2, v * 2, v / 2, v + 0.5])
        if is_int:
            nv = int(round(nv))
        s = str(nv) if not is_int else "%d" % nv
        return text[:m.start(2)] + s + text[m.end(2):]
    if kind == "drop":
        ms = list(DROPPABLE.finditer(text))
        if not ms:
            return None
        m = rng.choice(ms)
        return text[:m.start()] + text[m.end():]
    if kind == "add":
        ms = list(re.finditer(r"\* Member f\d+\.\n", text))
        if not ms:
            return None
        m = rng.choice(ms)
        return text[:m.end()] + "     * " + rng.choice(ADDED) + "\n" + text[m.end():]
    if kind == "enumerator":
        ms = list(re.finditer(r"\n    [A-Z][A-Z0-9_]*(?: = \d+)?,(?=\n)", text))
        if not ms:
            return None
        m = rng.choice(ms)
        return text[:m.start()] + text[m.end():]
    if kind == "enum":
        ms = list(re.finditer(r"@enum \[([^\]\n]*)\]", text))
        if not ms:
            return None
        m = rng.choice(ms)
        try:
            values = json.loads("[" + m.group(1) + "]")
        except ValueError:
            return None
        if len(values) < 2:
            return None
        values.pop(rng.randrange(len(values))) if rng.random() < 0.6 else values.append(rng.choice(["zz", 77, "new"]))
        return text[:m.start()] + "@enum " + json.dumps(values, ensure_ascii=False) + text[m.end():]
    if kind == "pattern":
        ms = list(re.finditer(r"@pattern (\S+)", text))
        if not ms:
            return None
        m = rng.choice(ms)
        return text[:m.start(1)] + rng.choice(PATTERNS) + text[m.end(1):]
    if kind == "member":
        ms = list(re.finditer(r"\n    /\*\*\n(?:     \*.*\n)*     \*/\n    [^\n;{}()]+;(?=\n)", text))
        if not ms:
            return None
        m = rng.choice(ms)
        return text[:m.start()] + text[m.end():]
    ms = list(re.finditer(r"\b(int8_t|int16_t|int32_t|uint8_t|uint16_t|uint32_t|int64_t|float|double)( f\d+;)", text))
    if not ms:
        return None
    m = rng.choice(ms)
    return text[:m.start(1)] + rng.choice(["int8_t", "int16_t", "int32_t", "uint8_t", "int64_t", "double"]) + \
        text[m.end(1):]


CRASHES = []  # schemac runs that crashed or a sanitizer stopped: never a skipped pair


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if cmd[0] != sys.executable and (p.returncode < 0 or p.returncode > 3 or "Sanitizer" in p.stderr or
                                     "runtime error:" in p.stderr):
        CRASHES.append(f"{' '.join(cmd)} in {cwd}: exit {p.returncode}\n{p.stderr[-2000:]}")
    return p


def types_of(schema_dir):
    names = {}
    for f in sorted(os.listdir(schema_dir)):
        if f.endswith(".schema.json"):
            names.setdefault(f[: -len(".schema.json")], f[: -len(".schema.json")])
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schemac", required=True)
    ap.add_argument("--node", required=True)
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--docs", type=int, default=100, help="documents per type and direction")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--keep")
    args = ap.parse_args()
    seed = random.SystemRandom().randrange(1, 2**31) if args.seed == "new" else int(args.seed)
    print(f"seed {seed} (replay with --seed {seed})", flush=True)
    rng = random.Random(seed)
    schemac = os.path.abspath(args.schemac)
    top = tempfile.mkdtemp(prefix="compat_soundness.")
    pairs = []
    verdicts = {"compatible": 0, "breaking": 0, "may break": 0}
    tries = 0
    changed_types = [0]  # types whose schema the mutation changed
    while len(pairs) < args.pairs and tries < args.pairs * 20:
        tries += 1
        hseed = rng.randrange(1, 2**31)
        work = os.path.join(top, f"p{len(pairs)}")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        header = "h.h"
        if run([sys.executable, GEN, str(hseed), header, "config.json"], work).returncode != 0:
            continue
        if run([schemac, "--write-baseline", "old", header], work).returncode != 0:
            continue
        with open(os.path.join(work, header)) as f:
            old_text = f.read()
        new_text = old_text
        for _ in range(rng.choice([1, 1, 2, 3])):
            for _ in range(10):
                t = mutate_once(new_text, rng)
                if t is not None and t != new_text:
                    new_text = t
                    break
        if new_text == old_text:
            continue
        with open(os.path.join(work, header), "w") as f:
            f.write(new_text)
        if run([schemac, "--write-baseline", "new", header], work).returncode != 0:
            continue  # a mutation schemac refuses: draw another
        p = run([schemac, "--compat", "old", header], work)
        lines = p.stderr.splitlines()
        if p.returncode != 0 and not any(ERROR.match(x) or "[-Wcompat=" in x for x in lines):
            continue
        broken = {}  # (type, direction): "breaking" or "may break"
        witnesses = []
        for i, line in enumerate(lines):
            e = ERROR.match(line)
            if not e:
                continue
            key = (e.group(2), e.group(3))
            if e.group(1) == "breaking change to" or key not in broken:
                broken[key] = "breaking" if e.group(1) == "breaking change to" else "may break"
            w = WITNESS.match(lines[i + 1]) if i + 1 < len(lines) else None
            if e.group(1) == "breaking change to" and not w:
                CRASHES.append(f"no witness after: {line}")
            if e.group(1) == "breaking change to" and w:
                try:
                    doc = json.loads(w.group(1))
                except ValueError as err:
                    CRASHES.append(f"a witness that is not JSON ({err}) in {work}: {lines[i + 1]}")
                    continue
                witnesses.append({"name": e.group(2), "old": os.path.join(work, "old", e.group(2) + ".schema.json"),
                                  "new": os.path.join(work, "new", e.group(2) + ".schema.json"),
                                  "senders": e.group(3) == "senders", "doc": doc})
        for verdict in broken.values():
            verdicts[verdict] += 1
        types = []
        for name in types_of(os.path.join(work, "old")):
            if not os.path.exists(os.path.join(work, "new", name + ".schema.json")):
                continue
            with open(os.path.join(work, "old", name + ".schema.json")) as a, \
                    open(os.path.join(work, "new", name + ".schema.json")) as b:
                changed_types[0] += a.read() != b.read()
            senders = (name, "senders") not in broken
            receivers = (name, "receivers") not in broken
            verdicts["compatible"] += senders + receivers
            types.append({"name": name, "old": os.path.join(work, "old", name + ".schema.json"),
                          "new": os.path.join(work, "new", name + ".schema.json"),
                          "senders": senders, "receivers": receivers})
        pairs.append({"id": f"p{len(pairs)} (header seed {hseed})", "types": types, "witnesses": witnesses})
    p = subprocess.run([args.node, os.path.join(HERE, "soundness.mjs")],
                       input=json.dumps({"seed": seed, "docs": args.docs, "pairs": pairs}),
                       capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stderr)
        return 1
    stats = json.loads(p.stdout)
    if args.keep:
        shutil.rmtree(args.keep, ignore_errors=True)
        shutil.copytree(top, args.keep)
    shutil.rmtree(top)
    print(f"{len(pairs)} header pairs ({tries} drawn), {stats['types']} types; verdicts per type and direction: "
          f"{verdicts['compatible']} compatible, {verdicts['breaking']} breaking, {verdicts['may break']} may break; "
          f"{changed_types[0]} types with a changed schema")
    print(f"{stats['documents']} documents generated, {stats['valid_in_source']} valid under the schema they came "
          f"from, {stats['compared']} checked where schemac said compatible: "
          f"{len(stats['counterexamples'])} counterexamples; {stats['witnesses']} witnesses checked: "
          f"{len(stats['bad_witnesses'])} wrong")
    for c in stats["counterexamples"]:
        print("COUNTEREXAMPLE", json.dumps(c))
    for w in stats["bad_witnesses"]:
        print("WRONG WITNESS", json.dumps(w))
    for c in CRASHES:
        print("CRASH", c)
    return 1 if stats["counterexamples"] or stats["bad_witnesses"] or CRASHES else 0


if __name__ == "__main__":
    sys.exit(main())
