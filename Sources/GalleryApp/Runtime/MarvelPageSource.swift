import Foundation
import MarvelAPI
import TerminalUI

/// Pages of characters from any server that speaks the Marvel contract (the official gateway,
/// a mirror, or the loopback catalog server), through `MarvelClient`.
public struct MarvelPageSource: ItemPageSource {
    public let client: MarvelClient
    /// The server takes `nameContains`/`titleContains` (our embedded catalog server): searches
    /// match anywhere in a name. Otherwise they match name starts, all the Marvel API can do.
    public let searchesAnywhere: Bool
    /// `orderBy` of the creators grid (`DataSourceKind.creatorsOrder`).
    public let creatorsOrder: String
    /// Comics are asked by title (`DataSourceKind.ordersComics`).
    public let ordersComics: Bool

    public init(client: MarvelClient, searchesAnywhere: Bool = false, creatorsOrder: String = "lastName,firstName",
                ordersComics: Bool = true) {
        self.client = client
        self.searchesAnywhere = searchesAnywhere
        self.creatorsOrder = creatorsOrder
        self.ordersComics = ordersComics
    }

    /// A response cache whose disk refused a write keeps answers in memory: the status line says so.
    public var health: SourceHealth { SourceHealth(responseCacheProblem: client.cache?.unavailableReason) }

    public func page(_ request: PageRequest) async -> Result<ItemPage, PageFailure> {
        if case .comics(let filter) = request.query { return await comicsPage(request, filter) }
        if case .titles(let kind, let prefix) = request.query { return await titlesPage(request, kind, request.startsWith ?? prefix) }
        var query = CharacterQuery(nameStartsWith: request.query.nameStartsWith,
                                   orderBy: request.order.flatMap { CharacterQuery.Order(rawValue: $0.description) } ?? .name,
                                   limit: request.limit, offset: request.offset)
        if searchesAnywhere, case .search(let text) = request.query {
            query.nameStartsWith = nil
            query.nameContains = text
        }
        if let prefix = request.startsWith { query.nameStartsWith = prefix }
        return await PageFailure.catching {
            let page = try await client.characters(query)
            return ItemPage(offset: page.offset, total: page.total,
                                 items: page.results.map(GalleryItem.init(marvel:)),
                                 attributionText: page.attributionText, isStale: page.isStale,
                                 unreadable: page.unreadable, servedLimit: page.limit)
        }
    }
}

extension GalleryItem {
    /// The gallery's view of a Marvel character.
    public init(marvel c: MarvelCharacter) {
        self.init(id: c.id, name: Sanitizer.clean(c.name), description: Sanitizer.clean(c.description ?? "", keepNewlines: true),
                  thumbnail: c.thumbnail.flatMap { $0.path.isEmpty ? nil : ImageRef(path: $0.path, extension: $0.fileExtension) },
                  comicsAvailable: c.comics.available, seriesAvailable: c.series.available,
                  storiesAvailable: c.stories.available, eventsAvailable: c.events.available, link: GalleryItem.link(c.urls))
    }
}

extension MarvelPageSource {
    /// A page of the series, events or creators grid: by title (creators by last name), each
    /// item its name and picture.
    func titlesPage(_ request: PageRequest, _ kind: MarvelResource, _ prefix: String?) async -> Result<ItemPage, PageFailure> {
        let page = PageQuery(limit: request.limit, offset: request.offset)
        return await PageFailure.catching {
            switch kind {
            case .series:
                return galleryPage(try await client.page(.seriesList(titleStartsWith: prefix, page))) { ($0.title, $0.thumbnail, $0.urls) }
            case .events:
                return galleryPage(try await client.page(.eventList(nameStartsWith: prefix, page))) { ($0.title, $0.thumbnail, $0.urls) }
            case .creators:
                return galleryPage(try await client.page(.creatorList(nameStartsWith: prefix, orderBy: creatorsOrder, page))) {
                    ($0.fullName, $0.thumbnail, $0.urls)
                }
            case .characters, .comics, .stories:
                throw MarvelAPIError.invalidArgument("no \(kind.rawValue) grid")
            }
        }
    }

    private func galleryPage<Entity>(_ page: MarvelPage<Entity>, _ item: (Entity) -> (String, MarvelImage?, [MarvelLink])) -> ItemPage {
        ItemPage(offset: page.offset, total: page.total, items: page.results.map {
            let (name, picture, urls) = item($0)
            return GalleryItem(id: $0.id, name: Sanitizer.clean(name), thumbnail: ImageRef(marvel: picture), link: GalleryItem.link(urls))
        }, attributionText: page.attributionText, isStale: page.isStale, unreadable: page.unreadable, servedLimit: page.limit)
    }
}
