import MarvelAPI

/// What a detail page shows: one entity of any of the six types.
public enum DetailSubject: Equatable, Hashable, Sendable {
    case character(Int)
    case comic(Int)
    case creator(Int)
    case event(Int)
    case series(Int)
    case story(Int)

    public init(_ kind: MarvelResource, id: Int) {
        switch kind {
        case .characters: self = .character(id)
        case .comics: self = .comic(id)
        case .creators: self = .creator(id)
        case .events: self = .event(id)
        case .series: self = .series(id)
        case .stories: self = .story(id)
        }
    }

    public var kind: MarvelResource {
        switch self {
        case .character: .characters
        case .comic: .comics
        case .creator: .creators
        case .event: .events
        case .series: .series
        case .story: .stories
        }
    }

    public var id: Int {
        switch self {
        case .character(let id), .comic(let id), .creator(let id), .event(let id), .series(let id), .story(let id): id
        }
    }

    /// The related lists of the page, in tab order (the first is shown on opening).
    public var tabs: [MarvelResource] {
        switch kind {
        case .characters: [.comics, .series, .stories, .events]
        case .comics: [.characters, .creators, .series, .stories, .events]
        case .creators: [.comics, .series, .stories, .events]
        case .events: [.comics, .characters, .creators, .series, .stories]
        case .series: [.comics, .characters, .creators, .events, .stories]
        case .stories: [.comics, .characters, .creators, .series, .events]
        }
    }
}
