import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI

/// `marvel-gallery comics`: the comic list, optionally by format.
struct ComicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comics", abstract: "List comics, optionally of one format.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Option(help: "comic, magazine, trade-paperback, hardcover, digest, graphic-novel, digital-comic, infinite-comic.")
    var format: String?

    @Option(help: "Series title prefix.")
    var title: String?

    @Option(help: "Order: title, -title, onsaleDate, -onsaleDate, focDate, -focDate, issueNumber, modified, -modified.")
    var order = "title"

    @Option(help: "How many comics to list (1-10000).")
    var limit = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if let format, ComicQuery.Format(lenient: format) == nil {
            let known = ComicQuery.Format.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") }
            throw ValidationError("unknown --format \"\(format)\"; use one of: \(known.joined(separator: ", "))")
        }
        guard ComicQuery.Order(rawValue: order) != nil else {
            throw ValidationError("unknown --order \"\(order)\"")
        }
        do { _ = try endpoint(pageLimit: 1) } catch { throw ValidationError("\(error)") }
    }

    func endpoint(pageLimit: Int) throws -> MarvelEndpoint<MarvelComic> {
        try .comics(ComicQuery(format: format.flatMap(ComicQuery.Format.init(lenient:)), titleStartsWith: title,
                               orderBy: ComicQuery.Order(rawValue: order), limit: pageLimit))
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient())
            } else {
                try await GalleryLaunch.run(source: source, options: gallery,
                                            screen: LaunchScreen(catalog: .comics, comicsFilter: ComicsFilter(
                                                format: format.flatMap(ComicQuery.Format.init(lenient:))?.rawValue,
                                                titleStartsWith: title),
                                            language: language.resolved))
            }
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let listing = try await ListFetcher.fetch(client, try endpoint(pageLimit: min(limit, 100)), limit: limit)
        if output.json {
            print(try PlainOutput.json(listing.items))
        } else {
            for comic in listing.items { print(PlainOutput.line(comic)) }
            PlainOutput.note("\(listing.items.count) of \(listing.total) comics")
        }
        PlainOutput.notes(attribution: listing.attribution, stale: listing.stale, unreadable: listing.unreadable)
    }
}
