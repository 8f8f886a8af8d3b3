import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery comics`: the comic list, optionally by format.
struct ComicsCommand: AsyncParsableCommand, PagedListing {
    static let configuration = CommandConfiguration(
        commandName: "comics", abstract: "List comics, optionally of one format.")
    static let noun = "comics"
    static let defaultPageSize = LaunchScreen.comicsPageSize

    @OptionGroup var data: DataOptions
    @OptionGroup var paging: PagingOptions<ComicsCommand>

    @Option(help: "comic, magazine, trade-paperback, hardcover, digest, graphic-novel, digital-comic, infinite-comic.",
            completion: .list(ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }))
    var format: String?

    @Option(help: "Only titles containing this text on the built-in catalog (title starts first); titles starting with it elsewhere.")
    var title: String?

    // `.unconditional`: `--order -title` is a value, not an unknown option.
    @Option(parsing: .unconditional,
            help: "Order: title, -title, onsaleDate, -onsaleDate, focDate, -focDate, issueNumber, -issueNumber, modified, -modified.",
            completion: .list(ComicQuery.Order.allCases.map(\.rawValue)))
    var order = "title"

    func validate() throws {
        if let format, ComicQuery.Format(lenient: format) == nil {
            let known = ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }
            throw ValidationError("unknown --format \"\(format)\"; use one of: \(known.joined(separator: ", "))")
        }
        guard ComicQuery.Order(rawValue: order) != nil else {
            throw ValidationError("unknown --order \"\(order)\"; use one of: \(ListOrder.values(.comics).joined(separator: ", "))")
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
        try await data.run(pageSize: paging.pageSize, defaultPageSize: Self.defaultPageSize, plain: runPlain) { settings in
            LaunchScreen(catalog: .comics, pageSize: settings.pageSize.value,
                         comicsFilter: ComicsFilter(format: format.flatMap(ComicQuery.Format.init(lenient:))?.rawValue,
                                                    titleStartsWith: title),
                         order: ListOrder(order, for: .comics),
                         language: LanguageOption.resolved(settings))
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        let anywhere = ClientOptions.kind(of: client, settings).searchesAnywhere
        let listing = try await ListFetcher.fetch(client, try endpoint(pageLimit: paging.requestLimit, anywhere: anywhere), limit: paging.limit)
        try listing.print(json: data.output.json, noun: "comics", client: client) { PlainOutput.line($0) }
    }
}
