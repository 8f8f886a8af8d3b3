import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// What every data command (the five listings, `character ID`, `comic ID`) shares: where the
/// data comes from, plain or JSON output, the full-screen gallery's options and its language,
/// and the one choice between printing and opening the gallery.
struct DataOptions: ParsableArguments {
    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    /// Resolves the settings, then prints (`plain`, when asked for plain or JSON or stdout is
    /// not a terminal, and the gallery is not asked to run off-screen) or opens the gallery on
    /// `screen`; the client's and the settings' errors become one line on stderr and exit 1.
    func run(pageSize: Int? = nil, defaultPageSize: Int = 20, search: String? = nil,
             plain: (MarvelClient, Settings) async throws -> Void,
             screen: (Settings) -> LaunchScreen) async throws {
        try await PlainOutput.reportingErrors {
            let settings = try source.settings(pageSize: pageSize, language: language.lang, defaultPageSize: defaultPageSize)
            if output.wantsPlain && gallery.headless == nil {
                try await plain(try await source.makeClient(settings), settings)
            } else {
                try await GalleryLaunch.run(source: source, settings: settings, options: gallery, search: search,
                                            screen: screen(settings))
            }
        }
    }
}

/// A listing command's words and default for `PagingOptions`' help: "Comics per page request,
/// ... then 50".
protocol PagedListing {
    /// What is listed, plural and lower case: `characters`, `comics`, `series`...
    static var noun: String { get }
    static var defaultPageSize: Int { get }
}

/// `--page-size` and `--limit`, shared by the listings; the help names the listing's own noun
/// and default.
struct PagingOptions<Listing: PagedListing>: ParsableArguments {
    @Option(name: .customLong("page-size"),
            help: ArgumentHelp("\(Listing.noun.prefix(1).uppercased() + Listing.noun.dropFirst()) per page request of the gallery, 1-100 "
                               + "(default: $MARVEL_GALLERY_PAGE_SIZE, then page_size in config.toml, then \(Listing.defaultPageSize)); "
                               + "--plain and --json ask for --limit at once, up to 100 a page."))
    var pageSize: Int?

    /// Optional so that a command can tell it was given (`series ID` refuses it).
    @Option(name: .customLong("limit"),
            help: ArgumentHelp("How many \(Listing.noun) to list (1-10000; pages of up to 100 are fetched; default: 20).",
                               valueName: "limit"))
    var askedLimit: Int?

    var limit: Int { askedLimit ?? 20 }

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
        if let pageSize, !(1...100).contains(pageSize) { throw ValidationError("--page-size must be between 1 and 100") }
    }

    /// The page size of plain output's requests: the limit, at most the API's 100.
    var requestLimit: Int { min(limit, 100) }
}
