#!/usr/bin/env python3
"""The man page docs/schemac.1 is written by hand: check that it lists
the same options as `schemac --help`, so neither can drift from the other.
Usage: man_matches_help.py SCHEMAC MAN_PAGE"""
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*(?:=[a-z]+)?")


def help_options(schemac):
    text = subprocess.run([schemac, "--help"], capture_output=True, text=True, check=True).stdout
    options = set()
    in_options = False
    for line in text.splitlines():
        if line == "Options:":
            in_options = True
        elif in_options and line == "":
            break
        elif in_options and re.match(r"  -", line):
            # the option column ends where the description column starts
            options.update(OPTION.findall(re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]))
    return options


def man_options(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index(".SH OPTIONS")
    options = set()
    for i in range(start, len(lines)):
        if i > start and lines[i].startswith(".SH"):
            break
        if lines[i] == ".TP" and i + 1 < len(lines):
            tag = re.sub(r"\\f[BIRP]", "", lines[i + 1]).replace("\\-", "-")
            tag = re.sub(r"^\.[A-Z]+ ", "", tag).replace('"', "")
            options.update(OPTION.findall(tag))
    return options


def main():
    schemac, man = sys.argv[1:3]
    in_help, in_man = help_options(schemac), man_options(man)
    for name in sorted(in_help - in_man):
        print(f"not in the man page: {name}")
    for name in sorted(in_man - in_help):
        print(f"not in --help: {name}")
    print(f"{len(in_help)} options in --help, {len(in_man)} in the man page")
    if in_help != in_man or len(in_help) < 20:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
