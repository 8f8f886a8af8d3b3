import MarvelAPI

/// The loaded data of a page.
public enum DetailContent: Equatable, Sendable {
    case character(CharacterDetail)
    case comic(ComicDetail)
    /// A creator, event, series or story.
    case entity(EntityDetail)

    public var links: [DetailLink] {
        switch self {
        case .character(let c): c.links
        case .comic(let c): c.links
        case .entity(let e): e.links
        }
    }

    public var picture: ImageRef? {
        switch self {
        case .character(let c): c.thumbnail
        case .comic(let c): c.thumbnail
        case .entity(let e): e.thumbnail
        }
    }

    public var title: String {
        switch self {
        case .character(let c): c.name
        case .comic(let c): c.title
        case .entity(let e): e.title
        }
    }

    /// Related types whose count the source does not know yet (the tab says "…", not 0).
    public var unknownCounts: Set<MarvelResource> {
        switch self {
        case .character(let c): c.unknownCounts
        case .comic(let c): c.unknownCounts
        case .entity(let e): e.unknownCounts
        }
    }

    /// How many entities of a related type this one lists (the tab's count).
    public func count(of kind: MarvelResource) -> Int {
        switch self {
        case .character(let c):
            switch kind {
            case .comics: c.comics.available
            case .series: c.series.available
            case .stories: c.stories.available
            case .events: c.events.available
            default: 0
            }
        case .comic(let c):
            switch kind {
            case .characters: c.charactersAvailable
            case .creators: c.creatorsAvailable
            case .series: c.seriesID == nil ? 0 : 1
            case .stories: c.storiesAvailable
            case .events: c.eventsAvailable
            default: 0
            }
        case .entity(let e): e.counts[kind] ?? 0
        }
    }

    /// A related list the contract has no route for, taken from the entity itself: a comic's
    /// one series. nil when the list comes from a cross route.
    func inlineItems(_ kind: MarvelResource) -> [StripItem]? {
        guard case .comic(let comic) = self, kind == .series else { return nil }
        guard let id = comic.seriesID, let title = comic.series else { return [] }
        return [StripItem(id: id, title: title, thumbnail: nil)]
    }
}
