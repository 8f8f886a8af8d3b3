#!/usr/bin/env python3
"""Prints the test command's closing lines from the XCTest logs of scripts/run_tests.py:
'tests: N passed, N failed, N skipped', then, when tests skipped for want of `../shared`, one
line that says how many and which folder. A case that started and never ended (its process
died) counts as failed; no case at all counts as a failure to run: exit 1.

usage: test_summary.py LOG_DIR SHARED_DIR (where ../shared should be)"""
import os
import re
import sys

CASE = re.compile(r"^Test Case '([^']+)' (started|passed|failed|skipped)", re.M)


def cases(text):
    """{case: (outcome, the lines it printed)} from one process's log."""
    found, started_at = {}, {}
    for match in CASE.finditer(text):
        name, what = match.group(1), match.group(2)
        if what == "started":
            started_at[name] = match.end()
        else:
            found[name] = (what, text[started_at.get(name, match.start()):match.start()])
    for name, at in started_at.items():
        if name not in found:
            found[name] = ("died", text[at:])
    return found


def main():
    logs, shared = sys.argv[1], sys.argv[2]
    results = {}
    for name in sorted(os.listdir(logs)):
        results.update(cases(open(os.path.join(logs, name), errors="replace").read()))
    passed = sum(1 for outcome, _ in results.values() if outcome == "passed")
    failed = sorted(name for name, (outcome, _) in results.items() if outcome in ("failed", "died"))
    skipped = [output for outcome, output in results.values() if outcome == "skipped"]
    for name in failed:
        print(f"failed: {name}" + (" (its process died)" if results[name][0] == "died" else ""))
    print(f"tests: {passed} passed, {len(failed)} failed, {len(skipped)} skipped")
    without_shared = sum(1 for output in skipped if "../shared" in output)
    if without_shared:
        tests = "1 test" if without_shared == 1 else f"{without_shared} tests"
        where = "not found beside the clone" if not os.path.isdir(shared) else "is there, but not all of it"
        print(f"{tests} skipped: ../shared {where} ({shared})")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
