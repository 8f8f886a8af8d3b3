import Foundation

/// Creators, events, series and stories as full entities: their own fields are kept as JSON
/// (the lists are dropped, Relations rebuilds them), sortable fields as columns, and the links
/// their lists name are stored so they are served from both sides.
extension EntityRows {
    /// `json` is the entity's own text (`canonicalText`: the object without its lists).
    mutating func entity(_ object: MarvelJSON.Object, _ json: String) {
        let modified = MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds)
        let title = MarvelJSON.string(object["title"]) ?? ""
        switch kind {
        case .series:
            let (start, end) = MarvelJSON.years(ofSeriesTitle: title)
            writes.append(RowWrite(.seriesEntity, [id, title, MarvelJSON.int(object["startYear"]) ?? start,
                                                   MarvelJSON.int(object["endYear"]) ?? end, modified,
                                                   MarvelJSON.string(object["type"]) ?? "", json]))
        case .events:
            let start = MarvelJSON.string(object["start"]).flatMap(CatalogDate.epochSeconds)
            writes.append(RowWrite(.eventEntity, [id, title, modified, start, json]))
        case .stories:
            writes.append(RowWrite(.storyEntity, [id, title, MarvelJSON.string(object["type"]) ?? "", modified, json]))
            if let issue = MarvelJSON.summary(object, "originalIssue") {
                summary(.comics, (issue.id, issue.name, "", ""))
                let story = id
                once(.comicStory, key: issue.id, story) { [issue.id, story] }
            }
        case .creators:
            let full = MarvelJSON.string(object["fullName"]) ?? ""
            func part(_ key: String) -> String { MarvelJSON.string(object[key]) ?? "" }
            writes.append(RowWrite(.creatorEntity, [id, full, TextFold.fold(full), part("firstName"), part("middleName"),
                                                    part("lastName"), part("suffix"), modified, json]))
        case .characters, .comics:
            return
        }
        listedLinks(object)
    }

    /// Links named by an entity's lists. Character links have their own tables; a story's or an
    /// event's comics are comic links; everything else goes to `entity_link`.
    private mutating func listedLinks(_ object: MarvelJSON.Object) {
        for field in kind.listFields {
            for item in MarvelJSON.items(object, field.rawValue) {
                summary(field, item)
                let table: (ImportSQL, Int, Int)? = switch (kind, field) {
                case (.series, .characters): (.characterSeries, item.id, id)
                case (.stories, .characters): (.characterStory, item.id, id)
                case (.events, .characters): (.characterEvent, item.id, id)
                case (.stories, .comics): (.comicStory, item.id, id)
                case (.events, .comics): (.comicEvent, item.id, id)
                case (.creators, .comics): (.comicCreator, item.id, id)
                default: nil
                }
                if case let (sql, a, b)? = table {
                    once(sql, key: a, b) { [a, b] }
                }
                // A story's own characters are kept apart too: its comic's characters are not all
                // in it (a collection names every character of every story it reprints), and a
                // story whose record lists its characters has only those (`Relations`).
                if table == nil || (kind, field) == (.stories, .characters) {
                    let tag = Self.kindTag(kind) * 8 + Self.kindTag(field)
                    let (owner, ownKind) = (id, kind)
                    // A creator's role, or the type this list gives a story (its own record may
                    // give another: story 13095 is `story`, event 29's list says `interiorStory`).
                    let detail = field == .stories ? item.type : item.role
                    once(.entityLink, key: owner, item.id, tag: tag) { [ownKind.rawValue, owner, field.rawValue, item.id, detail] }
                }
            }
        }
    }

    private static func kindTag(_ kind: EntityKind) -> Int { EntityKind.allCases.firstIndex(of: kind) ?? 0 }
}
