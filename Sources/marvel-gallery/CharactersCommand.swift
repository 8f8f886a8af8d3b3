import ArgumentParser
import Foundation
import MarvelAPI

/// `marvel-gallery characters`: the full-screen gallery on a terminal (GalleryLaunch); plain
/// lines or JSON with --plain/--json or when stdout is not a terminal.
struct CharactersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "characters", abstract: "List characters, optionally by name prefix.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Option(help: "Only names starting with this prefix (e.g. Sp).")
    var search: String?

    @Option(help: "How many characters to list (1-10000; pages of up to 100 are fetched).")
    var limit = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if search != nil {
            do { _ = try query(pageLimit: 1) } catch { throw ValidationError("--search: \(error)") }
        }
    }

    func query(pageLimit: Int) throws -> MarvelEndpoint<MarvelCharacter> {
        try .characters(CharacterQuery(nameStartsWith: search, orderBy: .name, limit: pageLimit))
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient())
            } else {
                try await GalleryLaunch.run(source: source, options: gallery, search: search,
                                            screen: LaunchScreen(language: language.resolved))
            }
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let listing = try await ListFetcher.fetch(client, try query(pageLimit: min(limit, 100)), limit: limit)
        if output.json {
            print(try PlainOutput.json(listing.items))
        } else {
            for character in listing.items { print(PlainOutput.line(character)) }
            PlainOutput.note("\(listing.items.count) of \(listing.total) characters")
        }
        PlainOutput.notes(attribution: listing.attribution, stale: listing.stale, unreadable: listing.unreadable)
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
