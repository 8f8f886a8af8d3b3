#!/usr/bin/env python3
"""Runs esak (a maintained Python client of the Marvel API, from PyPI) against a Marvel-compatible
server: for each of the six resource types, the list, one by-id call and every cross route.

    python3 scripts/esak_contract.py http://127.0.0.1:8080 PUBLIC_KEY PRIVATE_KEY [DATA_FOLDER]

With DATA_FOLDER (the envelopes the server's catalog was built from, e.g. Fixtures/catalog)
every entity esak decoded is compared with its record there (client_truth.py): name, and each
list item's id, name and role or type. Prints one line per failing call or wrong field and a
summary line; exits 1 when any call failed or a field was wrong (or a list was empty, so no id
could be tried), 0 otherwise.
"""
import sys

import esak
from client_truth import Truth

# esak's session method names: list, by id, and the cross routes of each type.
CALLS = {
    "characters": ("characters_list", "character", ["comics", "events", "series", "stories"]),
    "comics": ("comics_list", "comic", ["characters", "creators", "events", "stories"]),
    "creators": ("creators_list", "creator", ["comics", "events", "series", "stories"]),
    "events": ("events_list", "event", ["characters", "comics", "creators", "series", "stories"]),
    "series": ("series_list", "series", ["characters", "comics", "creators", "events", "stories"]),
    "stories": ("stories_list", "story", ["characters", "comics", "creators", "events", "series"]),
}
SINGULAR = {"characters": "character", "comics": "comic", "creators": "creator", "events": "event",
            "series": "series", "stories": "story"}


def main(base, public_key, private_key, data=None):
    truth = Truth(data)
    session = esak.api(public_key, private_key)
    session.api_url = base.rstrip("/") + "/v1/public/{}"
    calls = failures = 0

    def attempt(label, fn):
        nonlocal calls, failures
        calls += 1
        try:
            return fn()
        except Exception as error:  # esak raises ApiError for HTTP and decoding errors alike
            failures += 1
            print(f"FAIL {label}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
            return None

    for kind, (list_name, one_name, subs) in CALLS.items():
        # An entity with related items, so the cross routes decode real objects, not empty lists.
        found = attempt(f"{list_name}(limit=100)", lambda: getattr(session, list_name)({"limit": 100}))
        if not found:
            failures += 1
            print(f"FAIL {list_name}: no {kind} to try by id")
            continue
        for item in found:
            truth.check_object(kind, item)
        ident = found[0].id
        one = attempt(f"{one_name}({ident})", lambda: getattr(session, one_name)(ident))
        if one is not None and one.id != ident:
            failures += 1
            print(f"FAIL {one_name}({ident}): answered id {one.id}")
        for sub in subs:
            name = f"{SINGULAR[kind]}_{sub}"
            for item in attempt(f"{name}({ident})", lambda: getattr(session, name)(ident, {"limit": 100})) or []:
                truth.check_object(sub, item)
    for line in truth.lines:
        print(line)
    print(f"esak {esak.__version__}: {calls} calls, {failures} failures, {truth.summary()}")
    return 1 if failures or truth.wrong else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
