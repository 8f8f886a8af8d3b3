import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery character ID`, `comic ID`, `creator ID`, `event ID` and `story ID`: one
/// command for all, with the same options, the same id check, the same choice between plain
/// output and the gallery's detail screen and the same `/{type}/{id}` request
/// (`DetailedEntity.show`, which `series ID` shares: `OneByID`). Each type only says an id
/// for the help and how its plain text reads (`DetailedEntities.swift`).
struct EntityDetailCommand<Entity: DetailedEntity>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Entity.noun, abstract: "Show one \(Entity.noun).")
    }

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The \(Entity.noun) id, e.g. \(Entity.exampleID)."))
    var id: Int

    func validate() throws { try Entity.check(id) }

    func run() async throws { try await Entity.show(id, data) }
}

/// A type shown by id: an id for the help, its plain text.
protocol DetailedEntity: MarvelEntity {
    static var exampleID: Int { get }
    var plainDetail: String { get }
}

extension DetailedEntity {
    /// One of the type, as its command and messages name it: `character`, `story`; `series`
    /// is one and many alike (so `series ID` is the `series` listing with an id).
    static var noun: String {
        switch resource {
        case .series: "series"
        case .stories: "story"
        default: String(resource.rawValue.dropLast())
        }
    }

    static func check(_ id: Int) throws {
        guard id > 0 else { throw ValidationError("the id must be a positive integer") }
    }

    /// Prints it (plain text or `--json`) or opens the gallery on its detail page.
    static func show(_ id: Int, _ data: DataOptions) async throws {
        try await data.run(plain: { client, _ in try await printPlain(id, json: data.output.json, client) }) { settings in
            LaunchScreen(detail: DetailSubject(resource, id: id), language: LanguageOption.resolved(settings))
        }
    }

    static func printPlain(_ id: Int, json: Bool, _ client: MarvelClient) async throws {
        let page = try await client.page(try MarvelEndpoint<Self>.byID(id))
        // "no character 5": the command's name is the noun.
        guard let entity = page.results.first else { throw MarvelAPIError.notFound("no \(noun) \(id)") }
        PlainOutput.out(json ? try PlainOutput.json(entity) : entity.plainDetail)
        PlainOutput.notes(attribution: page.attributionText, stale: page.isStale)
    }
}

/// The optional id of a listing whose command is also its one-item command: `series` lists,
/// `series ID` shows one as `character ID` does. `events` and `creators` take none (`NoID`):
/// theirs are `event ID` and `creator ID`.
protocol ListingID: ParsableArguments {
    var id: Int? { get }
    func show(_ data: DataOptions) async throws
}

struct NoID: ListingID {
    var id: Int? { nil }
    func show(_ data: DataOptions) async throws {}
}

struct OneByID<Entity: DetailedEntity>: ListingID {
    @Argument(help: ArgumentHelp("The id of one \(Entity.noun), e.g. \(Entity.exampleID): its page (or, with --plain or "
                                 + "--json, its text) instead of the list."))
    var id: Int?

    func validate() throws {
        if let id { try Entity.check(id) }
    }

    func show(_ data: DataOptions) async throws {
        if let id { try await Entity.show(id, data) }
    }
}
