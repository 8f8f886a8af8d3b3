#!/usr/bin/env python3
"""Prints the closing line of a parallel `swift test` run from its xUnit file:
'N passed, N failed' (SwiftPM's parallel mode prints no XCTest summary of its own).
A missing or empty file counts as a failure to run: exit 1."""
import sys
import xml.etree.ElementTree as ET

try:
    cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
except (OSError, ET.ParseError, IndexError) as error:
    print(f"test-summary: no xUnit results ({error})")
    sys.exit(1)
passed = failed = 0
for case in cases:
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
        print(f"failed: {case.get('classname')}/{case.get('name')}")
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or passed == 0 else 0)
