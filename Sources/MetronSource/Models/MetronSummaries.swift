import Foundation

/// A list item of characters, creators, arcs, teams, publishers, universes, imprints, roles:
/// only `id`, `name`, `modified` (character lists carry no image; the detail does). Every
/// named detail (character, arc, creator, series) opens with these three, read here.
public struct MetronSummary: MetronRecord, Equatable {
    public var id: Int
    public var name: String
    public var modified: String?

    public init(fields: inout MetronFields) throws(MetronError) {
        id = try fields.id()
        name = fields.text("name") ?? ""
        modified = fields.text("modified")
    }
}

/// A series list item: the display name is in `series` ("Absolute Batman (2024)").
public struct MetronSeriesSummary: MetronRecord, Equatable {
    public var id: Int
    public var name: String
    public var yearBegan: Int?
    public var volume: Int?
    public var issueCount: Int?
    public var modified: String?

    public init(fields: inout MetronFields) throws(MetronError) {
        id = try fields.id()
        name = fields.text("series") ?? fields.text("name") ?? ""
        yearBegan = fields.int("year_began")
        volume = fields.int("volume")
        issueCount = fields.int("issue_count")
        modified = fields.text("modified")
    }
}

/// An issue list item (issue lists, a character's/team's/arc's/series' `issue_list`): these
/// carry the cover image, so comics grids need no detail request per cover.
public struct MetronIssueSummary: MetronRecord, Equatable {
    public var id: Int
    public var series: MetronIssueSeries
    public var number: String
    /// "Fantastic Four (1961) #45".
    public var displayName: String
    public var coverDate: String?
    public var storeDate: String?
    public var image: String?
    public var modified: String?

    public init(fields: inout MetronFields) throws(MetronError) {
        id = try fields.id()
        series = MetronIssueSeries(issue: &fields)
        number = fields.text("number") ?? ""
        displayName = fields.text("issue") ?? "\(series.name) #\(number)"
        coverDate = fields.text("cover_date")
        storeDate = fields.text("store_date")
        image = fields.text("image")
        modified = fields.text("modified")
    }
}
