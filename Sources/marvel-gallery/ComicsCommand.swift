import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery comics`: the comic list, optionally by format.
struct ComicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comics", abstract: "List comics, optionally of one format.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Option(help: "comic, magazine, trade-paperback, hardcover, digest, graphic-novel, digital-comic, infinite-comic.",
            completion: .list(ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }))
    var format: String?

    @Option(help: "Only titles containing this text on the built-in catalog (title starts first); titles starting with it elsewhere.")
    var title: String?

    @Option(help: "Order: title, -title, onsaleDate, -onsaleDate, focDate, -focDate, issueNumber, modified, -modified.",
            completion: .list(ComicQuery.Order.allCases.map(\.rawValue)))
    var order = "title"

    @Option(name: .customLong("page-size"),
            help: "Comics per page request in the covers grid, 1-100 (default: $MARVEL_GALLERY_PAGE_SIZE, then page_size in config.toml, then 50).")
    var pageSize: Int?

    @Option(help: "How many comics to list (1-10000).")
    var limit = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if let pageSize, !(1...100).contains(pageSize) { throw ValidationError("--page-size must be between 1 and 100") }
        if let format, ComicQuery.Format(lenient: format) == nil {
            let known = ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }
            throw ValidationError("unknown --format \"\(format)\"; use one of: \(known.joined(separator: ", "))")
        }
        guard ComicQuery.Order(rawValue: order) != nil else {
            throw ValidationError("unknown --order \"\(order)\"")
        }
        do { _ = try endpoint(pageLimit: 1) } catch { throw ValidationError("\(error)") }
    }

    /// `anywhere`: the built-in catalog's `titleContains` (ranked), as the covers grid asks it.
    func endpoint(pageLimit: Int, anywhere: Bool = false) throws -> MarvelEndpoint<MarvelComic> {
        var query = ComicQuery(format: format.flatMap(ComicQuery.Format.init(lenient:)), titleStartsWith: title,
                               orderBy: ComicQuery.Order(rawValue: order), limit: pageLimit)
        if anywhere, title != nil {
            query.titleContains = title
            query.titleStartsWith = nil
        }
        return try .comics(query)
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            let settings = try source.settings(pageSize: pageSize, language: language.lang,
                                               defaultPageSize: LaunchScreen.comicsPageSize)
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient(settings), settings)
            } else {
                try await GalleryLaunch.run(source: source, settings: settings, options: gallery,
                                            screen: LaunchScreen(catalog: .comics, pageSize: settings.pageSize.value,
                                                                 comicsFilter: ComicsFilter(
                                                format: format.flatMap(ComicQuery.Format.init(lenient:))?.rawValue,
                                                titleStartsWith: title),
                                            language: LanguageOption.resolved(settings)))
            }
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        let anywhere = ClientOptions.kind(of: client, settings).searchesAnywhere
        let listing = try await ListFetcher.fetch(client, try endpoint(pageLimit: min(limit, 100), anywhere: anywhere), limit: limit)
        if output.json {
            print(try PlainOutput.json(listing.items))
        } else {
            for comic in listing.items { print(PlainOutput.line(comic)) }
            PlainOutput.note("\(listing.items.count) of \(listing.total) comics")
        }
        PlainOutput.notes(attribution: listing.attribution, stale: listing.stale, unreadable: listing.unreadable,
                          cacheProblem: client.cache?.unavailableReason)
    }
}
