import Foundation
import MarvelAPI
import TerminalUI

/// A creator, event, series or story as its detail page shows it: a title, a few facts, a
/// description, a picture where the entity has one, links, and how many of each related type
/// it lists (the tabs).
public struct EntityDetail: Equatable, Sendable {
    /// A line under the title, worded by the page in the user's language.
    public enum Fact: Equatable, Sendable {
        /// A series' years; nil end (or Marvel's 2099) means still running.
        case years(Int, Int?)
        /// An event's start and end.
        case dates(Date?, Date?)
        /// A series' or story's type as the API names it (`ongoing`, `interiorStory`…).
        case type(String)
        case rating(String)
        /// The comic a story first appeared in.
        case originalIssue(String)
    }

    public let kind: MarvelResource
    public let id: Int
    public let title: String
    public let facts: [Fact]
    /// Plain text: HTML tags already stripped.
    public let description: String
    public let modified: Date?
    public let thumbnail: ImageRef?
    public let links: [DetailLink]
    /// `available` of each related list.
    public let counts: [MarvelResource: Int]
    /// Related lists whose count the source does not know yet (their tabs say "…").
    public internal(set) var unknownCounts: Set<MarvelResource> = []

    public init(kind: MarvelResource, id: Int, title: String, facts: [Fact] = [], description: String = "",
                modified: Date? = nil, thumbnail: ImageRef? = nil, links: [DetailLink] = [],
                counts: [MarvelResource: Int] = [:]) {
        self.kind = kind
        self.id = id
        // Outside text: its escape sequences go whole (the buffer alone would drop only the
        // controls and show the rest, `]0;title`), as for every name of the gallery.
        self.title = Sanitizer.clean(title)
        self.facts = facts
        self.description = Sanitizer.clean(description, keepNewlines: true)
        self.modified = modified
        self.thumbnail = thumbnail
        self.links = links
        self.counts = counts
    }
}

extension EntityDetail {
    public init(marvel s: MarvelSeries) {
        var facts: [Fact] = []
        if let start = s.startYear { facts.append(.years(start, s.endYear == 2099 ? nil : s.endYear)) }
        if !s.type.isEmpty { facts.append(.type(s.type)) }
        if !s.rating.isEmpty { facts.append(.rating(s.rating)) }
        self.init(kind: .series, id: s.id, title: s.title, facts: facts, description: HTMLText.strip(s.description ?? ""),
                  modified: s.modified, thumbnail: ImageRef(marvel: s.thumbnail), links: DetailLink.from(s.urls),
                  counts: [.characters: s.characters.available, .comics: s.comics.available,
                           .creators: s.creators.available, .events: s.events.available, .stories: s.stories.available])
    }

    public init(marvel e: MarvelEvent) {
        self.init(kind: .events, id: e.id, title: e.title, facts: e.start == nil && e.end == nil ? [] : [.dates(e.start, e.end)],
                  description: HTMLText.strip(e.description ?? ""), modified: e.modified,
                  thumbnail: ImageRef(marvel: e.thumbnail), links: DetailLink.from(e.urls),
                  counts: [.characters: e.characters.available, .comics: e.comics.available,
                           .creators: e.creators.available, .series: e.series.available, .stories: e.stories.available])
    }

    public init(marvel s: MarvelStory) {
        var facts: [Fact] = []
        if !s.type.isEmpty { facts.append(.type(s.type)) }
        if let issue = s.originalIssue, !issue.name.isEmpty { facts.append(.originalIssue(Sanitizer.clean(issue.name))) }
        self.init(kind: .stories, id: s.id, title: s.title, facts: facts, description: HTMLText.strip(s.description ?? ""),
                  modified: s.modified, thumbnail: ImageRef(marvel: s.thumbnail),
                  counts: [.characters: s.characters.available, .comics: s.comics.available,
                           .creators: s.creators.available, .events: s.events.available, .series: s.series.available])
    }

    public init(marvel c: MarvelCreator) {
        self.init(kind: .creators, id: c.id, title: c.fullName, modified: c.modified,
                  thumbnail: ImageRef(marvel: c.thumbnail), links: DetailLink.from(c.urls),
                  counts: [.comics: c.comics.available, .events: c.events.available,
                           .series: c.series.available, .stories: c.stories.available])
    }
}

extension DetailLink {
    /// The links worth showing (an empty URL is not), without tracking parameters.
    static func from(_ urls: [MarvelLink]) -> [DetailLink] {
        urls.filter { !$0.url.isEmpty }.map { DetailLink(type: $0.type, url: BrowserLink.untracked($0.url)) }
    }
}
