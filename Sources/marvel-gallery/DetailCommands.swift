import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI

/// What `character ID` and `comic ID` share: the same options, the same id check, the same
/// choice between plain output and the gallery's detail screen. Each command only says which
/// endpoint, which detail screen and how the plain text reads.
protocol EntityDetailCommand: AsyncParsableCommand {
    associatedtype Entity: MarvelEntity

    /// The word in "no character 5" and similar messages.
    static var noun: String { get }
    var source: ClientOptions { get }
    var output: OutputOptions { get }
    var gallery: GalleryOptions { get }
    var language: LanguageOption { get }
    var id: Int { get }

    var subject: DetailSubject { get }
    func endpoint() throws(MarvelAPIError) -> MarvelEndpoint<Entity>
    func plainText(_ entity: Entity) -> String
}

extension EntityDetailCommand {
    func validate() throws {
        guard id > 0 else { throw ValidationError("the id must be a positive integer") }
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient())
            } else {
                try await GalleryLaunch.run(source: source, options: gallery,
                                            screen: LaunchScreen(detail: subject, language: language.resolved))
            }
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let page = try await client.page(try endpoint())
        guard let entity = page.results.first else { throw MarvelAPIError.notFound("no \(Self.noun) \(id)") }
        print(output.json ? try PlainOutput.json(entity) : plainText(entity))
        PlainOutput.notes(attribution: page.attributionText, stale: page.isStale)
    }
}

/// `marvel-gallery character ID`: one character's details.
struct CharacterCommand: EntityDetailCommand {
    static let configuration = CommandConfiguration(commandName: "character", abstract: "Show one character.")
    static let noun = "character"

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Argument(help: "The character id, e.g. 1009652.")
    var id: Int

    var subject: DetailSubject { .character(id) }
    func endpoint() throws(MarvelAPIError) -> MarvelEndpoint<MarvelCharacter> { try .character(id: id) }
    func plainText(_ character: MarvelCharacter) -> String { PlainOutput.detail(character) }
}

/// `marvel-gallery comic ID`: one comic's details.
struct ComicCommand: EntityDetailCommand {
    static let configuration = CommandConfiguration(commandName: "comic", abstract: "Show one comic.")
    static let noun = "comic"

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Argument(help: "The comic id, e.g. 60095.")
    var id: Int

    var subject: DetailSubject { .comic(id) }
    func endpoint() throws(MarvelAPIError) -> MarvelEndpoint<MarvelComic> { try .comic(id: id) }
    func plainText(_ comic: MarvelComic) -> String { PlainOutput.detail(comic) }
}
