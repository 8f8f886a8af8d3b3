import Foundation

/// `/api/issue/{id}/`: one comic with its series, credits, characters, arcs and cover.
public struct MetronIssue: MetronRecord, Equatable {
    public struct Credit: Sendable, Equatable {
        public var creator: MetronReference
        public var roles: [String]
    }

    public var id: Int
    public var publisher: String?
    public var series: MetronIssueSeries
    public var number: String
    public var title: String
    /// The story titles (`name` is a list in Metron).
    public var storyTitles: [String]
    public var coverDate: String?
    public var storeDate: String?
    public var focDate: String?
    public var price: Double?
    public var pageCount: Int?
    public var desc: String
    public var upc: String?
    public var isbn: String?
    public var image: String?
    public var arcs: [MetronReference]
    public var credits: [Credit]
    public var characters: [MetronReference]
    public var teams: [MetronReference]
    public var resourceURL: String?
    public var modified: String?

    public init(fields: inout MetronFields) throws(MetronError) {
        id = try fields.id()
        publisher = fields.inside("publisher") { $0.text("name") }
        series = MetronIssueSeries(issue: &fields)
        number = fields.text("number") ?? ""
        title = fields.text("title") ?? ""
        switch fields.object["name"] {
        case let list as [Any]: storyTitles = list.compactMap { $0 as? String }
        default: storyTitles = fields.text("name").map { [$0] } ?? []
        }
        coverDate = fields.text("cover_date")
        storeDate = fields.text("store_date")
        focDate = fields.text("foc_date")
        price = fields.text("price").flatMap(Double.init)
        pageCount = fields.int("page")
        desc = fields.text("desc") ?? ""
        upc = fields.text("upc")
        isbn = fields.text("isbn")
        image = fields.picture("image")
        arcs = fields.references("arcs")
        characters = fields.references("characters")
        teams = fields.references("teams")
        credits = fields.objects("credits").enumerated().compactMap { [place = fields.place] index, object in
            guard let id = MetronFields.int(object["id"]) else { return nil }
            let roles = (object["role"] as? [MetronFields.Object] ?? []).compactMap { $0["name"] as? String }
            var inner = MetronFields(object, place: "\(place) credits[\(index)]")
            return Credit(creator: MetronReference(id: id, name: inner.text("creator") ?? ""), roles: roles)
        }
        resourceURL = fields.text("resource_url")
        modified = fields.text("modified")
    }

    /// "Death of the Inhumans (2018) #1", as Marvel titles its comics.
    public var marvelTitle: String {
        let years = series.yearBegan.map { " (\($0))" } ?? ""
        return number.isEmpty ? series.name + years : "\(series.name)\(years) #\(number)"
    }
}
