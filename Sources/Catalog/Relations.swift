/// Every relation of the contract, in both directions, as SQL. Links are stored once, where the
/// data names them (a comic's characters, creators, stories, events and series; a character's
/// series, stories and events; and, in `entity_link`, what a recorded series, story, event or
/// creator lists beyond that), and every other relation goes through the comics the two sides
/// share. So `/series/{id}/creators` and `/creators/{id}/series` are the same set read from two
/// ends, and an entity's embedded lists and its cross routes can never disagree.
enum Relations {
    /// SQL selecting the ids of `target` related to any of `ids` of `source` (integers, inlined).
    static func sql(from source: EntityKind, _ ids: [Int], to target: EntityKind) -> String {
        let base: String
        if let direct = characterLink(source, target) {
            base = direct
        } else if source == target {
            base = "SELECT id FROM \(source.table) WHERE id IN ($IDS)"
        } else {
            base = ofComics(target, comicsOf(source))
        }
        let recorded = """
            \(base)
            UNION SELECT b_id FROM entity_link WHERE a_kind = '\(source.rawValue)' AND b_kind = '\(target.rawValue)' AND a_id IN ($IDS)
            UNION SELECT a_id FROM entity_link WHERE b_kind = '\(source.rawValue)' AND a_kind = '\(target.rawValue)' AND b_id IN ($IDS)
            """
        return recorded.replacingOccurrences(of: "$IDS", with: ids.map(String.init).joined(separator: ","))
    }

    /// Character links stored directly (a character's recorded series may have no comic in the catalog).
    private static func characterLink(_ a: EntityKind, _ b: EntityKind) -> String? {
        let tables: [EntityKind: (String, String)] = [.series: ("character_series", "series_id"),
                                                      .stories: ("character_story", "story_id"),
                                                      .events: ("character_event", "event_id")]
        if a == .characters, let (table, column) = tables[b] {
            return "SELECT \(column) FROM \(table) WHERE character_id IN ($IDS)"
        }
        if b == .characters, let (table, column) = tables[a] {
            return "SELECT character_id FROM \(table) WHERE \(column) IN ($IDS)"
        }
        return nil
    }

    /// Comic ids linked to `$IDS` of `kind`.
    private static func comicsOf(_ kind: EntityKind) -> String {
        switch kind {
        case .characters: "SELECT comic_id FROM character_comic WHERE character_id IN ($IDS)"
        case .comics: "SELECT id FROM comic WHERE id IN ($IDS)"
        case .creators: "SELECT comic_id FROM comic_creator WHERE creator_id IN ($IDS)"
        case .events: "SELECT comic_id FROM comic_event WHERE event_id IN ($IDS)"
        case .series: "SELECT id FROM comic WHERE series_id IN ($IDS)"
        case .stories: "SELECT comic_id FROM comic_story WHERE story_id IN ($IDS)"
        }
    }

    /// Ids of `kind` linked to the comics `comics` selects.
    private static func ofComics(_ kind: EntityKind, _ comics: String) -> String {
        switch kind {
        case .characters: "SELECT character_id FROM character_comic WHERE comic_id IN (\(comics))"
        case .comics: comics
        case .creators: "SELECT creator_id FROM comic_creator WHERE comic_id IN (\(comics))"
        case .events: "SELECT event_id FROM comic_event WHERE comic_id IN (\(comics))"
        case .series: "SELECT series_id FROM comic WHERE id IN (\(comics)) AND series_id IS NOT NULL"
        case .stories: "SELECT story_id FROM comic_story WHERE comic_id IN (\(comics))"
        }
    }
}
