import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI

/// `marvel-gallery series|events|creators`: a full-screen grid of one of the other resource
/// types (the comics grid's screen; Enter opens the detail page), or, piped or with `--plain`
/// / `--json`, its listing in plain text (tab-separated) or JSON. All three share `EntityListing`.
struct SeriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "series", abstract: "List series, by title.")
    @OptionGroup var listing: EntityListing

    func run() async throws {
        try await listing.run(noun: "series", grid: .series) { name, page, _ throws(MarvelAPIError) in
            try .seriesList(titleStartsWith: name, page)
        } line: { s in
            let years = s.startYear.map { start in "\(start)-\(s.endYear.map { $0 == 2099 ? "" : String($0) } ?? "")" } ?? "-"
            return "\(s.id)\t\(PlainOutput.v(s.title))\t\(years)\t\(s.comics.available) comics"
        }
    }
}

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "events", abstract: "List events, by name.")
    @OptionGroup var listing: EntityListing

    func run() async throws {
        try await listing.run(noun: "events", grid: .events) { name, page, _ throws(MarvelAPIError) in
            try .eventList(nameStartsWith: name, page)
        } line: { e in
            "\(e.id)\t\(PlainOutput.v(e.title))\t\(PlainOutput.day(e.start))\t\(PlainOutput.day(e.end))\t\(e.comics.available) comics"
        }
    }
}

struct CreatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "creators", abstract: "List creators, by last name.")
    @OptionGroup var listing: EntityListing

    func run() async throws {
        try await listing.run(noun: "creators", grid: .creators) { name, page, kind throws(MarvelAPIError) in
            try .creatorList(nameStartsWith: name, orderBy: kind.creatorsOrder, page)
        } line: { c in
            "\(c.id)\t\(PlainOutput.v(c.fullName))\t\(c.comics.available) comics\t\(c.series.available) series"
        }
    }
}

/// The options and the body the three listings share.
struct EntityListing: ParsableArguments {
    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Option(help: "Only names (titles) starting with this text.")
    var name: String?

    @Option(name: .customLong("page-size"),
            help: "Items per page request in the grid, 1-100 (default: $MARVEL_GALLERY_PAGE_SIZE, then page_size in config.toml, then 50).")
    var pageSize: Int?

    @Option(help: "How many to list (1-10000).")
    var limit = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if let pageSize, !(1...100).contains(pageSize) { throw ValidationError("--page-size must be between 1 and 100") }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name == "0" {
            throw ValidationError("--name needs at least one character other than a lone 0")
        }
    }

    func run<Entity>(noun: String, grid: MarvelResource,
                     endpoint: (String?, PageQuery, DataSourceKind) throws(MarvelAPIError) -> MarvelEndpoint<Entity>,
                     line: (Entity) -> String) async throws {
        try await PlainOutput.reportingErrors {
            let settings = try source.settings(pageSize: pageSize, language: language.lang,
                                               defaultPageSize: LaunchScreen.comicsPageSize)
            guard output.wantsPlain && gallery.headless == nil else {
                return try await GalleryLaunch.run(source: source, settings: settings, options: gallery, search: name,
                                                   screen: LaunchScreen(catalog: .titles(grid), pageSize: settings.pageSize.value,
                                                                        language: LanguageOption.resolved(settings)))
            }
            let client = try await source.makeClient(settings)
            let listing = try await ListFetcher.fetch(client, try endpoint(name, PageQuery(limit: min(limit, 100)),
                                                                                   ClientOptions.kind(of: client, settings)), limit: limit)
            try listing.print(json: output.json, noun: noun, client: client, line: line)
        }
    }
}
