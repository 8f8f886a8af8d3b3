import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery series|events|creators`: a full-screen grid of one of the other resource
/// types (the comics grid's screen; Enter opens the detail page), or, piped or with `--plain`
/// / `--json`, its listing in plain text (tab-separated) or JSON. One command for the three:
/// each type says its name, its request and its line (`ListedEntity`). `series ID` shows one
/// series (`ListingID`): "series" is its one-item command's name too.
struct EntityListCommand<Entity: ListedEntity>: AsyncParsableCommand, PagedListing {
    static var configuration: CommandConfiguration { Entity.listCommand }
    static var noun: String { Entity.resource.rawValue }
    static var defaultPageSize: Int { LaunchScreen.comicsPageSize }

    @OptionGroup var one: Entity.ByID
    @OptionGroup var data: DataOptions
    @OptionGroup var paging: PagingOptions<EntityListCommand<Entity>>

    @Option(help: "Only names (titles) starting with this text.")
    var name: String?

    func validate() throws {
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name == "0" {
            throw ValidationError("--name needs at least one character other than a lone 0")
        }
        if let id = one.id, name != nil || paging.pageSize != nil || paging.askedLimit != nil {
            // Never ignored: they choose a list, and an id shows one item.
            throw ValidationError("the id \(id) shows one of the \(Self.noun): --name, --limit and --page-size are for the list")
        }
    }

    func run() async throws {
        guard one.id == nil else { return try await one.show(data) }
        try await data.run(pageSize: paging.pageSize, defaultPageSize: Self.defaultPageSize, search: name,
                           plain: runPlain) { settings in
            LaunchScreen(catalog: .titles(Entity.resource), pageSize: settings.pageSize.value,
                         language: LanguageOption.resolved(settings))
        }
    }

    func runPlain(_ client: MarvelClient, _ settings: Settings) async throws {
        let endpoint = try Entity.list(startingWith: name, PageQuery(limit: paging.requestLimit),
                                       on: ClientOptions.kind(of: client, settings))
        let listing = try await ListFetcher.fetch(client, endpoint, limit: paging.limit)
        try listing.print(json: data.output.json, noun: Entity.resource.rawValue, client: client) { $0.plainLine(unknown: $1) }
    }
}

/// A type `EntityListCommand` lists: its subcommand, its request by name start, its plain line.
protocol ListedEntity: MarvelEntity {
    /// `OneByID` when the listing's name is also its one-item command's (`series`).
    associatedtype ByID: ListingID = NoID
    static var listCommand: CommandConfiguration { get }
    /// `source`: where the list comes from (a live source may not order creators by last name).
    static func list(startingWith name: String?, _ page: PageQuery, on source: DataSourceKind) throws(MarvelAPIError) -> MarvelEndpoint<Self>
    /// The tab-separated line of plain output; `unknown`: its fields the source does not
    /// know yet (`UnknownFields`), shown as "…".
    func plainLine(unknown: Set<String>) -> String
}

extension MarvelSeries: ListedEntity {
    typealias ByID = OneByID<MarvelSeries>
    static let listCommand = CommandConfiguration(commandName: "series", abstract: "List series, by title, or show one (series ID).")
    static func list(startingWith name: String?, _ page: PageQuery, on source: DataSourceKind) throws(MarvelAPIError) -> MarvelEndpoint<Self> {
        try .seriesList(titleStartsWith: name, page)
    }
    func plainLine(unknown: Set<String>) -> String {
        let years = startYear.map { start in "\(start)-\(endYear.map { $0 == 2099 ? "" : String($0) } ?? "")" } ?? "-"
        return "\(id)\t\(PlainOutput.v(title))\t\(years)\t\(PlainOutput.count(comics, "comics", unknown)) comics"
    }
}

extension MarvelEvent: ListedEntity {
    static let listCommand = CommandConfiguration(commandName: "events", abstract: "List events, by name.")
    static func list(startingWith name: String?, _ page: PageQuery, on source: DataSourceKind) throws(MarvelAPIError) -> MarvelEndpoint<Self> {
        try .eventList(nameStartsWith: name, page)
    }
    func plainLine(unknown: Set<String>) -> String {
        "\(id)\t\(PlainOutput.v(title))\t\(PlainOutput.day(start))\t\(PlainOutput.day(end))\t\(PlainOutput.count(comics, "comics", unknown)) comics"
    }
}

extension MarvelCreator: ListedEntity {
    static let listCommand = CommandConfiguration(commandName: "creators", abstract: "List creators, by last name.")
    static func list(startingWith name: String?, _ page: PageQuery, on source: DataSourceKind) throws(MarvelAPIError) -> MarvelEndpoint<Self> {
        try .creatorList(nameStartsWith: name, orderBy: source.creatorsOrder, page)
    }
    func plainLine(unknown: Set<String>) -> String {
        "\(id)\t\(PlainOutput.v(fullName))\t\(PlainOutput.count(comics, "comics", unknown)) comics\t\(PlainOutput.count(series, "series", unknown)) series"
    }
}
