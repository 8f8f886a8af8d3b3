import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery characters`: the full-screen gallery on a terminal (GalleryLaunch); plain
/// lines or JSON with --plain/--json or when stdout is not a terminal.
struct CharactersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "characters", abstract: "List characters, optionally by name prefix.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Option(help: "Only names containing this text, name starts first (e.g. man finds Man-Thing, then Spider-Man).")
    var search: String?

    @Option(help: "Open on this letter of the A-Z index (# or a digit for names starting with a digit).")
    var letter: String?

    @Option(name: .customLong("page-size"),
            help: "Characters per page request, 1-100 (default: $MARVEL_GALLERY_PAGE_SIZE, then page_size in config.toml, then 20).")
    var pageSize: Int?

    @Option(help: "How many characters to list (1-10000; pages of up to 100 are fetched).")
    var limit = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if let pageSize, !(1...100).contains(pageSize) { throw ValidationError("--page-size must be between 1 and 100") }
        if let letter, IndexLetter(letter) == nil {
            throw ValidationError("--letter expects one letter A-Z, a digit or #, got \"\(letter)\"")
        }
        if search != nil {
            do { _ = try query(pageLimit: 1, anywhere: true) } catch { throw ValidationError("--search: \(error)") }
        }
    }

    /// The grid's query: name starts (what every source can do; the grid searches anywhere itself).
    func query(pageLimit: Int) throws -> MarvelEndpoint<MarvelCharacter> {
        try .characters(CharacterQuery(nameStartsWith: search, orderBy: .name, limit: pageLimit))
    }

    /// Plain output's: `nameContains` for the built-in catalog, else every name (`PlainSearch`).
    func query(pageLimit: Int, anywhere: Bool) throws -> MarvelEndpoint<MarvelCharacter> {
        var query = CharacterQuery(orderBy: .name, limit: pageLimit)
        if anywhere { query.nameContains = search }
        return try .characters(query)
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            let settings = try source.settings(pageSize: pageSize, language: language.lang)
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient(settings), settings)
            } else {
                try await GalleryLaunch.run(source: source, settings: settings, options: gallery, search: search,
                                            screen: LaunchScreen(pageSize: settings.pageSize.value,
                                                                 letter: letter.flatMap(IndexLetter.init),
                                                                 language: LanguageOption.resolved(settings)))
            }
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        let listing: ListFetcher.Listing<MarvelCharacter>
        var searchNote: String?
        if let search {
            let anywhere = ClientOptions.kind(of: client, settings).searchesAnywhere
            let found = try await PlainSearch.run(client, text: search, limit: limit,
                                                  anywhere: anywhere ? try query(pageLimit: min(limit, 100), anywhere: true) : nil,
                                                  everything: try query(pageLimit: 100, anywhere: false), name: \.name)
            listing = found.listing
            searchNote = found.note(noun: "names")
        } else {
            listing = try await ListFetcher.fetch(client, try query(pageLimit: min(limit, 100)), limit: limit)
        }
        if output.json {
            print(try PlainOutput.json(listing.items))
        } else {
            for character in listing.items { print(PlainOutput.line(character)) }
            PlainOutput.note("\(listing.items.count) of \(listing.total) characters")
        }
        if let searchNote { PlainOutput.note(searchNote) }
        PlainOutput.notes(attribution: listing.attribution, stale: listing.stale, unreadable: listing.unreadable,
                          cacheProblem: client.cache?.unavailableReason)
    }
}

/// Pages through a list with the paginator until `limit` items or the end.
enum ListFetcher {
    struct Listing<Entity: MarvelEntity> {
        var items: [Entity]
        var total: Int
        var attribution: String?
        var stale: Bool
        var unreadable = 0
    }

    static func fetch<Entity>(_ client: MarvelClient, _ endpoint: MarvelEndpoint<Entity>, limit: Int) async throws
        -> Listing<Entity> {
        let paginator = client.paginator(endpoint, pageSize: endpoint.limit)
        var listing = Listing<Entity>(items: [], total: 0, attribution: nil, stale: false)
        while listing.items.count < limit, let update = try await paginator.loadNextPage() {
            listing.items.append(contentsOf: update.newItems)
            listing.total = update.total
            listing.attribution = update.attributionText ?? listing.attribution
            listing.stale = listing.stale || update.isStale
            listing.unreadable += update.unreadable
        }
        listing.items = Array(listing.items.prefix(limit))
        return listing
    }
}
