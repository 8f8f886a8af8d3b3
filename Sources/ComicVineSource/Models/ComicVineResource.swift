import Catalog

/// A Comic Vine resource behind one of the contract's kinds: its list path, its detail path and
/// the type number its detail ids carry (`/character/4005-1443/`).
public struct ComicVineResource: Sendable, Equatable {
    public let list: String
    public let detail: String
    public let typeID: Int

    public static let characters = ComicVineResource(list: "characters", detail: "character", typeID: 4005)
    public static let issues = ComicVineResource(list: "issues", detail: "issue", typeID: 4000)
    public static let volumes = ComicVineResource(list: "volumes", detail: "volume", typeID: 4050)
    public static let storyArcs = ComicVineResource(list: "story_arcs", detail: "story_arc", typeID: 4045)
    public static let people = ComicVineResource(list: "people", detail: "person", typeID: 4040)

    /// The resource a contract kind is translated from (stories: none, Comic Vine has none).
    public static func of(_ kind: EntityKind) -> ComicVineResource? {
        switch kind {
        case .characters: .characters
        case .comics: .issues
        case .series: .volumes
        case .events: .storyArcs
        case .creators: .people
        case .stories: nil
        }
    }

    public var listPath: String { "/\(list)/" }
    public func detailPath(_ id: Int) -> String { "/\(detail)/\(typeID)-\(id)/" }
}
