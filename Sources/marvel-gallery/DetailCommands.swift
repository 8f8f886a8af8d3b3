import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import Settings

/// `marvel-gallery character ID`, `comic ID`, `creator ID`, `event ID` and `story ID`: one
/// command for all, with the same options,
/// the same id check, the same choice between plain output and the gallery's detail screen and
/// the same `/{type}/{id}` request. Each type only says its name and how its plain text reads.
struct EntityDetailCommand<Entity: DetailedEntity>: AsyncParsableCommand {
    static var configuration: CommandConfiguration { Entity.detailCommand }

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The \(Entity.detailCommand.commandName ?? "item") id, e.g. \(Entity.exampleID)."))
    var id: Int

    func validate() throws {
        guard id > 0 else { throw ValidationError("the id must be a positive integer") }
    }

    func run() async throws {
        try await data.run(plain: { client, _ in try await runPlain(client) }) { settings in
            LaunchScreen(detail: DetailSubject(Entity.resource, id: id), language: LanguageOption.resolved(settings))
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let page = try await client.page(try MarvelEndpoint<Entity>.byID(id))
        // "no character 5": the command's name is the noun.
        guard let entity = page.results.first else {
            throw MarvelAPIError.notFound("no \(Self.configuration.commandName ?? "item") \(id)")
        }
        PlainOutput.out(data.output.json ? try PlainOutput.json(entity) : entity.plainDetail)
        PlainOutput.notes(attribution: page.attributionText, stale: page.isStale)
    }
}

/// A type `EntityDetailCommand` shows: its subcommand, an id for the help, its plain text.
protocol DetailedEntity: MarvelEntity {
    static var detailCommand: CommandConfiguration { get }
    static var exampleID: Int { get }
    var plainDetail: String { get }
}

extension MarvelCharacter: DetailedEntity {
    static let detailCommand = CommandConfiguration(commandName: "character", abstract: "Show one character.")
    static let exampleID = 1_009_652
    var plainDetail: String { PlainOutput.detail(self) }
}

extension MarvelComic: DetailedEntity {
    static let detailCommand = CommandConfiguration(commandName: "comic", abstract: "Show one comic.")
    static let exampleID = 60_095
    var plainDetail: String { PlainOutput.detail(self) }
}

extension MarvelCreator: DetailedEntity {
    static let detailCommand = CommandConfiguration(commandName: "creator", abstract: "Show one creator.")
    static let exampleID = 2_963
    var plainDetail: String { PlainOutput.detail(self) }
}

extension MarvelEvent: DetailedEntity {
    static let detailCommand = CommandConfiguration(commandName: "event", abstract: "Show one event.")
    static let exampleID = 349
    var plainDetail: String { PlainOutput.detail(self) }
}

extension MarvelStory: DetailedEntity {
    static let detailCommand = CommandConfiguration(commandName: "story", abstract: "Show one story.")
    static let exampleID = 44_256
    var plainDetail: String { PlainOutput.detail(self) }
}
