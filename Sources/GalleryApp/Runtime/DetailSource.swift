import Foundation
import MarvelAPI

/// Where detail pages get their data. The real one speaks the Marvel contract through
/// `MarvelClient`; tests use an in-memory fake.
public protocol DetailSource: Sendable {
    func character(id: Int) async -> Result<CharacterDetail, PageFailure>
    func comic(id: Int) async -> Result<ComicDetail, PageFailure>
    /// A page of a strip (`.appearances`): a character's comics (with covers) or a comic's
    /// characters (with portraits).
    func strip(_ request: PageRequest) async -> Result<ItemPage, PageFailure>
}

/// Opens a URL in the desktop's browser. Returns false when there is no way to (the app then
/// shows the URL instead).
public protocol URLOpening: Sendable {
    func open(_ url: String) async -> Bool
}

/// `xdg-open`, found on `PATH`, started detached with its output discarded (it must not
/// scribble over the full-screen view).
public struct SystemURLOpener: URLOpening {
    public init() {}

    public func open(_ url: String) async -> Bool {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let tool = SystemURLOpener.find("xdg-open") else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
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

/// Details through `MarvelClient`.
public struct MarvelDetailSource: DetailSource {
    public let client: MarvelClient
    public init(client: MarvelClient) { self.client = client }

    public func character(id: Int) async -> Result<CharacterDetail, PageFailure> {
        await PageFailure.catching { CharacterDetail(marvel: try await client.character(id: id)) }
    }

    public func comic(id: Int) async -> Result<ComicDetail, PageFailure> {
        await PageFailure.catching { ComicDetail(marvel: try await client.comic(id: id)) }
    }

    public func strip(_ request: PageRequest) async -> Result<ItemPage, PageFailure> {
        await MarvelPageSource(client: client).page(request)
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
        func list(_ r: ResourceList) -> Appearances { Appearances(available: r.available, items: r.items.map(\.name)) }
        self.init(id: c.id, name: c.name, description: c.description ?? "", modified: c.modified,
                  thumbnail: ImageRef(marvel: c.thumbnail), comics: list(c.comics), series: list(c.series),
                  stories: list(c.stories), events: list(c.events),
                  links: c.urls.filter { !$0.url.isEmpty }.map { DetailLink(type: $0.type, url: $0.url) })
    }
}

extension ComicDetail {
    public init(marvel c: MarvelComic) {
        let text = c.description ?? c.textObjects.first { $0.type == "issue_solicit_text" }?.text ?? ""
        self.init(id: c.id, title: c.title, issueNumber: c.issueNumber, format: c.format, pageCount: c.pageCount,
                  onSaleDate: c.onSaleDate, prices: c.prices.map { ComicDetail.Price(type: $0.type, amount: $0.price) },
                  creators: c.creators.items.map { ComicDetail.Credit(name: $0.name, role: $0.role ?? "") },
                  description: HTMLText.strip(text), thumbnail: ImageRef(marvel: c.thumbnail),
                  charactersAvailable: c.characters.available, series: c.series?.name,
                  variants: c.variants.map(\.name),
                  links: c.urls.filter { !$0.url.isEmpty }.map { DetailLink(type: $0.type, url: $0.url) })
    }
}

extension MarvelPageSource {
    /// A page of the comics gallery: ordered by title, explicitly (with no `orderBy` the API
    /// starts with placeholder rows), formats kept for the tile colours.
    func comicsPage(_ request: PageRequest, _ filter: ComicsFilter) async -> Result<ItemPage, PageFailure> {
        await PageFailure.catching {
            var query = ComicQuery(format: filter.format.flatMap(ComicQuery.Format.init(lenient:)),
                                   titleStartsWith: filter.titleStartsWith, orderBy: .title,
                                   limit: request.limit, offset: request.offset)
            if searchesAnywhere, let text = filter.titleStartsWith {
                query.titleStartsWith = nil
                query.titleContains = text
            }
            let page = try await client.comics(query)
            return ItemPage(offset: page.offset, total: page.total, items: page.results.map {
                GalleryCharacter(id: $0.id, name: $0.title, description: $0.description ?? "",
                                 thumbnail: ImageRef(marvel: $0.thumbnail), format: $0.format)
            }, attributionText: page.attributionText, isStale: page.isStale)
        }
    }

    /// A page of a detail's strip: a character's comics, newest first, or a comic's characters.
    func appearancesPage(_ request: PageRequest, _ subject: DetailSubject) async -> Result<ItemPage, PageFailure> {
        await PageFailure.catching {
            switch subject {
            case .character(let id):
                let page = try await client.characterComics(
                    id: id, ComicQuery(orderBy: .onsaleDateDescending, limit: request.limit, offset: request.offset))
                return ItemPage(offset: page.offset, total: page.total, items: page.results.map {
                    GalleryCharacter(id: $0.id, name: $0.title, thumbnail: ImageRef(marvel: $0.thumbnail), format: $0.format)
                }, attributionText: page.attributionText, isStale: page.isStale, unreadable: page.unreadable)
            case .comic(let id):
                let page = try await client.comicCharacters(
                    id: id, CharacterQuery(orderBy: .name, limit: request.limit, offset: request.offset))
                return ItemPage(offset: page.offset, total: page.total, items: page.results.map(GalleryCharacter.init(marvel:)),
                                attributionText: page.attributionText, isStale: page.isStale, unreadable: page.unreadable)
            }
        }
    }
}
