import Catalog
import ContractServing

/// The query parameters of `/v1/public/{creators,events,series,stories}` (and of those lists
/// under other resources), read into an EntityFilter with the real API's 409 texts.
enum EntityParameters {
    static func allowed(_ kind: EntityKind) -> Set<String> {
        var names: Set<String> = ["modifiedSince", "orderBy", "limit", "offset"]
        names.formUnion(EntityFilter.textParameters(kind).keys)
        names.formUnion(EntityFilter.prefixParameters(kind).keys)
        names.formUnion(kind.listFieldNames)
        if kind == .series { names.formUnion(["startYear", "seriesType", "contains"]) }
        return names
    }

    static func filter(_ kind: EntityKind, _ p: QueryParameters) throws(APIFailure) -> EntityFilter {
        var q = EntityFilter()
        for name in EntityFilter.textParameters(kind).keys.sorted() {
            if let value = try p.text(name) { q.equals[name] = value }
        }
        for name in EntityFilter.prefixParameters(kind).keys.sorted() {
            if let value = try p.text(name) { q.startsWith[name] = value }
        }
        q.modifiedSince = try p.date("modifiedSince")
        if kind == .series {
            if let year = try p.text("startYear", zeroIsBlank: false) {
                guard let y = Int(year) else { throw .validation("You must pass a valid start year.") }
                q.startYear = y
            }
            if let type = try p.text("seriesType", zeroIsBlank: false) {
                guard EntityFilter.seriesTypes.contains(type.lowercased()) else {
                    throw .validation("You must pass a valid series type if you set the series type filter.")
                }
                q.seriesType = type
            }
            if let contains = try p.text("contains", zeroIsBlank: false) {
                let formats = contains.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard formats.allSatisfy({ ComicFilter.formats.contains($0.lowercased()) }) else {
                    throw .validation("You must pass a valid format if you set the contains filter.")
                }
                q.containsFormats = formats
            }
        }
        for name in kind.listFieldNames.sorted() {
            let ids = try p.ids(name)
            if !ids.isEmpty, let other = EntityKind(rawValue: name) { q.related[other] = ids }
        }
        q.orderBy = try p.orderBy(Set(EntityFilter.orderColumns(kind).keys))
        q.limit = try p.limit()
        q.offset = try p.offset()
        return q
    }
}
