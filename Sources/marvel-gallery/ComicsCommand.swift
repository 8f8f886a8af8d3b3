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
            help: "Order: title (default, where the source can order comics), -title, onsaleDate, -onsaleDate, focDate, -focDate, issueNumber, -issueNumber, modified, -modified.",
            completion: .list(ComicQuery.Order.allCases.map(\.rawValue)))
    var order: String?

    func validate() throws {
        if let format, ComicQuery.Format(lenient: format) == nil {
            let known = ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }
            throw ValidationError("unknown --format \"\(format)\"; use one of: \(known.joined(separator: ", "))")
        }
        if let order, ComicQuery.Order(rawValue: order) == nil {
            throw ValidationError("unknown --order \"\(order)\"; use one of: \(ListOrder.values(.comics).joined(separator: ", "))")
        }
        // Said in the flag's words, not the parameter's ("titleStartsWith must not be blank").
        if let title, title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--title must not be empty") }
        do { _ = try endpoint(pageLimit: 1) } catch { throw ValidationError("\(error)") }
    }

    /// `anywhere`: the built-in catalog's `titleContains` (ranked), as the covers grid asks it.
    /// `ordered`: the source orders comics (`DataSourceKind.ordersComics`), so no `--order` means by title.
    func endpoint(pageLimit: Int, anywhere: Bool = false, ordered: Bool = true) throws -> MarvelEndpoint<MarvelComic> {
        var query = ComicQuery(format: format.flatMap(ComicQuery.Format.init(lenient:)), titleStartsWith: title,
                               orderBy: ComicQuery.Order(rawValue: order ?? (ordered ? "title" : "")), limit: pageLimit)
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
                         order: order.flatMap { ListOrder($0, for: .comics) },
                         language: LanguageOption.resolved(settings))
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        let kind = ClientOptions.kind(of: client, settings)
        let endpoint = try endpoint(pageLimit: paging.requestLimit, anywhere: kind.searchesAnywhere, ordered: kind.ordersComics)
        let listing = try await ListFetcher.fetch(client, endpoint, limit: paging.limit)
        try listing.print(json: data.output.json, noun: "comics", client: client) { comic, _ in PlainOutput.line(comic) }
    }
}
