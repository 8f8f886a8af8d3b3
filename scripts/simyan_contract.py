#!/usr/bin/env python3
"""Simyan (PyPI, a Comic Vine client nobody here wrote) against a Comic Vine stand-in.

Usage: simyan_contract.py BASE_URL API_KEY SCRATCH_DIR

Every kind of answer the stand-in gives is asked for and must parse into Simyan's schemas
(pydantic models with `extra="forbid"` on Comic Vine's entries and images): every list page
(paged by offset to the end), details, the publisher filter and name sort, and the statuses (a
wrong key is AuthenticationError, an unknown id ServiceError "Resource not found"). Prints one line per check
and exits 1 on the first answer Simyan cannot read.
"""
import sys
from pathlib import Path

from simyan.comicvine import Comicvine
from simyan.errors import AuthenticationError, RateLimitError, ServiceError


def main():
    base, key, scratch = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    scratch.mkdir(parents=True, exist_ok=True)

    def client(name, api_key=key):
        return Comicvine(api_key=api_key, base_url=base, timeout=10,
                         cache_path=scratch / f"{name}-cache.sqlite", ratelimit_path=scratch / f"{name}-limits.sqlite")

    cv = client("main")
    parsed = 0
    for kind, listing, getter in [("character", cv.list_characters, cv.get_character),
                                  ("issue", cv.list_issues, cv.get_issue),
                                  ("volume", cv.list_volumes, cv.get_volume),
                                  ("story_arc", cv.list_story_arcs, cv.get_story_arc),
                                  ("creator", cv.list_creators, cv.get_creator)]:
        items = listing(max_results=None)
        print(f"{kind}s: {len(items)} list items parsed")
        parsed += len(items)
        for item in items[:3] + items[-2:]:
            detail = getter(item.id)
            assert detail.id == item.id, (kind, item.id, detail.id)
            parsed += 1
        print(f"{kind}: details parsed")
    marvel = cv.list_characters(params={"filter": "publisher:31", "sort": "name:asc"}, max_results=None)
    assert marvel and all(c.publisher and c.publisher.id == 31 for c in marvel), "publisher filter"
    assert [c.name for c in marvel] == sorted((c.name for c in marvel), key=str.lower), "sort=name:asc"
    print(f"publisher 31 sorted by name: {len(marvel)} parsed")
    try:
        cv.get_character(999999)
        raise SystemExit("an unknown id was answered")
    except AuthenticationError:
        raise
    except ServiceError as error:
        print(f"unknown id: ServiceError ({error})")
    try:
        client("wrong", "not-the-key").list_publishers(max_results=1)
        raise SystemExit("a wrong key was answered")
    except AuthenticationError as error:
        print(f"wrong key: AuthenticationError ({error})")
    print(f"simyan parsed {parsed} records")


if __name__ == "__main__":
    main()
