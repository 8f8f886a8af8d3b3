import Catalog
import ContractServing
import Foundation

/// The contract's list parameters as Comic Vine's: `filter` (field:value pairs), `sort`
/// (field:asc|desc), the window; a parameter Comic Vine cannot honour is the contract's 409
/// (it is not in `listParams`), never ignored.
struct ComicVineQuery: Sendable, Equatable {
    var filter: [String: String] = [:]
    var sort: String?
    /// Names kept only when they start with this (Comic Vine's name filter is "contains").
    var startsWith: String?
    /// Names kept only when equal to this (case-insensitive).
    var exactName: String?

    /// The parameters each list honours.
    static func listParams(_ kind: EntityKind) -> Set<String> {
        switch kind {
        case .characters, .events: ["name", "nameStartsWith", "nameContains", "modifiedSince", "orderBy", "limit", "offset"]
        case .comics: ["issueNumber", "series", "dateRange", "modifiedSince", "noVariants", "orderBy", "limit", "offset"]
        case .series: ["title", "titleStartsWith", "titleContains", "modifiedSince", "orderBy", "limit", "offset"]
        case .creators: ["nameStartsWith", "firstNameStartsWith", "nameContains", "modifiedSince", "orderBy", "limit", "offset"]
        case .stories: ["modifiedSince", "orderBy", "limit", "offset"]
        }
    }

    /// `orderBy` fields Comic Vine can sort each list by, and its field for each.
    static let sortFields: [EntityKind: [String: String]] = [
        .characters: ["name": "name", "modified": "date_last_updated"],
        .comics: ["onsaleDate": "store_date", "issueNumber": "issue_number", "modified": "date_last_updated"],
        .series: ["title": "name", "startYear": "start_year", "modified": "date_last_updated"],
        .events: ["name": "name", "modified": "date_last_updated"],
        // A full name starts with the first name: sorting by it is sorting by first name.
        .creators: ["firstName": "name", "modified": "date_last_updated"],
        .stories: ["id": "id", "modified": "date_last_updated"],
    ]

    static func orderFields(_ kind: EntityKind) -> Set<String> { Set(sortFields[kind, default: [:]].keys) }

    init() {}

    init(_ kind: EntityKind, _ params: QueryParameters) throws(APIFailure) {
        let orderings = try params.orderBy(Self.orderFields(kind))
        // Comic Vine sorts by one field: a second ordering it would drop is refused.
        guard orderings.count <= 1 else { throw .validation("Comic Vine sorts by one field; pass one orderBy value.") }
        if let ordering = orderings.first, let field = Self.sortFields[kind]?[ordering.field] {
            sort = "\(field):\(ordering.descending ? "desc" : "asc")"
        }
        if let since = try params.text("modifiedSince", zeroIsBlank: false) {
            guard CatalogDate.epochSeconds(since) != nil else { throw .validation("You must pass a valid date for modifiedSince.") }
            filter["date_last_updated"] = "\(since.prefix(10))|2100-01-01"
        }
        switch kind {
        case .characters, .events:
            try names(params, exact: "name", startsWith: "nameStartsWith")
            try contains(params, "nameContains")
            if kind == .characters { filter["publisher"] = String(ComicVineTerms.marvelPublisher) }
        case .series:
            try names(params, exact: "title", startsWith: "titleStartsWith")
            try contains(params, "titleContains")
        case .creators:
            try contains(params, "nameContains")
            try names(params, exact: nil, startsWith: "nameStartsWith")
            if self.startsWith == nil { try names(params, exact: nil, startsWith: "firstNameStartsWith") }
        case .comics:
            if let number = try params.text("issueNumber", zeroIsBlank: false) {
                guard Double(number) != nil else { throw .validation("You must pass a valid issue number.") }
                filter["issue_number"] = number
            }
            let series = try params.ids("series")
            if series.count > 1 { throw .validation("You may not submit more than 1 series ids.") }
            if let id = series.first { filter["volume"] = String(id) }
            if let range = try params.text("dateRange", zeroIsBlank: false) {
                let dates = range.split(separator: ",").map { String($0.prefix(10)) }
                guard dates.count == 2, dates.allSatisfy({ CatalogDate.epochSeconds($0) != nil }) else {
                    throw .validation("You must pass a valid date range (date1,date2) for dateRange.")
                }
                filter["store_date"] = "\(dates[0])|\(dates[1])"
            }
            // Comic Vine keeps no variants as issues of their own: every issue is not a variant.
            _ = try params.bool("noVariants")
        case .stories: break
        }
    }

    /// `exact` as Comic Vine's name filter kept only when equal; `startsWith` as its name filter
    /// (which matches anywhere in the name) kept only when the name starts so.
    private mutating func names(_ params: QueryParameters, exact: String?, startsWith prefixName: String) throws(APIFailure) {
        if let exact, let name = try params.text(exact) {
            filter["name"] = Self.filterValue(name)
            exactName = name
        }
        if let prefix = try params.text(prefixName) {
            if filter["name"] == nil { filter["name"] = Self.filterValue(prefix) }
            startsWith = prefix
        }
    }

    /// `name` (the contract's own non-standard `nameContains`): Comic Vine's name filter is
    /// that already (anywhere in the name, case aside). With another name parameter, a 409.
    private mutating func contains(_ params: QueryParameters, _ name: String) throws(APIFailure) {
        guard let text = try params.text(name) else { return }
        guard filter["name"] == nil else { throw .validation("Comic Vine filters by one name; pass one name parameter.") }
        filter["name"] = Self.filterValue(text)
    }

    /// A filter value with the characters that split Comic Vine's filter (`,` between pairs,
    /// `:` between field and value, `|` between values) replaced by spaces: the kept names are
    /// checked here against the whole text.
    static func filterValue(_ text: String) -> String {
        String(text.map { ",:|".contains($0) ? " " : $0 })
    }

    /// Whether a name is kept (`startsWith`, `exactName`).
    func keeps(_ name: String) -> Bool {
        if let exactName, name.compare(exactName, options: [.caseInsensitive]) != .orderedSame { return false }
        if let startsWith, !name.lowercased().hasPrefix(startsWith.lowercased()) { return false }
        return true
    }

    var filtersLocally: Bool { startsWith != nil || exactName != nil }

    /// The query items of a list request.
    func items(fields: String, limit: Int, offset: Int) -> [String: String] {
        var items = ["field_list": fields, "limit": String(limit), "offset": String(offset)]
        if !filter.isEmpty { items["filter"] = filter.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",") }
        if let sort { items["sort"] = sort }
        return items
    }
}
