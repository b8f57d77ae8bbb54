#!/usr/bin/env bash
# Full check: install missing dependencies, build, run every test suite:
#   - ctest, which drives the lit suite (test/, self-contained);
#   - the conformance vectors in ../shared/conformance (skipped when absent).
# Closes with one line "N passed, N failed" over all of them; non-zero exit
# on any failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
bash scripts/build.sh

status=0
# --no-tests=error: finding no tests is a failure, not a silent pass.
# Results of an earlier run must not be counted as this run's.
rm -f build/test/lit-results.json build/test/lit-results-threaded.json \
  build/unittests/unit-results.xml
ctest --test-dir build --output-on-failure --no-tests=error || status=1

conformance_log=$(mktemp)
trap 'rm -f "$conformance_log"' EXIT
bash scripts/check-conformance.sh | tee "$conformance_log" | grep -v '^PASS: ' || status=1

# One closing count: every lit test, unit test and conformance check.
python3 - "$conformance_log" build/unittests/unit-results.xml \
  build/test/lit-results.json build/test/lit-results-threaded.json <<'PY'
import json, re, sys
import xml.etree.ElementTree as ET
passed = failed = 0
for results in sys.argv[3:]:  # the lit runs (plain, threaded)
    try:
        for test in json.load(open(results))["tests"]:
            code = test["code"]
            if code in ("PASS", "XFAIL"):
                passed += 1
            elif code not in ("UNSUPPORTED", "EXCLUDED", "SKIPPED"):
                failed += 1
    except (OSError, ValueError, KeyError):
        failed += 1  # lit did not run or wrote no results
for line in open(sys.argv[1]):
    m = re.match(r"conformance: (\d+) passed, (\d+) failed", line)
    if m:
        passed += int(m.group(1))
        failed += int(m.group(2))
try:
    for case in ET.parse(sys.argv[2]).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.get("result", "completed") != "skipped":
            passed += 1
except (OSError, ET.ParseError):
    failed += 1  # the unit tests did not run
print(f"{passed} passed, {failed} failed")
PY
exit $status
