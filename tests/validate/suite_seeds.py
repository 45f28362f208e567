#!/usr/bin/env python3
"""The plain fuzz test of libschemac-validate (fuzz_validate.c through
../fuzz/fuzz_main.c) on seeds made from the JSON Schema Test Suite where it
lies (../shared/testdata, never copied into the project): for each keyword
file of draft2020-12, its first two groups, each as its schema, a NUL and
its first test's instance; then the driver's deterministic mutations of
each. Exits 77 (skip) without the suite.
Usage: suite_seeds.py FUZZ_CORPUS_BINARY SUITE_DIR [DRIVER_ARGS...]"""
import json
import os
import subprocess
import sys
import tempfile

KEYWORDS = """additionalProperties allOf anchor anyOf boolean_schema const contains content default defs
dependentRequired dependentSchemas dynamicRef enum exclusiveMaximum exclusiveMinimum format if-then-else
infinite-loop-detection items maxContains maxItems maxLength maxProperties maximum minContains minItems
minLength minProperties minimum multipleOf not oneOf pattern patternProperties prefixItems properties
propertyNames ref required type unevaluatedItems unevaluatedProperties uniqueItems""".split()


def main():
    binary, suite, *driver_args = sys.argv[1:]
    tests = os.path.join(suite, "tests", "draft2020-12")
    if not os.path.isdir(tests):
        print(f"SKIP: the JSON Schema Test Suite is not at {suite}")
        return 77
    with tempfile.TemporaryDirectory() as seeds:
        for name in KEYWORDS:
            with open(os.path.join(tests, name + ".json"), encoding="utf-8") as f:
                groups = json.load(f)
            for i, group in enumerate(groups[:2]):
                seed = json.dumps(group["schema"]) + "\0" + json.dumps(group["tests"][0]["data"])
                with open(os.path.join(seeds, f"{name}-{i}"), "wb") as f:
                    f.write(seed.encode("utf-8"))
        return subprocess.run([binary, *driver_args, seeds]).returncode


if __name__ == "__main__":
    sys.exit(main())
