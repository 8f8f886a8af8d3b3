/// The six resource types of the contract, named as in their URL paths: one table below both the
/// REST client (MarvelAPI re-exports it) and the catalog (its `EntityKind`).
public enum MarvelResource: String, Sendable, CaseIterable, Hashable {
    case characters, comics, creators, events, series, stories

    /// The sub-collections the contract has under `/<type>/{id}/` (MARVEL_API.md section 1):
    /// no `/characters/{id}/creators`, no `/comics/{id}/series`.
    public var subCollections: [MarvelResource] {
        switch self {
        case .characters: [.comics, .events, .series, .stories]
        case .comics: [.characters, .creators, .events, .stories]
        case .creators: [.comics, .events, .series, .stories]
        case .events, .series: MarvelResource.allCases.filter { $0 != self }
        case .stories: [.characters, .comics, .creators, .events, .series]
        }
    }

    /// The order a list of this type is asked in when the user did not choose one: names and
    /// titles, comics newest first, stories by id (the only name-less order they have).
    public var naturalOrder: String {
        switch self {
        case .characters, .events: "name"
        case .comics: "-onsaleDate"
        case .creators: "lastName,firstName"
        case .series: "title"
        case .stories: "id"
        }
    }
}
