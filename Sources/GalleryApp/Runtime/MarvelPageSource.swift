import Foundation
import MarvelAPI

/// Pages of the gallery's lists (characters, comics, a detail's strip) from any server that speaks the Marvel contract (the official gateway,
/// a mirror, or the loopback catalog server), through `MarvelClient`.
public struct MarvelPageSource: ItemPageSource {
    public let client: MarvelClient
    /// The server takes `nameContains`/`titleContains` (our embedded catalog server): searches
    /// match anywhere in a name. Otherwise they match name starts, all the Marvel API can do.
    public let searchesAnywhere: Bool

    public init(client: MarvelClient, searchesAnywhere: Bool = false) {
        self.client = client
        self.searchesAnywhere = searchesAnywhere
    }

    public func page(_ request: PageRequest) async -> Result<ItemPage, PageFailure> {
        if case .comics(let filter) = request.query { return await comicsPage(request, filter) }
        if case .appearances(let subject) = request.query { return await appearancesPage(request, subject) }
        var query = CharacterQuery(nameStartsWith: request.query.nameStartsWith, orderBy: .name,
                                   limit: request.limit, offset: request.offset)
        if searchesAnywhere, case .search(let text) = request.query {
            query.nameStartsWith = nil
            query.nameContains = text
        }
        return await PageFailure.catching {
            let page = try await client.characters(query)
            return ItemPage(offset: page.offset, total: page.total,
                                 items: page.results.map(GalleryCharacter.init(marvel:)),
                                 attributionText: page.attributionText, isStale: page.isStale,
                                 unreadable: page.unreadable)
        }
    }
}

extension GalleryCharacter {
    /// The gallery's view of a Marvel character.
    public init(marvel c: MarvelCharacter) {
        self.init(id: c.id, name: c.name, description: c.description ?? "",
                  thumbnail: c.thumbnail.flatMap { $0.path.isEmpty ? nil : ImageRef(path: $0.path, extension: $0.fileExtension) },
                  comicsAvailable: c.comics.available, seriesAvailable: c.series.available,
                  storiesAvailable: c.stories.available, eventsAvailable: c.events.available)
    }
}
