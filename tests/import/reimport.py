#!/usr/bin/env python3
"""An upstream schema changes, the import is run again (docs/import.md,
"When the upstream schema changes"): the header's diff must be the change
and nothing else, and `schemac --compat` against the baseline of the first
import must say whether the change breaks the header's users.

    reimport.py SCHEMAC SCHEMA.json

SCHEMA is an object schema with a string property "code" bounded by
maxLength (tests/import/schemas/objects.json), imported as the inputSchema
of an MCP tool: a tool's arguments are sent by the model, so a change
breaks when a call valid before is refused now (a new required member, a
tightened bound) and not when the header accepts more (docs/compat.md,
directions). Each change below is made to a copy of it; the verdict of
--compat and the lines the header gains and loses are checked.
"""
import copy
import difflib
import json
import os
import subprocess
import sys
import tempfile

schemac, schema_path = (os.path.abspath(a) for a in sys.argv[1:3])  # the test runs in a folder of its own
with open(schema_path, encoding="utf-8") as f:
    upstream = json.load(f)

failures = 0


def fail(message):
    global failures
    failures += 1
    print(f"FAIL {message}")


def run(*args):
    return subprocess.run([schemac, *args], capture_output=True, text=True)


def import_header(schema, path):
    tools = {"tools": [{"name": "place_order", "description": "Places an order.", "inputSchema": schema}]}
    with open(path + ".json", "w", encoding="utf-8") as f:
        json.dump(tools, f, indent=1)
    r = run("import", "-o", path, path + ".json")
    if r.returncode != 0:
        raise SystemExit(f"schemac import {path}.json failed:\n{r.stderr}")
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def add_optional(s):
    s["properties"]["gift_note"] = {"type": "string", "maxLength": 200}


def add_required(s):
    s["properties"]["gift_note"] = {"type": "string"}
    s["required"].append("gift_note")


def tighten(s):
    s["properties"]["code"]["maxLength"] = 4


def loosen(s):
    s["properties"]["code"]["maxLength"] = 16


# (name, change, breaks?, words the added lines must hold, words of the removed ones)
CHANGES = [
    ("a new optional member", add_optional, False, ["gift_note", "@maxLength 200"], []),
    ("a new required member", add_required, True, ["gift_note"], []),
    ("a tightened maxLength", tighten, True, ["@maxLength 4"], ["@maxLength 8"]),
    ("a loosened maxLength", loosen, False, ["@maxLength 16"], ["@maxLength 8"]),
]

with tempfile.TemporaryDirectory(prefix="schemac-reimport-") as tmp:
    os.chdir(tmp)  # diagnostics name the header as given: the same name each time
    before = import_header(upstream, "api.h")
    again = import_header(upstream, "api.h")
    if again != before:
        fail("the same schema imported twice gives two headers")
    r = run("--write-baseline", "baseline", "api.h")
    if r.returncode != 0:
        raise SystemExit(f"--write-baseline failed:\n{r.stderr}")
    for name, change, breaks, added_words, removed_words in CHANGES:
        changed = copy.deepcopy(upstream)
        change(changed)
        after = import_header(changed, "api.h")
        diff = list(difflib.unified_diff(before, after, lineterm="", n=0))
        added = [l[1:] for l in diff if l.startswith("+") and not l.startswith("+++")]
        removed = [l[1:] for l in diff if l.startswith("-") and not l.startswith("---")]
        # the change and nothing else: every line that differs names it
        for word in added_words:
            if not any(word in l for l in added):
                fail(f"{name}: no added line holds {word!r}: {added}")
        for word in removed_words:
            if not any(word in l for l in removed):
                fail(f"{name}: no removed line holds {word!r}: {removed}")
        if len(added) + len(removed) > 6:
            fail(f"{name}: the header's diff is more than the change:\n" + "\n".join(diff))
        r = run("--compat", "baseline", "api.h")
        broke = r.returncode != 0
        if broke != breaks:
            fail(f"{name}: --compat says {'breaking' if broke else 'compatible'}:\n{r.stderr}")
        elif breaks and "breaking change" not in r.stderr:
            fail(f"{name}: --compat failed without naming the breaking change:\n{r.stderr}")
        else:
            print(f"ok   {name}: {len(added)} line(s) added, {len(removed)} removed; "
                  f"--compat {'refuses it' if broke else 'accepts it'}")
        # restore the first header: each change is against the baseline
        import_header(upstream, "api.h")

sys.exit(1 if failures else 0)
