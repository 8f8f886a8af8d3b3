#!/usr/bin/env python3
"""Runs marvelous and marvelpy (Marvel API clients from PyPI, besides esak in esak_contract.py)
against a Marvel-compatible server, calling every method each offers: marvelous decodes each
answer with its marshmallow schemas; marvelpy (which has no models) gets every list, one entity
by id and every cross route of the six resource types through its authenticated `get`.

    python3 scripts/client_contracts.py marvelous http://127.0.0.1:8080 PUBLIC_KEY PRIVATE_KEY [DATA_FOLDER]
    python3 scripts/client_contracts.py marvelpy  http://127.0.0.1:8080 PUBLIC_KEY PRIVATE_KEY [DATA_FOLDER]

With DATA_FOLDER every entity the client got is compared with its record there (client_truth.py).
Prints one line per failing call or wrong field and a summary line; exits 1 when any call
failed or a field was wrong.
"""
import asyncio
import sys

from client_truth import Truth

SUBS = {
    "characters": ["comics", "events", "series", "stories"],
    "comics": ["characters", "creators", "events", "stories"],
    "creators": ["comics", "events", "series", "stories"],
    "events": ["characters", "comics", "creators", "series", "stories"],
    "series": ["characters", "comics", "creators", "events", "stories"],
    "stories": ["characters", "comics", "creators", "events", "series"],
}


class Tally:
    def __init__(self):
        self.calls = self.failures = 0

    def attempt(self, label, fn):
        self.calls += 1
        try:
            return fn()
        except Exception as error:
            self.failures += 1
            print(f"FAIL {label}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
            return None

    def fail(self, text):
        self.failures += 1
        print(f"FAIL {text}")


def marvelous_run(base, public_key, private_key, truth):
    import marvelous
    session = marvelous.api(public_key, private_key)
    session.api_url = base.rstrip("/") + "/v1/public/{}"
    t = Tally()
    for order in (None, "name", "-modified"):
        params = {"limit": 100} | ({"orderBy": order} if order else {})
        chars = t.attempt(f"characters_list({params})", lambda: session.characters_list(dict(params)))
        if chars is not None and len(chars) == 0:
            t.fail(f"characters_list({params}): empty")
    chars = session.characters_list({"limit": 100})
    for c in list(chars)[:20]:
        one = t.attempt(f"character({c.id})", lambda: session.character(c.id))
        if one is not None and one.id != c.id:
            t.fail(f"character({c.id}) answered {one.id}")
        if one is not None:
            truth.check("characters", one.id, one.name, {})
    t.attempt("characters_list(nameStartsWith=Sp)", lambda: session.characters_list({"nameStartsWith": "Sp"}))
    for params in ({"limit": 100, "orderBy": "-onsaleDate"}, {"format": "comic", "noVariants": "true", "limit": 50},
                   {"formatType": "collection", "limit": 50}, {"titleStartsWith": "Amazing", "limit": 50}):
        comics = t.attempt(f"comics({params})", lambda: session.comics(dict(params)))
        if comics is not None and len(comics) == 0 and "titleStartsWith" not in params:
            t.fail(f"comics({params}): empty")
    series = t.attempt("series_list(limit=100)", lambda: session.series_list({"limit": 100})) or []
    for s in list(series)[:10]:
        one = t.attempt(f"series({s.id})", lambda: session.series(s.id))
        if one is not None:
            truth.check("series", one.id, one.title, {})
            t.attempt(f"series({s.id}).comics()", lambda: one.comics({"limit": 100}))
    t.attempt("series(params=title)", lambda: session.series(params={"titleStartsWith": "A", "limit": 20}))
    creators = t.attempt("creators_list(limit=100)", lambda: session.creators_list({"limit": 100})) or []
    for c in list(creators)[:10]:
        t.attempt(f"creator({c.id})", lambda: session.creator(c.id))
    for line in truth.lines:
        print(line)
    print(f"marvelous {getattr(marvelous, '__version__', '1.4.5')}: {t.calls} calls, {t.failures} failures, {truth.summary()}")
    return t


async def marvelpy_run(base, public_key, private_key, truth):
    import marvelpy
    t = Tally()
    async with marvelpy.MarvelClient(public_key, private_key, base_url=base.rstrip("/") + "/v1/public/",
                                     max_retries=0) as client:
        async def attempt(label, coro):
            t.calls += 1
            try:
                body = await coro
            except Exception as error:
                t.failures += 1
                print(f"FAIL {label}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
                return None
            if not isinstance(body, dict) or body.get("code") != 200 or "data" not in body:
                t.fail(f"{label}: not a 200 envelope")
                return None
            for record in body["data"].get("results", []):
                path = label[4:-1].split("(")[0].split("/")
                truth.check_json(path[-1] if len(path) != 2 else path[0], record)
            return body["data"]

        await attempt("health_check()", client.health_check())
        await attempt("get_characters(limit=100)", client.get_characters({"limit": 100, "orderBy": "-name"}))
        for kind, subs in SUBS.items():
            data = await attempt(f"get({kind})", client.get(kind, {"limit": 100}))
            if not data or not data["results"]:
                t.fail(f"get({kind}): no {kind} to try by id")
                continue
            ident = data["results"][0]["id"]
            one = await attempt(f"get({kind}/{ident})", client.get(f"{kind}/{ident}"))
            if one and one["results"][0]["id"] != ident:
                t.fail(f"get({kind}/{ident}) answered another id")
            for sub in subs:
                await attempt(f"get({kind}/{ident}/{sub})", client.get(f"{kind}/{ident}/{sub}", {"limit": 100}))
    for line in truth.lines:
        print(line)
    print(f"marvelpy {marvelpy.__version__}: {t.calls} calls, {t.failures} failures, {truth.summary()}")
    return t


if __name__ == "__main__":
    which, base, public_key, private_key = sys.argv[1:5]
    truth = Truth(sys.argv[5] if len(sys.argv) > 5 else None)
    if which == "marvelous":
        tally = marvelous_run(base, public_key, private_key, truth)
    elif which == "marvelpy":
        tally = asyncio.run(marvelpy_run(base, public_key, private_key, truth))
    else:
        sys.exit(f"unknown client {which}: marvelous or marvelpy")
    sys.exit(1 if tally.failures or truth.wrong or tally.calls == 0 else 0)
