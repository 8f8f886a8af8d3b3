import Foundation

/// `limit` (1…100) and `offset` (≥ 0), common to every list.
public struct PageQuery: Sendable, Hashable {
    public var limit: Int?
    public var offset: Int?

    public init(limit: Int? = nil, offset: Int? = nil) {
        self.limit = limit
        self.offset = offset
    }

    func items() throws(MarvelAPIError) -> [URLQueryItem] {
        try Validate.page(limit: limit ?? 20, offset: offset ?? 0)
        var items: [URLQueryItem] = []
        items.append("limit", limit.map(String.init))
        items.append("offset", offset.map(String.init))
        return items
    }
}

/// Filters of `/characters` and `/comics/{id}/characters`.
public struct CharacterQuery: Sendable, Hashable {
    public enum Order: String, Sendable, CaseIterable {
        case name, modified
        case nameDescending = "-name", modifiedDescending = "-modified"
        /// Not part of the Marvel API (it answers 409), like `nameContains`: the embedded catalog
        /// server's order by how many comics a character is in (`comics.available`).
        case comics, comicsDescending = "-comics"
    }

    /// Exact full name.
    public var name: String?
    /// Prefix search (the only search the API has).
    public var nameStartsWith: String?
    /// Not part of the Marvel API (the real gateway answers 409): the embedded catalog server's
    /// search anywhere in the name. Send it only to that server.
    public var nameContains: String?
    public var orderBy: Order?
    public var modifiedSince: Date?
    public var page: PageQuery

    public init(name: String? = nil, nameStartsWith: String? = nil, orderBy: Order? = nil,
                modifiedSince: Date? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.name = name
        self.nameStartsWith = nameStartsWith
        self.orderBy = orderBy
        self.modifiedSince = modifiedSince
        self.page = PageQuery(limit: limit, offset: offset)
    }

    func items() throws(MarvelAPIError) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        try items.append(term: name, "name")
        try items.append(term: nameStartsWith, "nameStartsWith")
        try items.append(term: nameContains, "nameContains")
        items.append("modifiedSince", modifiedSince.map(Validate.day))
        items.append("orderBy", orderBy?.rawValue)
        return items + (try page.items())
    }
}

/// Filters of `/comics` and `/characters/{id}/comics`.
public struct ComicQuery: Sendable, Hashable {
    /// The `format` filter's documented values (the `format` field of a comic is an open string).
    public enum Format: String, Sendable, CaseIterable {
        case comic, magazine, tradePaperback = "trade paperback", hardcover, digest
        case graphicNovel = "graphic novel", digitalComic = "digital comic", infiniteComic = "infinite comic"

        /// Accepts any case, and `-`/`_` for spaces (`trade-paperback`).
        public init?(lenient text: String) {
            let normal = text.lowercased().replacingOccurrences(of: "-", with: " ")
                .replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
            self.init(rawValue: normal)
        }
    }

    public enum FormatType: String, Sendable, CaseIterable { case comic, collection }
    public enum DateDescriptor: String, Sendable, CaseIterable { case lastWeek, thisWeek, nextWeek, thisMonth }
    public enum Order: String, Sendable, CaseIterable {
        case focDate, onsaleDate, title, issueNumber, modified
        case focDateDescending = "-focDate", onsaleDateDescending = "-onsaleDate"
        case titleDescending = "-title", issueNumberDescending = "-issueNumber"
        case modifiedDescending = "-modified"
    }

    public var format: Format?
    public var formatType: FormatType?
    /// `true` leaves out variant covers, reprints, director's cuts.
    public var noVariants: Bool?
    /// Series title prefix.
    public var titleStartsWith: String?
    /// Not part of the Marvel API, like `CharacterQuery.nameContains`: the embedded server only.
    public var titleContains: String?
    public var dateDescriptor: DateDescriptor?
    public var orderBy: Order?
    public var page: PageQuery

    public init(format: Format? = nil, formatType: FormatType? = nil, noVariants: Bool? = nil,
                titleStartsWith: String? = nil, dateDescriptor: DateDescriptor? = nil,
                orderBy: Order? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.format = format
        self.formatType = formatType
        self.noVariants = noVariants
        self.titleStartsWith = titleStartsWith
        self.dateDescriptor = dateDescriptor
        self.orderBy = orderBy
        self.page = PageQuery(limit: limit, offset: offset)
    }

    func items() throws(MarvelAPIError) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.append("format", format?.rawValue)
        items.append("formatType", formatType?.rawValue)
        items.append("noVariants", noVariants.map { $0 ? "true" : "false" })
        try items.append(term: titleStartsWith, "titleStartsWith")
        try items.append(term: titleContains, "titleContains")
        items.append("dateDescriptor", dateDescriptor?.rawValue)
        items.append("orderBy", orderBy?.rawValue)
        return items + (try page.items())
    }
}

extension [URLQueryItem] {
    /// `name=value` when there is a value.
    mutating func append(_ name: String, _ value: String?) {
        if let value { append(URLQueryItem(name: name, value: value)) }
    }

    /// `name=term` when there is a term, checked as the live server would (`Validate.term`).
    mutating func append(term: String?, _ name: String) throws(MarvelAPIError) {
        if let term { append(URLQueryItem(name: name, value: try Validate.term(term, name))) }
    }
}

/// Argument rules of the live server, checked before sending (it answers 409 otherwise).
enum Validate {
    static func page(limit: Int, offset: Int) throws(MarvelAPIError) {
        guard (1...100).contains(limit) else {
            throw .invalidArgument("limit must be between 1 and 100 (got \(limit))")
        }
        guard offset >= 0 else { throw .invalidArgument("offset must not be negative (got \(offset))") }
    }

    static func id(_ id: Int) throws(MarvelAPIError) -> Int {
        guard id > 0 else { throw .invalidArgument("ids are positive integers (got \(id))") }
        return id
    }

    /// A search term: not blank, and not `"0"`, which the server treats as blank (PHP `empty()`).
    static func term(_ text: String, _ name: String) throws(MarvelAPIError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidArgument("\(name) must not be blank") }
        guard trimmed != "0" else {
            throw .invalidArgument("\(name) cannot be \"0\": the Marvel API treats it as blank")
        }
        return trimmed
    }

    /// `modifiedSince` as an ISO day, `2014-01-01`.
    static func day(_ date: Date) -> String {
        String(MarvelDate.format(date).prefix(10))
    }
}
