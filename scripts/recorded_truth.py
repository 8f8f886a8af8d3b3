#!/usr/bin/env python3
"""Compares what a Marvel-compatible server answers with the recorded objects behind it, field
by field, and counts what differs: every recorded entity (the `data.results` of each recorded
envelope under FOLDER) is asked for by id and compared whole; each of its lists' `available` is
compared with the `total` of its collectionURI; every item and `originalIssue` link is followed.

    python3 scripts/recorded_truth.py http://127.0.0.1:8080 ../shared/marvel-recorded

Prints one line per difference (`--quiet`: only the counts), then one line of counts:
`entities N, wrong fields N (roles N, names N, lists N, other N), totals != available N,
dead links N (originalIssue N), recorded items not served N`. Exits 1 when anything but the
last differs: a recorded item the server does not serve (a story with no known original issue)
is left out of a list rather than linked dead, and is counted apart, not as a wrong field.
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

LISTS = {"characters", "comics", "creators", "events", "series", "stories"}
NAME = {"characters": "name", "creators": "fullName"}


def fetch(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=30) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        return error.code, None


def local(uri):
    """`http://gateway.marvel.com/v1/public/x/1` (or our host) as `/v1/public/x/1`."""
    parts = urllib.parse.urlsplit(uri)
    return parts.path + (("?" + parts.query) if parts.query else "")


def path_only(value):
    """A URL field compared by its path (hosts are rewritten to the server's own)."""
    if isinstance(value, str) and value.startswith("http"):
        return local(value)
    if isinstance(value, dict):
        return {k: path_only(v) for k, v in value.items()}
    if isinstance(value, list):
        return [path_only(v) for v in value]
    return value


def recorded_entities(folder):
    paths = sorted(os.path.join(root, name) for root, _, files in os.walk(folder) for name in files
                   if name.endswith(".json") and not name.startswith("."))
    for path in paths:
        if True:
            with open(path) as handle:
                top = json.load(handle)
            results = (top.get("data") or {}).get("results") if isinstance(top, dict) else None
            for entity in results or []:
                uri = entity.get("resourceURI", "")
                kind = local(uri).split("/")[3] if uri else None
                if kind in LISTS and isinstance(entity.get("id"), int):
                    yield kind, entity


def main(base, folder, quiet):
    counts = dict(entities=0, roles=0, names=0, lists=0, other=0, totals=0, links=0, original=0, unserved=0)

    def wrong(bucket, text):
        counts[bucket] += 1
        if not quiet:
            print(text)

    followed = {}

    def status_of(uri):
        path = local(uri)
        if path not in followed:
            followed[path] = fetch(base, path)[0]
        return followed[path]

    def follow(uri, what, bucket="links"):
        path = local(uri)
        if status_of(uri) != 200:
            wrong(bucket, f"{what}: {path} answers {followed[path]}")

    # An import writes files in byte order of their paths and a later record of an id replaces
    # an earlier one: each entity is compared with the record it was served from.
    last = {}
    for kind, recorded in recorded_entities(folder):
        last[(kind, recorded["id"])] = recorded
    for (kind, _), recorded in sorted(last.items()):
        counts["entities"] += 1
        label = f"{kind}/{recorded['id']}"
        status, body = fetch(base, f"/v1/public/{kind}/{recorded['id']}")
        if status != 200:
            wrong("other", f"{label}: answers {status}")
            continue
        served = body["data"]["results"][0]
        name = NAME.get(kind, "title")
        if name not in served or not isinstance(served[name], str):
            wrong("names", f"{label}: {name} is {served.get(name, 'missing')!r}")
        for field, value in recorded.items():
            if field in LISTS and isinstance(value, dict):
                mine = served.get(field) or {}
                if mine.get("available") != value.get("available"):
                    wrong("lists", f"{label}.{field}.available: recorded {value.get('available')}, served {mine.get('available')}")
                items = {local(i["resourceURI"]): i for i in mine.get("items", [])}
                for item in value.get("items", []):
                    got = items.get(local(item["resourceURI"]))
                    if got is None:
                        # A short list leaves out a recorded item: wrong when the server serves
                        # that entity (it could list it), honest when it does not (a link to it
                        # would be dead; counted apart).
                        if len(items) < 20:
                            if status_of(item["resourceURI"]) == 200:
                                wrong("lists", f"{label}.{field}: {local(item['resourceURI'])} ({item.get('name')}) not listed")
                            else:
                                wrong("unserved", f"{label}.{field}: {local(item['resourceURI'])} ({item.get('name')}) not listed, not served")
                        continue
                    for extra in ("role", "type", "name"):
                        if extra in item and got.get(extra) != item[extra]:
                            wrong("roles" if extra == "role" else "lists",
                                  f"{label}.{field} {local(item['resourceURI'])}.{extra}: recorded {item[extra]!r}, served {got.get(extra)!r}")
            elif field == name and value is None:
                continue  # a nameless record: served as the contract's empty name (checked above)
            elif path_only(served.get(field, "<missing>")) != path_only(value):
                if field not in ("thumbnail", "images", "urls"):
                    wrong("other", f"{label}.{field}: recorded {str(value)[:80]!r}, served {str(served.get(field, '<missing>'))[:80]!r}")
        for field, mine in served.items():
            if field in LISTS and isinstance(mine, dict) and "collectionURI" in mine:
                status, page = fetch(base, local(mine["collectionURI"]) + "?limit=1")
                total = page["data"]["total"] if page else None
                if total != mine["available"]:
                    wrong("totals", f"{label}.{field}: available {mine['available']}, {local(mine['collectionURI'])} total {total}")
                for item in mine.get("items", []):
                    follow(item["resourceURI"], f"{label}.{field} item")
        if isinstance(served.get("series"), dict) and served["series"].get("resourceURI"):
            follow(served["series"]["resourceURI"], f"{label}.series")
        if isinstance(served.get("originalIssue"), dict):
            follow(served["originalIssue"]["resourceURI"], f"{label}.originalIssue", "original")
    fields = counts["roles"] + counts["names"] + counts["lists"] + counts["other"]
    print(f"entities {counts['entities']}, wrong fields {fields} (roles {counts['roles']}, names {counts['names']}, "
          f"lists {counts['lists']}, other {counts['other']}), totals != available {counts['totals']}, "
          f"dead links {counts['links'] + counts['original']} (originalIssue {counts['original']}), "
          f"recorded items not served {counts['unserved']}")
    return 1 if fields or counts["totals"] or counts["links"] or counts["original"] else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--quiet"]
    sys.exit(main(args[0].rstrip("/"), args[1], "--quiet" in sys.argv))
