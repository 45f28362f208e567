#!/usr/bin/env python3
"""A custom_target that runs schemac lists its outputs by hand (the tool is
built by this same project, so meson cannot run it when it configures):
check the list against `schemac --print-outputs`. A missing or misspelt
name would make ninja run schemac on every build, silently.
Usage: outputs_match.py SCHEMAC HEADER -- OUTPUT..."""
import os
import subprocess
import sys


def main():
    schemac, header, sep, *outputs = sys.argv[1:]
    assert sep == "--" and outputs, __doc__
    listed = subprocess.run([schemac, "--print-outputs", header], capture_output=True, text=True, check=True)
    want = listed.stdout.split()
    have = [os.path.basename(o) for o in outputs]
    if want[0] != have[0]:
        print(f"the first output must be {want[0]} (the depfile's target), not {have[0]}")
        return 1
    missing, extra = sorted(set(want) - set(have)), sorted(set(have) - set(want))
    for name in missing:
        print(f"schemac writes {name}, which the custom_target does not list")
    for name in extra:
        print(f"the custom_target lists {name}, which schemac does not write")
    print(f"{header}: {len(have)} outputs listed, {len(want)} written")
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main())
