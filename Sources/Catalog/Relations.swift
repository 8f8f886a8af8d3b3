/// Every relation of the contract, in both directions, as SQL. Links are stored once, where the
/// data names them (a comic's characters, creators, stories, events and series; a character's
/// series, stories and events; and, in `entity_link`, what a recorded series, story, event or
/// creator lists beyond that), and every other relation goes through the comics the two sides
/// share. So `/series/{id}/creators` and `/creators/{id}/series` are the same set read from two
/// ends, and an entity's embedded lists and its cross routes can never disagree.
enum Relations {
    /// SQL selecting the ids of `target` related to any of `ids` of `source` (integers, inlined).
    static func sql(from source: EntityKind, _ ids: [Int], to target: EntityKind) -> String {
        "SELECT b FROM (\(pairs(from: source, ids, to: target)))"
    }

    /// SQL selecting the distinct pairs `(a, b)`: `a` one of `ids` of `source`, `b` an id of
    /// `target` related to it. A page's embedded lists read all their entities' links in one
    /// query per list field this way, instead of two queries per entity and field.
    static func pairs(from source: EntityKind, _ ids: [Int], to target: EntityKind) -> String {
        pairs(fromSQL: ids.map(String.init).joined(separator: ","), source, to: target)
    }

    /// `pairs` for the ids an SQL expression names (`character.id`, correlated with an outer
    /// query: one entity's related rows, as its list field counts them).
    static func pairs(fromSQL idsSQL: String, _ source: EntityKind, to target: EntityKind) -> String {
        let base: String
        if let direct = characterLink(source, target) {
            base = direct
        } else if source == target {
            base = "SELECT id AS a, id AS b FROM \(source.table) WHERE id IN ($IDS)"
        } else if target == .comics {
            // The link's own comic ids: a comic known only by name (`named`) is related too.
            let s = comicLink(source)
            base = "SELECT \(s.owner) AS a, \(s.comic) AS b FROM \(s.table) WHERE \(s.owner) IN ($IDS)"
        } else if source == .comics {
            let t = comicLink(target)
            let notNull = target == .series ? " AND \(t.owner) IS NOT NULL" : ""
            base = "SELECT \(t.comic) AS a, \(t.owner) AS b FROM \(t.table) WHERE \(t.comic) IN ($IDS)\(notNull)"
        } else {
            let (s, t) = (comicLink(source), comicLink(target))
            let notNull = target == .series ? " AND t.\(t.owner) IS NOT NULL" : ""
            base = "SELECT s.\(s.owner) AS a, t.\(t.owner) AS b FROM \(s.table) s JOIN \(t.table) t ON t.\(t.comic) = s.\(s.comic) "
                + "WHERE s.\(s.owner) IN ($IDS)\(notNull)\(ownCreators(source, target))"
        }
        let recorded = """
            \(base)
            UNION SELECT a_id, b_id FROM entity_link WHERE a_kind = '\(source.rawValue)' AND b_kind = '\(target.rawValue)' AND a_id IN ($IDS)
            UNION SELECT b_id, a_id FROM entity_link WHERE b_kind = '\(source.rawValue)' AND a_kind = '\(target.rawValue)' AND b_id IN ($IDS)
            """
        return recorded.replacingOccurrences(of: "$IDS", with: idsSQL)
    }

    /// A story's creators are not its comic's: a comic's cover, interior and letters pages are
    /// stories by different people (story 4765, a cover, recorded one creator; its comic has
    /// 12). A story whose record listed its creators keeps that list alone (its links are in
    /// `entity_link`); a story known only from comics gets its comics' creators, all there is.
    private static func ownCreators(_ source: EntityKind, _ target: EntityKind) -> String {
        guard Set([source, target]) == [.stories, .creators] else { return "" }
        let story = source == .stories ? "s.story_id" : "t.story_id"
        return " AND NOT EXISTS (SELECT 1 FROM recorded_count WHERE kind = 'stories' AND id = \(story) AND field = 'creators')"
    }

    /// Character links stored directly (a character's recorded series may have no comic in the catalog).
    private static func characterLink(_ a: EntityKind, _ b: EntityKind) -> String? {
        let tables: [EntityKind: (String, String)] = [.series: ("character_series", "series_id"),
                                                      .stories: ("character_story", "story_id"),
                                                      .events: ("character_event", "event_id")]
        if a == .characters, let (table, column) = tables[b] {
            return "SELECT character_id AS a, \(column) AS b FROM \(table) WHERE character_id IN ($IDS)\(ownCharacters(b))"
        }
        if b == .characters, let (table, column) = tables[a] {
            return "SELECT \(column) AS a, character_id AS b FROM \(table) WHERE \(column) IN ($IDS)\(ownCharacters(a))"
        }
        return nil
    }

    /// A story's characters are not all its comic's: a collection names the characters of every
    /// story it reprints (comic 21072 names Iron Man; its story 18270 recorded Captain Marvel
    /// and Thanos). A story whose record listed all its characters (no more than a list's 20)
    /// keeps that list alone (its links are in `entity_link` too); a story known only from
    /// comics, or with a longer list, keeps every link there is, and so does one whose listed
    /// characters are not in `entity_link` (a catalog imported before it kept them).
    private static func ownCharacters(_ kind: EntityKind) -> String {
        guard kind == .stories else { return "" }
        return " AND NOT EXISTS (SELECT 1 FROM recorded_count r WHERE r.kind = 'stories' AND r.id = story_id "
            + "AND r.field = 'characters' AND r.available <= \(EntityJSON.listCap) AND (r.available = 0 OR EXISTS "
            + "(SELECT 1 FROM entity_link WHERE a_kind = 'stories' AND a_id = story_id AND b_kind = 'characters')))"
    }

    /// SQL selecting `(a, comic)`: `a` one of `ids` of `kind`, `comic` the id of a comic that
    /// `kind` links to directly (a series' issues, a story's or an event's comics).
    static func comics(of kind: EntityKind, _ ids: [Int]) -> String {
        let link = comicLink(kind)
        return "SELECT \(link.owner) AS a, \(link.comic) AS comic FROM \(link.table) "
            + "WHERE \(link.owner) IN (\(ids.map(String.init).joined(separator: ",")))"
    }

    /// The table linking `kind` to comics: the column naming the `kind` id and the one naming the comic.
    private static func comicLink(_ kind: EntityKind) -> (table: String, owner: String, comic: String) {
        switch kind {
        case .characters: ("character_comic", "character_id", "comic_id")
        case .comics: ("comic", "id", "id")
        case .creators: ("comic_creator", "creator_id", "comic_id")
        case .events: ("comic_event", "event_id", "comic_id")
        case .series: ("comic", "series_id", "id")
        case .stories: ("comic_story", "story_id", "comic_id")
        }
    }
}
