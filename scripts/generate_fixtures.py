#!/usr/bin/env python3
"""Deterministic generator of the embedded catalog in Fixtures/catalog/.

Writes Marvel-shaped list envelopes (characters-N.json, comics-N.json) that the Swift import
reads exactly like recorded API responses, the original thumbnails in images/ (drawn here: a
palette and an emblem derived from each id), and VERSION (a content hash of everything else, used to key the built SQLite catalog).

    pip install pillow && python3 scripts/generate_fixtures.py

Also writes Fixtures/hostile/ (a truncated JPEG and a PNG declaring 65000x65000): test fixtures
for error paths, kept out of the catalog that `serve` hands out.

Same inputs, same bytes: randomness comes only from sha1 of fixed strings.
"""
import hashlib, json, os, struct, sys, zlib

sys.path.insert(0, os.path.dirname(__file__))
import fixture_data as D
import fixture_art as A

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "catalog")
IMAGES = os.path.join(ROOT, "images")
HOSTILE = os.path.join(ROOT, "..", "hostile")
GATEWAY = "http://gateway.marvel.com/v1/public"
IMG_BASE = "http://i.annihil.us/u/prod/marvel/i/mg"
PLACEHOLDER = {"path": IMG_BASE + "/b/40/image_not_available", "extension": "jpg"}
UTM = "utm_campaign=apiRef&utm_source=" + hashlib.md5(b"marvel-gallery").hexdigest()
PAGE = 100


def h(*parts):
    return hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()


def r(n, *parts):
    """A deterministic integer in 0..<n from the parts."""
    return int(h(*parts)[:12], 16) % n


def slug(text):
    return "".join(c.lower() if c.isalnum() else "_" for c in text).strip("_")


def image_ref(kind, ident):
    token = h(kind, ident)
    return {"path": f"{IMG_BASE}/{token[0]}/{token[1:3]}/{token[3:16]}"}, token[3:16]


def date(seed, lo=2008, hi=2023):
    y = lo + r(hi - lo + 1, seed, "y"); m = 1 + r(12, seed, "m"); d = 1 + r(28, seed, "d")
    return f"{y:04d}-{m:02d}-{d:02d}T{r(24, seed, 'H'):02d}:{r(60, seed, 'M'):02d}:{r(60, seed, 'S'):02d}-0400"


def resource_list(collection_uri, items, available=None):
    shown = items[:20]  # the real API caps embedded lists at 20
    return {"available": len(items) if available is None else available,
            "collectionURI": collection_uri, "items": shown, "returned": len(shown)}


def envelope(results, offset, total):
    body = {"code": 200, "status": "Ok", "copyright": "© 2023 MARVEL",
            "attributionText": "Data provided by Marvel. © 2023 MARVEL",
            "attributionHTML": "<a href=\"http://marvel.com\">Data provided by Marvel. © 2023 MARVEL</a>",
            "etag": h("page", offset, len(results), total),
            "data": {"offset": offset, "limit": PAGE, "total": total, "count": len(results),
                     "results": results}}
    return body


def write_json(name, obj):
    with open(os.path.join(ROOT, name), "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


def character_ids():
    ids, used = {}, set(D.KNOWN_IDS.values())
    for name in D.CHARACTERS:
        if name in D.KNOWN_IDS:
            ids[name] = D.KNOWN_IDS[name]; continue
        cid = 1009100 + r(2400, "char", name)
        while cid in used:
            cid += 1
        used.add(cid); ids[name] = cid
    return ids


def description(name, cid):
    if name in D.DESCRIPTIONS:
        return D.DESCRIPTIONS[name]
    if r(3, "desc?", cid) == 0:  # about a third get a generated line, the rest stay empty
        a, b, c = D.DESCRIPTION_PARTS
        return f"{a[r(len(a), cid, 'a')]} {b[r(len(b), cid, 'b')]} {c[r(len(c), cid, 'c')]}"
    return ""


def build():
    os.makedirs(IMAGES, exist_ok=True)
    for f in os.listdir(IMAGES):
        os.remove(os.path.join(IMAGES, f))
    ids = character_ids()
    chars = sorted(D.CHARACTERS, key=lambda n: n.encode())

    series = []
    for i, (title, fmt) in enumerate(D.SERIES):
        sid = 1000 + r(30000, "series", title)
        series.append({"id": sid, "title": title, "format": fmt, "start": int(title[-5:-1]),
                       "cast": list(D.SERIES_CAST.get(title, []))})
    # Characters no series names join the anthology-like series, in turn.
    named = {n for s in series for n in s["cast"]}
    anthologies = [s for s in series if s["title"] in D.ANTHOLOGY_SERIES]
    for k, name in enumerate(n for n in chars if n not in named):
        anthologies[k % len(anthologies)]["cast"].append(name)
    for s in anthologies:
        if not s["cast"]:
            s["cast"] = [chars[r(len(chars), "anthology", s["id"], k)] for k in range(3)]
    events = [{"id": 200 + r(200, "event", name), "name": name, "year": D.EVENT_YEARS[name]} for name in D.EVENTS]

    # Comics: issues of every series, each with 1..5 characters; some with a variant cover.
    comics, per_series = [], {}
    n = 0
    while len(comics) < 440:
        s = series[n % len(series)]
        issue = per_series.get(s["id"], 0) + 1
        per_series[s["id"]] = issue
        n += 1
        cid = 20000 + r(80000, "comic", s["id"], issue)
        while any(c["id"] == cid for c in comics):
            cid += 1
        comics.append({"id": cid, "series": s, "issue": issue, "variant_of": None})
        if s["format"] in ("Comic", "") and r(6, "variant", cid) == 0:
            vid = cid + 1 + r(50, "vid", cid)
            while any(c["id"] == vid for c in comics):
                vid += 1
            comics.append({"id": vid, "series": s, "issue": issue, "variant_of": cid})

    # Relations: a comic lists its series' lead and a few of the series' cast; every character
    # appears in at least two issues of a series that names them. A variant has its original's cast.
    cast = {c["id"]: set() for c in comics}
    for c in comics:
        pool, base = c["series"]["cast"], c["variant_of"] or c["id"]
        cast[c["id"]].add(pool[0])
        for k in range(r(4, "castsize", base)):
            cast[c["id"]].add(pool[1 + r(len(pool) - 1, "cast", base, k)] if len(pool) > 1 else pool[0])
    for name in chars:
        home = [c for c in comics if name in c["series"]["cast"] and not c["variant_of"]]
        for k in range(2):
            if sum(name in cast[c["id"]] for c in comics) >= 2:
                break
            pick = home[r(len(home), "own", name, k)]
            for c in comics:
                if c["id"] == pick["id"] or c["variant_of"] == pick["id"]:
                    cast[c["id"]].add(name)
    comics_of = {name: [] for name in chars}
    for c in comics:
        for name in cast[c["id"]]:
            comics_of[name].append(c)

    comic_json = [comic_entity(c, cast[c["id"]], ids, comics, events) for c in comics]
    by_id = {c["id"]: (c, j) for c, j in zip(comics, comic_json)}
    # Every ninth character in the gallery's (byte) order has Marvel's placeholder: about 11 %,
    # as in the real data, but spread evenly, so no screenful of the grid is mostly placeholders.
    char_json = [character_entity(name, ids[name], comics_of[name], events, placeholder=(i % 9 == 8))
                 for i, name in enumerate(chars)]
    # The other four resource types, their lists built from the comics (so both sides agree).
    series_json = [series_entity(s, [by_id[c["id"]] for c in comics if c["series"] is s]) for s in series]
    event_json = [e for e in (event_entity(ev, [by_id[c["id"]] for c in comics if comic_event(c, events) is ev])
                              for ev in events) if e]
    creator_json = [creator_entity(name, [j for c, j in by_id.values()
                                          if any(x["name"] == name for x in j["creators"]["items"])])
                    for name in D.CREATORS]
    creator_json = [c for c in creator_json if c["comics"]["available"]]
    story_json = [st for c, j in by_id.values() for st in story_entities(j)]
    for name, items in (("series", series_json), ("events", event_json), ("creators", creator_json),
                        ("stories", story_json)):
        for p in range(0, len(items), PAGE):
            write_json(f"{name}-{p // PAGE + 1}.json", envelope(items[p:p + PAGE], p, len(items)))

    # Pages as the API served them; comics pages overlap (ids repeat across pages), so the
    # import must upsert by id.
    for p in range(0, len(char_json), PAGE):
        write_json(f"characters-{p // PAGE + 1}.json", envelope(char_json[p:p + PAGE], p, len(char_json)))
    step = PAGE - 4
    p = 0
    while p < len(comic_json):
        write_json(f"comics-{p // step + 1}.json", envelope(comic_json[p:p + PAGE], p, len(comic_json)))
        p += step
    A.write_placeholder(IMAGES)
    # The broken pictures are test fixtures, not catalog content: `serve` hands the catalog to
    # strangers (browsers, old clients), so every picture in it decodes.
    os.makedirs(HOSTILE, exist_ok=True)
    A.write_hostile_images(HOSTILE)
    write_version()
    print(f"{len(char_json)} characters, {len(comic_json)} comics, {len(series_json)} series, "
          f"{len(event_json)} events, {len(creator_json)} creators, {len(story_json)} stories, "
          f"{len(os.listdir(IMAGES))} images")


def thumbnail(kind, ident, draw, placeholder=None):
    if placeholder is None:
        placeholder = r(10, "placeholder", kind, ident) == 0
    if placeholder:
        return dict(PLACEHOLDER)
    ref, token = image_ref(kind, ident)
    ext = "png" if r(7, "png", kind, ident) == 0 else "jpg"
    ref["extension"] = ext
    draw(os.path.join(IMAGES, f"{token}.{ext}"), ext == "png")
    return ref


def character_entity(name, cid, comics, events, placeholder):
    uri = f"{GATEWAY}/characters/{cid}"
    series, stories, evs = {}, [], {}
    for c in comics:
        s = c["series"]; series[s["id"]] = s["title"]
        stories.append({"resourceURI": f"{GATEWAY}/stories/{c['id'] * 2 + 1}",
                        "name": f"Interior #{c['id'] * 2 + 1}", "type": "interiorStory"})
        ev = comic_event(c, events)
        if ev:
            evs[ev["id"]] = ev["name"]
    modified = "1969-12-31T19:00:00-0500" if r(3, "epoch", cid) == 0 else date(("cmod", cid), 2013, 2021)
    urls = [{"type": "detail", "url": f"http://marvel.com/characters/{cid}/{slug(name)}?{UTM}"}]
    if r(5, "nowiki", cid):
        urls.append({"type": "wiki", "url": f"http://marvel.com/universe/{name.replace(' ', '_')}?{UTM}"})
    urls.append({"type": "comiclink", "url": f"http://marvel.com/comics/characters/{cid}/{slug(name)}?{UTM}"})
    return {
        "id": cid, "name": name, "description": description(name, cid), "modified": modified,
        "thumbnail": thumbnail("char", cid, lambda path, png: A.draw_character(path, name, cid, png),
                               placeholder),
        "resourceURI": uri,
        "comics": resource_list(uri + "/comics", [
            {"resourceURI": f"{GATEWAY}/comics/{c['id']}", "name": comic_title(c)} for c in comics]),
        "series": resource_list(uri + "/series", [
            {"resourceURI": f"{GATEWAY}/series/{sid}", "name": t} for sid, t in sorted(series.items())]),
        "stories": resource_list(uri + "/stories", stories),
        "events": resource_list(uri + "/events", [
            {"resourceURI": f"{GATEWAY}/events/{eid}", "name": t} for eid, t in sorted(evs.items())]),
        "urls": urls,
    }


def comic_title(c):
    s, fmt = c["series"], c["series"]["format"]
    if fmt in ("Trade Paperback", "Hardcover", "Graphic Novel"):
        base = s["title"].rsplit(" (", 1)[0]
        return f"{base} Vol. {c['issue']} ({fmt})" if fmt != "Graphic Novel" else f"{base} ({s['title'][-5:-1]}) #{c['issue']}"
    title = f"{s['title']} #{c['issue']}"
    return title + " (Variant)" if c["variant_of"] else title


def issue_year(c):
    """Monthly issues from the series' start year (collections a year apart), never after 2023."""
    return min(2023, c["series"]["start"] + (c["issue"] - 1) // 12)


def comic_event(c, events):
    """The event an issue belongs to: the event's own series always; otherwise some issues that
    came out in the year the event ran (or the year after)."""
    base = c["variant_of"] or c["id"]
    title = c["series"]["title"].rsplit(" (", 1)[0].lower()
    for ev in events:
        if ev["name"].lower().rstrip("!") == title:
            return ev
    if c["series"]["format"] == "":
        return None
    running = [ev for ev in events if ev["year"] <= issue_year(c) <= ev["year"] + 1]
    return running[r(len(running), "ev", base)] if running and r(3, "hasev", base) == 0 else None


def comic_creators(c):
    """Writer and penciller (then inker, colorist...) from the creators working that year."""
    year, base = issue_year(c), c["variant_of"] or c["id"]
    active = [n for n in D.CREATORS if D.CREATOR_YEARS[n][0] <= year <= D.CREATOR_YEARS[n][1]]
    if len(active) < 2:
        active = sorted(D.CREATORS, key=lambda n: (abs(D.CREATOR_YEARS[n][0] - year), n))[:4]
    # The same team for a year of a series: pick by (series, year), not by issue.
    start = r(len(active), "team", c["series"]["id"], year)
    team = [active[(start + k) % len(active)] for k in range(min(len(active), 2 + r(3, "ncre", base)))]
    return [(name, D.CREATOR_ROLES[k] if k < 2 else D.CREATOR_ROLES[r(len(D.CREATOR_ROLES), "role", base, k)])
            for k, name in enumerate(team)]


def creator_id(name):
    return 100 + r(9000, "creator", name)


def comic_entity(c, cast, ids, comics, events):
    s, fmt, cid = c["series"], c["series"]["format"], c["id"]
    uri = f"{GATEWAY}/comics/{cid}"
    collection = fmt in ("Trade Paperback", "Hardcover", "Graphic Novel", "Digest")
    digital = fmt in ("Digital Comic", "Infinite Comic", "Digital Vertical Comic")
    digital_id = 10000 + r(50000, "dig", cid) if (digital or r(3, "hasdig", cid) == 0) else 0
    price = {"Comic": 3.99, "Digital Comic": 1.99, "Infinite Comic": 0.99, "Digital Vertical Comic": 0,
             "Trade Paperback": 24.99, "Hardcover": 75.0, "Digest": 9.99, "Magazine": 4.99,
             "Graphic Novel": 14.99, "": 0}[fmt]
    year = issue_year(c)
    onsale = "2099-10-30T00:00:00-0500" if fmt == "" else date(("onsale", cid), year, year)
    modified = "-0001-11-30T00:00:00-0500" if r(5, "zero", cid) == 0 else date(("mod", cid), 2014, 2023)
    names = sorted(cast, key=lambda n: n.encode())
    lead = names[0]
    desc_choice = r(4, "cdesc", cid)
    description = None if desc_choice == 0 or fmt == "" else ("" if desc_choice == 1 else D.SOLICITS[r(len(D.SOLICITS), "sol", cid)])
    variants = []
    if c["variant_of"]:
        orig = next(o for o in comics if o["id"] == c["variant_of"])
        variants = [{"resourceURI": f"{GATEWAY}/comics/{orig['id']}", "name": comic_title(orig)}]
    else:
        variants = [{"resourceURI": f"{GATEWAY}/comics/{o['id']}", "name": comic_title(o)}
                    for o in comics if o["variant_of"] == cid]
    creators = [{"resourceURI": f"{GATEWAY}/creators/{creator_id(name)}", "name": name, "role": role}
                for name, role in comic_creators(c)]
    ev = comic_event(c, events)
    title = comic_title(c)
    text = [] if description is None else [{"type": "issue_solicit_text", "language": "en-us",
                                            "text": description or D.SOLICITS[0]}]
    urls = [{"type": "detail", "url": f"http://marvel.com/comics/issue/{cid}/{slug(title)}?{UTM}"}]
    if digital_id:
        urls.append({"type": "inAppLink", "url": f"https://applink.marvel.com/issue/{digital_id}?{UTM}"})
    thumb = thumbnail("comic", cid, lambda path, png: A.draw_cover(
        path, title, s["title"], c["issue"], fmt, ids[lead], c["variant_of"] is not None, cid, png))
    return {
        "id": cid, "digitalId": digital_id, "title": title,
        "issueNumber": 0 if collection else c["issue"],
        "variantDescription": "Variant" if c["variant_of"] else "",
        "description": description, "modified": modified,
        "isbn": f"978-1-302-{r(90000, 'isbn', cid) + 10000:05d}-{r(10, 'ck', cid)}" if collection else "",
        "upc": "" if collection or digital else f"75960608{r(10**11, 'upc', cid):011d}",
        "diamondCode": "" if digital else f"{['JAN', 'MAR', 'JUN', 'SEP'][r(4, 'dm', cid)]}{r(90, 'dy', cid) + 10}{r(9000, 'dc', cid) + 1000}",
        "ean": "", "issn": "", "format": fmt,
        "pageCount": 0 if fmt == "" else (32 if not collection else 120 + r(300, "pages", cid)),
        "textObjects": text, "resourceURI": uri, "urls": urls,
        "series": {"resourceURI": f"{GATEWAY}/series/{s['id']}", "name": s["title"]},
        "variants": variants, "collections": [], "collectedIssues": [],
        "dates": [{"type": "onsaleDate", "date": onsale},
                  {"type": "focDate", "date": "-0001-11-30T00:00:00-0500" if r(3, "foc", cid) == 0 or fmt == "" else date(("foc", cid), year, year)}],
        "prices": [{"type": "digitalPurchasePrice" if digital else "printPrice", "price": price}],
        "thumbnail": thumb,
        "images": [thumb] if thumb is not None and "image_not_available" not in thumb["path"] else [],
        "creators": resource_list(uri + "/creators", creators),
        "characters": resource_list(uri + "/characters", [
            {"resourceURI": f"{GATEWAY}/characters/{ids[n]}", "name": n} for n in names]),
        "stories": resource_list(uri + "/stories", [
            {"resourceURI": f"{GATEWAY}/stories/{cid * 2}", "name": f"Cover #{cid * 2}", "type": "cover"},
            {"resourceURI": f"{GATEWAY}/stories/{cid * 2 + 1}", "name": f"Interior #{cid * 2 + 1}", "type": "interiorStory"}]),
        "events": resource_list(uri + "/events", [] if not ev else [
            {"resourceURI": f"{GATEWAY}/events/{ev['id']}", "name": ev["name"]}]),
    }


def union(items_lists):
    """The distinct summaries of several resource lists' items, by id, in id order."""
    seen = {}
    for items in items_lists:
        for item in items:
            seen.setdefault(int(item["resourceURI"].rsplit("/", 1)[1]), item)
    return [seen[k] for k in sorted(seen)]


def lists_from_comics(uri, comics_json, fields):
    """An entity's resource lists from the comics it is in: what those comics list, together."""
    out = {}
    for field in fields:
        if field == "comics":
            items = [{"resourceURI": j["resourceURI"], "name": j["title"]} for j in comics_json]
        elif field == "series":
            items = union([[j["series"]] for j in comics_json])
        elif field == "characters":
            # Cover stories have no characters of their own (the API lists them on interior stories).
            items = union([j["characters"]["items"] for j in comics_json])
        else:
            items = union([j[field]["items"] for j in comics_json])
        out[field] = resource_list(f"{uri}/{field}", items)
    return out


def series_entity(s, pairs):
    uri, comics_json = f"{GATEWAY}/series/{s['id']}", [j for _, j in pairs]
    years = [issue_year(c) for c, _ in pairs]
    collection = s["format"] in ("Trade Paperback", "Hardcover", "Graphic Novel", "Digest")
    limited = any(e == s["title"].rsplit(" (", 1)[0] for e in D.EVENT_YEARS)
    cover = next((j["thumbnail"] for j in comics_json if "image_not_available" not in j["thumbnail"]["path"]),
                 dict(PLACEHOLDER))
    entity = {"id": s["id"], "title": s["title"],
              "description": None if r(3, "sdesc", s["id"]) else D.SOLICITS[r(len(D.SOLICITS), "ssol", s["id"])],
              "resourceURI": uri,
              "urls": [{"type": "detail", "url": f"http://marvel.com/comics/series/{s['id']}/{slug(s['title'])}?{UTM}"}],
              "startYear": s["start"], "endYear": 2099 if max(years) >= 2022 and not limited else max(years),
              "rating": "", "type": "collection" if collection else ("limited" if limited else "ongoing"),
              "modified": date(("smod", s["id"]), 2014, 2023), "thumbnail": cover}
    entity.update(lists_from_comics(uri, comics_json, ["creators", "characters", "stories", "comics", "events"]))
    entity["next"] = entity["previous"] = None
    return entity


def event_entity(ev, pairs):
    if not pairs:
        return None
    uri, comics_json = f"{GATEWAY}/events/{ev['id']}", [j for _, j in pairs]
    cover = next((j["thumbnail"] for j in comics_json if "image_not_available" not in j["thumbnail"]["path"]),
                 dict(PLACEHOLDER))
    entity = {"id": ev["id"], "title": ev["name"],
              "description": f"{ev['name']}: {D.SOLICITS[r(len(D.SOLICITS), 'esol', ev['id'])]}",
              "resourceURI": uri,
              "urls": [{"type": "detail", "url": f"http://marvel.com/comics/events/{ev['id']}/{slug(ev['name'])}?{UTM}"}],
              "modified": date(("emod", ev["id"]), 2013, 2023),
              "start": f"{ev['year']}-{1 + r(6, 'em', ev['id']):02d}-01 00:00:00",
              "end": f"{ev['year'] + 1}-{1 + r(6, 'eend', ev['id']):02d}-28 00:00:00", "thumbnail": cover}
    entity.update(lists_from_comics(uri, comics_json, ["creators", "characters", "stories", "comics", "series"]))
    entity["next"] = entity["previous"] = None
    return entity


def creator_entity(name, comics_json):
    cid = creator_id(name)
    uri = f"{GATEWAY}/creators/{cid}"
    parts = name.split(" ")
    suffix = parts.pop() if parts[-1] in ("Sr.", "Jr.") else ""
    entity = {"id": cid, "firstName": parts[0], "middleName": " ".join(parts[1:-1]), "lastName": parts[-1],
              "suffix": suffix, "fullName": name, "modified": date(("crmod", cid), 2013, 2023),
              "thumbnail": dict(PLACEHOLDER), "resourceURI": uri,
              "urls": [{"type": "detail", "url": f"http://marvel.com/comics/creators/{cid}/{slug(name)}?{UTM}"}]}
    entity.update(lists_from_comics(uri, comics_json, ["comics", "series", "stories", "events"]))
    return entity


def story_entities(j):
    """The cover and interior story of a comic; the comic is their original issue."""
    out = []
    for item in j["stories"]["items"]:
        sid = int(item["resourceURI"].rsplit("/", 1)[1])
        uri = f"{GATEWAY}/stories/{sid}"
        entity = {"id": sid, "title": item["name"], "description": "", "resourceURI": uri, "type": item["type"],
                  "modified": j["modified"], "thumbnail": None}
        entity.update(lists_from_comics(uri, [j], ["creators", "characters", "series", "comics", "events"]))
        if item["type"] == "cover":
            entity["characters"] = resource_list(f"{uri}/characters", [])
        entity["originalIssue"] = {"resourceURI": j["resourceURI"], "name": j["title"]}
        out.append(entity)
    return out


def write_version():
    digest = hashlib.sha1()
    for dirpath, _, files in sorted(os.walk(ROOT)):
        for f in sorted(files):
            if f == "VERSION":
                continue
            path = os.path.join(dirpath, f)
            digest.update(os.path.relpath(path, ROOT).encode() + b"\0")
            with open(path, "rb") as fh:
                digest.update(fh.read())
    with open(os.path.join(ROOT, "VERSION"), "w") as f:
        f.write(digest.hexdigest() + "\n")


if __name__ == "__main__":
    build()
