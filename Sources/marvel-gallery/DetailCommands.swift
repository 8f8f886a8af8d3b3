import ArgumentParser
import Foundation
import MarvelAPI

/// `marvel-gallery character ID`: one character's details.
struct CharacterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "character", abstract: "Show one character.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Argument(help: "The character id, e.g. 1009652.")
    var id: Int

    func validate() throws {
        guard id > 0 else { throw ValidationError("the id must be a positive integer") }
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient())
            } else {
                try await GalleryLaunch.run(source: source, options: gallery,
                                            screen: LaunchScreen(detail: .character(id), language: language.resolved))
            }
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let page = try await client.page(.character(id: id))
        guard let character = page.results.first else { throw MarvelAPIError.notFound("no character \(id)") }
        print(output.json ? try PlainOutput.json(character) : PlainOutput.detail(character))
        PlainOutput.notes(attribution: page.attributionText, stale: page.isStale)
    }
}

/// `marvel-gallery comic ID`: one comic's details.
struct ComicCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "comic", abstract: "Show one comic.")

    @OptionGroup var source: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var language: LanguageOption

    @Argument(help: "The comic id, e.g. 17701.")
    var id: Int

    func validate() throws {
        guard id > 0 else { throw ValidationError("the id must be a positive integer") }
    }

    func run() async throws {
        try await PlainOutput.reportingErrors {
            if output.wantsPlain && gallery.headless == nil {
                try await runPlain(try await source.makeClient())
            } else {
                try await GalleryLaunch.run(source: source, options: gallery,
                                            screen: LaunchScreen(detail: .comic(id), language: language.resolved))
            }
        }
    }

    func runPlain(_ client: MarvelClient) async throws {
        let page = try await client.page(.comic(id: id))
        guard let comic = page.results.first else { throw MarvelAPIError.notFound("no comic \(id)") }
        print(output.json ? try PlainOutput.json(comic) : PlainOutput.detail(comic))
        PlainOutput.notes(attribution: page.attributionText, stale: page.isStale)
    }
}
