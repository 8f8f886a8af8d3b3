import Foundation
import MarvelAPI
import TerminalUI

/// Where detail pages get their data. The real one speaks the Marvel contract through
/// `MarvelClient`; tests use an in-memory fake.
public protocol DetailSource: Sendable {
    /// The data of one page: a character, comic, creator, event, series or story.
    func load(_ subject: DetailSubject) async -> Result<DetailContent, PageFailure>
    /// A page of one of a page's related lists (a character's comics, a series' creators…).
    func strip(_ request: StripRequest) async -> Result<StripPage, PageFailure>
}

/// Opens a URL in the desktop's browser. Returns false when there is no way to (the app then
/// shows the URL instead).
public protocol URLOpening: Sendable {
    func open(_ url: String) async -> Bool
}

/// `xdg-open`, found on `PATH`, started detached with its output discarded (it must not
/// scribble over the full-screen view). Its verdict is waited for up to `verdictWait`: with no
/// browser it exits 3 at once ("no method available"), which must not count as "opened";
/// one still running then (a browser that stays in the foreground) counts as opened.
public struct SystemURLOpener: URLOpening {
    let tool: String?
    let verdictWait: Duration
    public init() { self.init(tool: SystemURLOpener.find("xdg-open")) }
    init(tool: String?, verdictWait: Duration = .seconds(2)) {
        self.tool = tool
        self.verdictWait = verdictWait
    }

    public func open(_ url: String) async -> Bool {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let tool else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        do { try process.run() } catch { return false }
        let wait = verdictWait
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { for await status in exited.stream { return status == 0 }; return true }
            group.addTask { try? await Task.sleep(for: wait); return true }
            let verdict = await group.next() ?? true
            group.cancelAll()
            exited.continuation.finish()
            return verdict
        }
    }

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Details through `MarvelClient`: `/{type}/{id}` for a page, the cross routes
/// (`/{type}/{id}/{related}`) for its strips.
public struct MarvelDetailSource: DetailSource {
    public let client: MarvelClient
    /// Comics are asked in Marvel's orders (`DataSourceKind.ordersComics`).
    public let ordersComics: Bool
    public init(client: MarvelClient, ordersComics: Bool = true) {
        self.client = client
        self.ordersComics = ordersComics
    }

    public func load(_ subject: DetailSubject) async -> Result<DetailContent, PageFailure> {
        await PageFailure.catching { () async throws -> DetailContent in
            switch subject {
            case .character(let id):
                let (c, unknown): (MarvelCharacter, _) = try await one(id)
                var detail = CharacterDetail(marvel: c)
                detail.unknownCounts = unknown
                return .character(detail)
            case .comic(let id):
                let (c, unknown): (MarvelComic, _) = try await one(id)
                var detail = ComicDetail(marvel: c)
                detail.unknownCounts = unknown
                return .comic(detail)
            case .creator(let id): return try await entity(id, MarvelCreator.self, EntityDetail.init(marvel:))
            case .event(let id): return try await entity(id, MarvelEvent.self, EntityDetail.init(marvel:))
            case .series(let id): return try await entity(id, MarvelSeries.self, EntityDetail.init(marvel:))
            case .story(let id): return try await entity(id, MarvelStory.self, EntityDetail.init(marvel:))
            }
        }
    }

    /// `/{type}/{id}` and the related lists whose count its source does not know yet.
    private func one<Entity: MarvelEntity>(_ id: Int) async throws -> (Entity, Set<MarvelResource>) {
        let page = try await client.page(try MarvelEndpoint<Entity>.byID(id))
        guard let first = page.results.first else { throw MarvelAPIError.notFound("no result for \(Entity.resource.rawValue)/\(id)") }
        return (first, page.unknown.counts(of: id))
    }

    private func entity<Entity: MarvelEntity>(_ id: Int, _ type: Entity.Type,
                                              _ detail: (Entity) -> EntityDetail) async throws -> DetailContent {
        let (entity, unknown): (Entity, _) = try await one(id)
        var made = detail(entity)
        made.unknownCounts = unknown
        return .entity(made)
    }

    public func strip(_ request: StripRequest) async -> Result<StripPage, PageFailure> {
        await PageFailure.catching {
            switch request.related {
            case .characters: try await page(MarvelCharacter.self, request) { ($0.name, $0.thumbnail) }
            case .comics: try await page(MarvelComic.self, request) { ($0.title, $0.thumbnail) }
            case .creators: try await page(MarvelCreator.self, request) { ($0.fullName, $0.thumbnail) }
            case .events: try await page(MarvelEvent.self, request) { ($0.title, $0.thumbnail) }
            case .series: try await page(MarvelSeries.self, request) { ($0.title, $0.thumbnail) }
            case .stories: try await page(MarvelStory.self, request) { ($0.title, $0.thumbnail) }
            }
        }
    }

    /// One page of a cross route as strip items: each entity's name and picture.
    private func page<Entity: MarvelEntity>(_ type: Entity.Type, _ request: StripRequest,
                                            _ item: (Entity) -> (String, MarvelImage?)) async throws -> StripPage {
        let endpoint = try MarvelEndpoint<Entity>.related(to: request.subject.kind, id: request.subject.id,
                                                          PageQuery(limit: request.limit, offset: request.offset),
                                                          ordered: ordersComics || Entity.resource != .comics)
        let page = try await client.page(endpoint)
        return StripPage(offset: page.offset, total: page.total, items: page.results.map {
            let (title, picture) = item($0)
            return StripItem(id: $0.id, title: Sanitizer.clean(title), thumbnail: ImageRef(marvel: picture))
        })
    }
}

extension ImageRef {
    init?(marvel image: MarvelImage?) {
        guard let image, !image.path.isEmpty else { return nil }
        self.init(path: image.path, extension: image.fileExtension)
    }
}

extension CharacterDetail {
    public init(marvel c: MarvelCharacter) {
        func list(_ r: ResourceList) -> Appearances { Appearances(available: r.available, items: r.items.map { Sanitizer.clean($0.name) }) }
        self.init(id: c.id, name: Sanitizer.clean(c.name), description: Sanitizer.clean(c.description ?? "", keepNewlines: true),
                  modified: c.modified,
                  thumbnail: ImageRef(marvel: c.thumbnail), comics: list(c.comics), series: list(c.series),
                  stories: list(c.stories), events: list(c.events),
                  links: DetailLink.from(c.urls))
    }
}

extension ComicDetail {
    public init(marvel c: MarvelComic) {
        let text = c.description ?? c.textObjects.first { $0.type == "issue_solicit_text" }?.text ?? ""
        self.init(id: c.id, title: Sanitizer.clean(c.title), issueNumber: c.issueNumber, format: c.format, pageCount: c.pageCount,
                  onSaleDate: c.onSaleDate, prices: c.prices.map { ComicDetail.Price(type: $0.type, amount: $0.price) },
                  creators: c.creators.items.map { ComicDetail.Credit(name: Sanitizer.clean($0.name), role: Sanitizer.clean($0.role ?? "")) },
                  description: Sanitizer.clean(HTMLText.strip(text), keepNewlines: true), thumbnail: ImageRef(marvel: c.thumbnail),
                  charactersAvailable: c.characters.available, series: c.series.map { Sanitizer.clean($0.name) }, seriesID: c.series?.id,
                  variants: c.variants.map { Sanitizer.clean($0.name) }, links: DetailLink.from(c.urls),
                  creatorsAvailable: c.creators.available, storiesAvailable: c.stories.available,
                  eventsAvailable: c.events.available)
    }
}

extension MarvelPageSource {
    /// A page of the comics gallery: ordered by title, explicitly (with no `orderBy` the API
    /// starts with placeholder rows), formats kept for the tile colours.
    func comicsPage(_ request: PageRequest, _ filter: ComicsFilter) async -> Result<ItemPage, PageFailure> {
        await PageFailure.catching {
            var query = ComicQuery(format: filter.format.flatMap(ComicQuery.Format.init(lenient:)),
                                   titleStartsWith: filter.startsWith,
                                   orderBy: request.order.flatMap { ComicQuery.Order(rawValue: $0.description) }
                                       ?? (ordersComics ? .title : nil),
                                   limit: request.limit, offset: request.offset)
            if searchesAnywhere, let text = filter.titleStartsWith {
                query.titleStartsWith = nil
                query.titleContains = text
            }
            if let prefix = request.startsWith { query.titleStartsWith = prefix }
            let page = try await client.comics(query)
            return ItemPage(offset: page.offset, total: page.total, items: page.results.map {
                GalleryItem(id: $0.id, name: Sanitizer.clean($0.title), description: Sanitizer.clean($0.description ?? "", keepNewlines: true),
                                 thumbnail: ImageRef(marvel: $0.thumbnail), format: $0.format, link: GalleryItem.link($0.urls))
            }, attributionText: page.attributionText, isStale: page.isStale, unreadable: page.unreadable,
               servedLimit: page.limit)
        }
    }
}
