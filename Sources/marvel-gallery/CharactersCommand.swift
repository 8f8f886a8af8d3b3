import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery characters`: the full-screen gallery on a terminal (GalleryLaunch); plain
/// lines or JSON with --plain/--json or when stdout is not a terminal.
struct CharactersCommand: AsyncParsableCommand, PagedListing {
    static let configuration = CommandConfiguration(
        commandName: "characters", abstract: "List characters, optionally by name (--search: names starting with the text first).")
    static let noun = "characters"
    static let defaultPageSize = AppConfig.listPageSize

    // What the list shows first, then where it comes from: `--help` lists options in this order
    // (the network flags came before --search, --letter and --order).
    @Option(help: "Only names containing this text, name starts first (e.g. man finds Man-Thing, then Spider-Man).")
    var search: String?

    @Option(help: "Open on this letter of the A-Z index (# or a digit for names starting with a digit).")
    var letter: String?

    // `.unconditional`: `--order -comics` is a value, not an unknown option.
    @Option(parsing: .unconditional,
            help: "Order: name, -name, modified, -modified, comics, -comics (comics: the built-in catalog only; s cycles it in the grid).",
            completion: .list(ListOrder.values(.characters)))
    var order = "name"

    @OptionGroup var data: DataOptions
    @OptionGroup var paging: PagingOptions<CharactersCommand>

    /// `--order` as the API's `orderBy`.
    private var orderBy: CharacterQuery.Order? { CharacterQuery.Order(rawValue: order) }

    func validate() throws {
        guard ListOrder(order, for: .characters) != nil, orderBy != nil else {
            throw ValidationError("unknown --order \"\(order)\"; use one of: \(ListOrder.values(.characters).joined(separator: ", "))")
        }
        if let letter, IndexLetter(letter) == nil {
            throw ValidationError("--letter expects one letter A-Z, a digit or #, got \"\(letter)\"")
        }
        if let search {
            // Said in the flag's words, not the parameter's ("nameContains must not be blank").
            if search.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--search must not be empty") }
            do { _ = try query(pageLimit: 1, anywhere: true) } catch { throw ValidationError("--search: \(error)") }
        }
    }

    /// The grid's query: name starts (what every source can do; the grid searches anywhere itself).
    func query(pageLimit: Int) throws -> MarvelEndpoint<MarvelCharacter> {
        try .characters(CharacterQuery(nameStartsWith: search, orderBy: orderBy, limit: pageLimit))
    }

    /// Plain output's: `nameContains` for the built-in catalog, else every name (`PlainSearch`).
    func query(pageLimit: Int, anywhere: Bool) throws -> MarvelEndpoint<MarvelCharacter> {
        var query = CharacterQuery(orderBy: orderBy, limit: pageLimit)
        if anywhere { query.nameContains = search }
        return try .characters(query)
    }

    func run() async throws {
        try await data.run(pageSize: paging.pageSize, defaultPageSize: Self.defaultPageSize, search: search, plain: runPlain) { settings in
            LaunchScreen(pageSize: settings.pageSize.value, letter: letter.flatMap(IndexLetter.init), order: ListOrder(order, for: .characters),
                         language: LanguageOption.resolved(settings))
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        // The listing has no index to open on: refused, not ignored (it printed the whole list
        // from "3-D Man" for `--letter x --plain`).
        if letter != nil {
            throw ValidationError("--letter opens the gallery on a letter of its index; the listing (--plain, --json or piped output) has none: drop --letter")
        }
        let listing: ListFetcher.Listing<MarvelCharacter>
        var searchNote: String?
        if let search {
            let anywhere = ClientOptions.kind(of: client, settings).searchesAnywhere
            let found = try await PlainSearch.run(client, text: search, limit: paging.limit,
                                                  anywhere: anywhere ? try query(pageLimit: paging.requestLimit, anywhere: true) : nil,
                                                  starts: try query(pageLimit: paging.requestLimit),
                                                  everything: try query(pageLimit: 100, anywhere: false), name: \.name)
            listing = found.listing
            searchNote = found.note(noun: "names")
        } else {
            listing = try await ListFetcher.fetch(client, try query(pageLimit: paging.requestLimit), limit: paging.limit)
        }
        try listing.print(json: data.output.json, noun: "characters", client: client, note: searchNote) { PlainOutput.line($0, unknown: $1) }
    }
}

/// Pages through a list with the paginator until `limit` items or the end. A page that fails
/// after others arrived (a server that ignores `offset` and repeats itself, a 5xx) stops the
/// walk but keeps what came: it is printed, the reason goes to stderr, and the exit status says
/// "partial" (`ExitCode.partial`) when fewer than `limit` came back.
enum ListFetcher {
    struct Listing<Entity: MarvelEntity> {
        var items: [Entity]
        var total: Int
        var attribution: String?
        var stale: Bool
        var unreadable = 0
        /// How many were asked for (`--limit`).
        var asked = 0
        /// Why paging stopped before `asked` items or the end, when a page failed after others.
        var stopped: MarvelAPIError?
        /// Fields of the items the server's live source does not know yet (shown as "…").
        var unknown = UnknownFields()
    }

    static func fetch<Entity>(_ client: MarvelClient, _ endpoint: MarvelEndpoint<Entity>, limit: Int) async throws
        -> Listing<Entity> {
        let paginator = client.paginator(endpoint, pageSize: endpoint.limit)
        var listing = Listing<Entity>(items: [], total: 0, attribution: nil, stale: false, asked: limit)
        while listing.items.count < limit {
            let loaded: Paginator<Entity>.Update?
            do {
                loaded = try await paginator.loadNextPage()
            } catch let error as MarvelAPIError where !listing.items.isEmpty {
                listing.stopped = error  // what the earlier pages brought is kept
                break
            }
            guard let update = loaded else { break }
            listing.items.append(contentsOf: update.newItems)
            listing.total = update.total
            listing.attribution = update.attributionText ?? listing.attribution
            listing.stale = listing.stale || update.isStale
            listing.unreadable += update.unreadable
            listing.unknown.merge(update.unknown)
        }
        listing.items = Array(listing.items.prefix(limit))
        return listing
    }
}

extension ExitCode {
    /// A listing printed fewer items than asked for because paging stopped on a failure (the
    /// reason is on stderr). docs/troubleshooting.md names it.
    static let partial = ExitCode(3)
}

extension ListFetcher.Listing {
    /// The listing on stdout: JSON, or `line` per item and "N of TOTAL noun" on stderr; then
    /// `note` (how a search matched) and the notes (attribution, offline, unreadable records, a
    /// cache the client could not use).
    func print(json: Bool, noun: String, client: MarvelClient, note: String? = nil, line: (Entity, Set<String>) -> String) throws {
        if json {
            PlainOutput.out(try PlainOutput.json(items))
        } else {
            for item in items { PlainOutput.out(line(item, unknown.fields(of: item.id))) }
            PlainOutput.note("\(items.count) of \(total) \(noun)")
        }
        if let note { PlainOutput.note(note) }
        PlainOutput.notes(attribution: attribution, stale: stale, unreadable: unreadable,
                          cacheProblem: client.cache?.unavailableReason)
        if let stopped {
            PlainOutput.note("marvel-gallery: \(PlainOutput.v(stopped.description)); listed the \(items.count) received")
            if items.count < asked { throw ExitCode.partial }
        }
    }
}
