#!/usr/bin/env python3
"""Adds up the results of every suite scripts/test.sh ran and prints one
closing line "N passed, N failed" (what CI reads).

Each argument is a result file, read by its kind:
  *.json  lit's per-test results (lit -o FILE)
  *.xml   GoogleTest's results (--gtest_output=xml:FILE)
  other   a log whose "NAME: N passed, N failed" lines are added up
A file that is missing or unreadable, or a log without such a line, counts
as one failure: the suite that should have written it did not run, or
stopped before it counted.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

LIT_PASS = {"PASS", "XFAIL"}
LIT_NOT_RUN = {"UNSUPPORTED", "EXCLUDED", "SKIPPED"}
SUMMARY = re.compile(r"^(?:\w[\w-]*: )?(\d+) passed, (\d+) failed")


def count(path):
    passed = failed = 0
    if path.endswith(".json"):
        for test in json.load(open(path))["tests"]:
            if test["code"] in LIT_PASS:
                passed += 1
            elif test["code"] not in LIT_NOT_RUN:
                failed += 1
    elif path.endswith(".xml"):
        for case in ET.parse(path).iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
            elif case.get("result", "completed") != "skipped":
                passed += 1
    else:
        summaries = 0
        for line in open(path):
            m = SUMMARY.match(line.strip())
            if m:
                summaries += 1
                passed += int(m.group(1))
                failed += int(m.group(2))
        if not summaries:  # the suite stopped before it counted anything
            raise ValueError("no 'N passed, N failed' line")
    return passed, failed


def main():
    passed = failed = 0
    for path in sys.argv[1:]:
        try:
            p, f = count(path)
        except (OSError, ValueError, KeyError, ET.ParseError) as e:
            print(f"count-results: {path}: {e}", file=sys.stderr)
            p, f = 0, 1
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
