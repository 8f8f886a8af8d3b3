#!/usr/bin/env python3
"""Prints the test command's closing line, 'tests: N passed, N failed, N skipped', over both
lanes: the end-to-end lane's xUnit file (SwiftPM's parallel mode prints no XCTest summary of
its own) and the other lane's XCTest log (its last 'Executed N tests, with S tests skipped and
F failures' line). A lane with no results counts as a failure to run: exit 1.

usage: test_summary.py E2E_XUNIT_XML UNIT_LOG"""
import re
import sys
import xml.etree.ElementTree as ET


def end_to_end(path):
    """(passed, failed, skipped) from the xUnit file, or None."""
    try:
        cases = list(ET.parse(path).getroot().iter("testcase"))
    except (OSError, ET.ParseError) as error:
        print(f"test-summary: no end-to-end results ({error})")
        return None
    passed = failed = skipped = 0
    for case in cases:
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
            print(f"failed: {case.get('classname')}/{case.get('name')}")
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return (passed, failed, skipped) if cases else None


def other_targets(path):
    """(passed, failed, skipped) from the last XCTest summary line of the log, or None."""
    try:
        text = open(path, errors="replace").read()
    except OSError as error:
        print(f"test-summary: no log of the other targets ({error})")
        return None
    runs = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
    if not runs:
        print("test-summary: the other targets' log has no XCTest summary")
        return None
    executed, skipped, failed = (int(x or 0) for x in runs[-1])
    return executed - skipped - failed, failed, skipped


lanes = [end_to_end(sys.argv[1]), other_targets(sys.argv[2])]
passed, failed, skipped = (sum(lane[i] for lane in lanes if lane) for i in range(3))
print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or None in lanes or passed == 0 else 0)
