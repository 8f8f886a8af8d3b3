import Catalog
import ContractServing
import Foundation

/// A Marvel list query as Metron can answer it: the Metron filters it maps to, the name prefix
/// kept locally, and the direction. Metron's lists have one order each (names, titles; an
/// issue list by cover date) and no ordering parameter, so that order is honoured, backwards
/// too (by reading the pages from the end); any other `orderBy` is a 409 in the contract's
/// words, never silently ignored. Filters Metron has no equivalent for are not accepted either
/// (the contract's 409 for a parameter it does not know).
struct MetronListQuery {
    var filter: [String: String] = [:]
    var startsWith: String?
    /// `title`: the comics whose whole title (`Series (1938) #101`) is this one, case aside.
    var exactTitle: String?
    var descending = false

    /// Marvel's ordering fields per list (MARVEL_API.md 2), and the one Metron's list is in.
    static func orderFields(_ kind: EntityKind) -> Set<String> {
        switch kind {
        case .characters: ["name", "modified"]
        case .comics: ["focDate", "onsaleDate", "title", "issueNumber", "modified"]
        case .creators: ["lastName", "firstName", "middleName", "suffix", "modified"]
        case .events: ["name", "startDate", "modified"]
        case .series: ["title", "modified", "startYear"]
        case .stories: ["id", "modified"]
        }
    }

    /// Metron's own order of a list, when it is one of Marvel's: by name (a creator's full
    /// name starts with the first name), a series by title. Issues are in none of Marvel's
    /// comic orders (the issue list goes by series sort name, cover date and number, an
    /// entity's issue list by cover date, while `onsaleDate` is the store date and `title`
    /// the whole title): nil, so any `orderBy` on them is refused.
    static func naturalField(_ kind: EntityKind, issueList: Bool) -> String? {
        switch kind {
        case .characters, .events: "name"
        case .comics: nil
        case .creators: "firstName"
        case .series: "title"
        case .stories: "id"
        }
    }

    /// Whether the list is asked backwards; 409 for an order Metron's list is not in.
    static func direction(_ params: QueryParameters, _ kind: EntityKind, issueList: Bool = false) throws(APIFailure) -> Bool {
        let orderings = try params.orderBy(orderFields(kind))
        guard let first = orderings.first else { return false }
        let natural = naturalField(kind, issueList: issueList)
        for ordering in orderings where ordering != first || ordering.field != natural {
            throw .validation("\(ordering.descending ? "-" : "")\(ordering.field) is not a valid ordering parameter.")
        }
        return first.descending
    }

    /// Metron's `modified_gt` from Marvel's `modifiedSince`.
    static func modifiedSince(_ params: QueryParameters) throws(APIFailure) -> [String: String] {
        guard let seconds = try params.date("modifiedSince") else { return [:] }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return ["modified_gt": formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))]
    }

    /// A list of names (characters, events, creators) or series titles.
    static func named(_ params: QueryParameters, _ kind: EntityKind) throws(APIFailure) -> MetronListQuery {
        let titled = kind == .series
        let (filter, startsWith) = try MetronBackend.nameFilter(params, contains: titled ? "titleContains" : "nameContains",
                                                                startsWith: titled ? "titleStartsWith" : "nameStartsWith",
                                                                exact: titled ? "title" : "name")
        var query = MetronListQuery(filter: filter.merging(try modifiedSince(params)) { $1 }, startsWith: startsWith,
                                    descending: try direction(params, kind))
        // `name` (`title` of series) is the whole name; Metron's filter is "contains".
        let exactName = titled ? "title" : "name"
        if try params.text(titled ? "titleContains" : "nameContains") == nil,
           try params.text(titled ? "titleStartsWith" : "nameStartsWith") == nil {
            query.exactTitle = try params.text(exactName)
            if titled, let title = query.exactTitle {
                // A series title is `Name (1938)`: Metron's name and start year filters.
                let parts = titleParts(title)
                query.filter["name"] = parts["series_name"]
                if let year = parts["series_year_began"] { query.filter["year_began"] = year }
            }
        }
        if titled, let year = try startYear(params) { query.filter["year_began"] = year }
        return query
    }

    static func startYear(_ params: QueryParameters) throws(APIFailure) -> String? {
        guard let year = try params.text("startYear") else { return nil }
        guard Int(year) != nil else { throw .validation("You must pass a valid year for startYear.") }
        return year
    }

    /// `/comics`: the series title filters, the comic filters Metron's issue list has
    /// (`startYear`, `issueNumber`, `upc`, `dateRange`, one `series` id), `noVariants` (Metron
    /// lists no variants as issues, so it always holds).
    static func comics(_ params: QueryParameters) throws(APIFailure) -> MetronListQuery {
        var exact: String?
        var parsed: [String: String] = [:]
        if try params.text("titleContains") == nil, try params.text("titleStartsWith") == nil, let title = try params.text("title") {
            // An exact title: Metron's series name filter ("contains") narrows it, by the parts
            // of `Series (1938) #101` when it has that shape; the title is compared here.
            exact = title
            parsed = Self.titleParts(title)
        }
        let (title, startsWith) = try MetronBackend.nameFilter(params, contains: "titleContains", startsWith: "titleStartsWith",
                                                               exact: "title")
        var filter = title["name"].map { ["series_name": $0] } ?? [:]
        filter.merge(parsed) { $1 }
        filter.merge(try modifiedSince(params)) { $1 }
        if let year = try startYear(params) { filter["series_year_began"] = year }
        if let number = try params.text("issueNumber", zeroIsBlank: false) {
            // The contract's issue number is a number (as the catalog reads it).
            guard Double(number) != nil else { throw .validation("You must pass a valid issue number.") }
            filter["number"] = number
        }
        if let upc = try params.text("upc") { filter["upc"] = upc }
        if let range = try params.text("dateRange", zeroIsBlank: false) {
            let dates = range.split(separator: ",").map { String($0.prefix(10)) }
            guard dates.count == 2, dates.allSatisfy({ CatalogDate.epochSeconds($0) != nil }) else {
                throw .validation("You must pass a valid date range (date1,date2) for dateRange.")
            }
            filter["store_date_range_after"] = dates[0]
            filter["store_date_range_before"] = dates[1]
        }
        let series = try params.ids("series")
        if series.count > 1 { throw .validation("You may not submit more than 1 series ids.") }
        if let id = series.first { filter["series_id"] = String(id) }
        _ = try params.bool("noVariants")
        return MetronListQuery(filter: filter, startsWith: startsWith, exactTitle: exact, descending: try direction(params, .comics))
    }

    /// `Series Name (1938) #101` as Metron's filters: series name, start year, number.
    static func titleParts(_ title: String) -> [String: String] {
        var rest = Substring(title)
        var parts: [String: String] = [:]
        if let hash = rest.range(of: " #", options: .backwards) {
            parts["number"] = String(rest[hash.upperBound...])
            rest = rest[..<hash.lowerBound]
        }
        if rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards) {
            let year = rest[open.upperBound..<rest.index(before: rest.endIndex)]
            if year.count == 4, Int(year) != nil {
                parts["series_year_began"] = String(year)
                rest = rest[..<open.lowerBound]
            }
        }
        parts["series_name"] = String(rest)
        return parts
    }

    static let comicParams: Set<String> = ["title", "titleStartsWith", "titleContains", "orderBy", "limit", "offset",
                                           "noVariants", "modifiedSince", "startYear", "issueNumber", "upc", "dateRange", "series"]

    /// Sorts a list held whole (an issue's characters, creators or arcs) by any of Marvel's
    /// orderings: cheap, it costs Metron nothing more.
    static func sortLocally(_ objects: [[String: Any]], _ params: QueryParameters, _ kind: EntityKind) throws(APIFailure) -> [[String: Any]] {
        let orderings = try params.orderBy(orderFields(kind))
        guard !orderings.isEmpty else { return objects }
        return objects.sorted { a, b in
            for ordering in orderings {
                let field = kind == .events && ordering.field == "name" ? "title" : ordering.field == "startDate" ? "start" : ordering.field
                let (x, y) = (sortKey(a, field), sortKey(b, field))
                if x == y { continue }
                return ordering.descending ? x > y : x < y
            }
            return false
        }
    }

    private static func sortKey(_ object: [String: Any], _ field: String) -> String {
        switch object[field] {
        case let text as String: return text.lowercased()
        case let number as Int: return String(format: "%020d", number)
        case let number as Double: return String(format: "%020.3f", number)
        default: return ""
        }
    }
}
