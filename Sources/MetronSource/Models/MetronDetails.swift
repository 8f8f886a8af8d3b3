import Foundation

/// `/api/character/{id}/`.
public struct MetronCharacter: MetronRecord, Equatable {
    /// Its `id`, `name` and `modified`.
    public var summary: MetronSummary
    public var alias: [String]
    public var desc: String
    public var pictureAndPage: MetronPictureAndPage
    public var creators: [MetronReference]
    public var teams: [MetronReference]
    public var universes: [MetronReference]

    public init(fields: inout MetronFields) throws(MetronError) {
        summary = try MetronSummary(fields: &fields)
        alias = (fields.object["alias"] as? [Any] ?? []).compactMap { $0 as? String }
        desc = fields.text("desc") ?? ""
        pictureAndPage = MetronPictureAndPage(fields: &fields)
        creators = fields.references("creators")
        teams = fields.references("teams")
        universes = fields.references("universes")
    }
}

/// Creators, arcs, teams, universes, publishers, imprints: a named thing with a description
/// and an image (a creator also has birth and death dates).
public struct MetronResource: MetronRecord, Equatable {
    /// Its `id`, `name` and `modified`.
    public var summary: MetronSummary
    public var desc: String
    public var pictureAndPage: MetronPictureAndPage
    public var birth: String?
    public var death: String?

    public init(fields: inout MetronFields) throws(MetronError) {
        summary = try MetronSummary(fields: &fields)
        desc = fields.text("desc") ?? ""
        birth = fields.text("birth")
        death = fields.text("death")
        pictureAndPage = MetronPictureAndPage(fields: &fields)
    }
}

/// `/api/arc/{id}/` (Marvel calls these events).
public typealias MetronArc = MetronResource

/// `/api/creator/{id}/`.
public typealias MetronCreator = MetronResource

/// `/api/series/{id}/`.
public struct MetronSeries: MetronRecord, Equatable {
    /// Its `id`, `name` and `modified`.
    public var summary: MetronSummary
    public var sortName: String?
    public var volume: Int?
    /// "Ongoing Series", "Limited Series", "One-Shot", "Trade Paperback", ...
    public var seriesType: String?
    public var status: String?
    public var publisher: String?
    public var yearBegan: Int?
    public var yearEnd: Int?
    public var desc: String
    public var issueCount: Int?
    public var pictureAndPage: MetronPictureAndPage

    public init(fields: inout MetronFields) throws(MetronError) {
        summary = try MetronSummary(fields: &fields)
        sortName = fields.text("sort_name")
        volume = fields.int("volume")
        seriesType = fields.inside("series_type") { $0.text("name") }
        status = fields.text("status")
        if let publisher = fields.nested("publisher") {
            var inner = MetronFields(publisher, place: "\(fields.place) publisher")
            self.publisher = inner.text("name")
            fields.notes += inner.notes
        } else if let bare = fields.int("publisher") {
            fields.notes.append("\(fields.place): publisher is the bare id \(bare), not an object")
        }
        yearBegan = fields.int("year_began")
        yearEnd = fields.int("year_end")
        desc = fields.text("desc") ?? ""
        issueCount = fields.int("issue_count")
        pictureAndPage = MetronPictureAndPage(fields: &fields)
    }
}
