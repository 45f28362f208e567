#!/usr/bin/env python3
"""Prints the recipe NAME out of docs/build-integration.md: the fenced code
block whose first line is `# schemac-recipe: NAME`, exactly as written, so
the consumer tests build what the documentation shows and nothing else.
Usage: extract_recipe.py DOC NAME"""
import re
import sys


def recipes(text):
    found = {}
    for block in re.findall(r"^```[a-z]*\n(.*?)^```$", text, flags=re.S | re.M):
        first = block.split("\n", 1)[0]
        m = re.fullmatch(r"# schemac-recipe: (.+)", first)
        if m:
            if m.group(1) in found:
                sys.exit(f"recipe '{m.group(1)}' appears twice")
            found[m.group(1)] = block
    return found


def main():
    doc, name = sys.argv[1:3]
    with open(doc, encoding="utf-8") as f:
        found = recipes(f.read())
    if name not in found:
        sys.exit(f"no recipe '{name}' in {doc} (found: {', '.join(sorted(found)) or 'none'})")
    sys.stdout.write(found[name])


if __name__ == "__main__":
    main()
