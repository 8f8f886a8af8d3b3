"""What a Marvel client decoded, compared with the records behind the server's answers (a folder
of recorded envelopes, e.g. Fixtures/catalog): the entity's name and, for every list it
carries, each item's id, name and role (creators) or type (stories). Used by esak_contract.py
and client_contracts.py to count wrong fields, not only failed calls.
"""
import json
import os

LISTS = ("characters", "comics", "creators", "events", "series", "stories")
NAME = {"characters": "name", "creators": "fullName"}
ATTRIBUTE = {"characters": "name", "creators": "full_name"}


def item_id(uri):
    return int(str(uri).rstrip("/").split("/")[-1])


class Truth:
    def __init__(self, folder):
        self.records = {}
        self.wrong = 0
        self.compared = 0
        self.lines = []
        if not folder:
            return
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith(".json"):
                    continue
                with open(os.path.join(root, name)) as handle:
                    top = json.load(handle)
                for record in ((top.get("data") or {}).get("results") or []) if isinstance(top, dict) else []:
                    uri = record.get("resourceURI", "")
                    kind = uri.split("/v1/public/")[-1].split("/")[0] if "/v1/public/" in uri else None
                    if kind in LISTS and isinstance(record.get("id"), int):
                        self.records[(kind, record["id"])] = record

    def check(self, kind, ident, name, lists):
        """`lists`: field -> [(id, name, role or type or None)] as the client decoded them."""
        record = self.records.get((kind, ident))
        if record is None:
            return
        self.compared += 1

        def wrong(text):
            self.wrong += 1
            if len(self.lines) < 30:
                self.lines.append(f"WRONG {kind}/{ident} {text}")

        expected = record.get(NAME.get(kind, "title"))
        if name != expected:
            wrong(f"name: {name!r}, data {expected!r}")
        for field, decoded in lists.items():
            truth = record.get(field)
            if not isinstance(truth, dict):
                continue
            mine = {i: (n, x) for i, n, x in decoded}
            theirs = {item_id(i["resourceURI"]): (i.get("name"), i.get("role", i.get("type"))) for i in truth.get("items", [])}
            complete = truth.get("available", 0) <= len(truth.get("items", []))
            for i, value in theirs.items():
                if i not in mine:
                    if complete and len(mine) < 20:
                        wrong(f"{field}: {i} missing")
                    continue
                if mine[i][0] != value[0] or (mine[i][1] is not None and mine[i][1] != value[1]):
                    wrong(f"{field} {i}: {mine[i]!r}, data {value!r}")
            if complete:
                for i in mine.keys() - theirs.keys():
                    wrong(f"{field}: {i} not in the data")

    def check_json(self, kind, record):
        """A raw JSON entity (a client that does not decode)."""
        lists = {}
        for field in LISTS:
            value = record.get(field)
            if isinstance(value, dict) and "items" in value:
                lists[field] = [(item_id(i["resourceURI"]), i.get("name"), i.get("role", i.get("type"))) for i in value["items"]]
        self.check(kind, record.get("id"), record.get(NAME.get(kind, "title")), lists)

    def check_object(self, kind, obj):
        """An object decoded by esak (pydantic) or marvelous (attributes)."""
        lists = {}
        for field in LISTS:
            value = getattr(obj, field, None)
            if isinstance(value, list):
                lists[field] = [(getattr(i, "id", None), getattr(i, "name", None),
                                 getattr(i, "role", None) or getattr(i, "type", None)) for i in value]
        self.check(kind, getattr(obj, "id", None), getattr(obj, ATTRIBUTE.get(kind, "title"), None), lists)

    def summary(self):
        return f"{self.wrong} wrong fields in {self.compared} entities compared with the data"
