#!/usr/bin/env bash
# Rewrites every tests/generator/cases/*.expected and mistakes/*.expected
# from the current schemac.
# Run after an intended change, then read the diff before committing.
set -eu
cd "$(dirname "$0")/../.."
schemac=${1:-build/generator/schemac}
python3 tests/generator/golden.py "$schemac" --update tests/generator/cases tests/generator/mistakes
git diff --stat tests/generator/cases tests/generator/mistakes
