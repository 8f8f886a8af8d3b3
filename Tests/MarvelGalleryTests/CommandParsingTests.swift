import ArgumentParser
import MarvelAPI
@testable import marvel_gallery
import XCTest

/// The command line's validation, parsed in-process (argument-parser's `AssertParse` style):
/// each refusal is a usage error (exit 64) whose message names the flag. The end-to-end
/// `CommandLineTests` spawn the binary for the same promises.
final class CommandParsingTests: XCTestCase {
    /// Parses `arguments` as the user would type them and returns the usage error's message.
    private func refusal(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let command = try MarvelGallery.parseAsRoot(arguments)
            XCTFail("\(arguments) parsed as \(type(of: command))", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(MarvelGallery.exitCode(for: error), .validationFailure, "\(arguments)", file: file, line: line)
            return MarvelGallery.message(for: error)
        }
    }

    private func assertRefused(_ arguments: [String], saying text: String, file: StaticString = #filePath, line: UInt = #line) {
        let message = refusal(arguments, file: file, line: line)
        XCTAssertTrue(message.contains(text), "\(arguments): \(message)", file: file, line: line)
    }

    func testPlainAndJSONTogetherAreRefused() {
        assertRefused(["characters", "--plain", "--json"], saying: "--plain and --json exclude each other")
    }

    func testOutOfRangeNumbersAreRefused() {
        assertRefused(["characters", "--limit", "0"], saying: "--limit must be between 1 and 10000")
        assertRefused(["characters", "--limit", "10001"], saying: "--limit must be between 1 and 10000")
        assertRefused(["characters", "--page-size", "101"], saying: "--page-size must be between 1 and 100")
    }

    /// `serve`'s browser options (issue 25): patterns and origins are checked before listening.
    func testServeBrowserOptionsAreChecked() throws {
        assertRefused(["serve", "--allowed-referrer", "localhost:*"], saying: "--allowed-referrer needs --public-key")
        assertRefused(["serve", "--public-key", "p", "--private-key", "k", "--allowed-referrer", "user@evil.com"],
                      saying: "not a host[:port]")
        assertRefused(["serve", "--public-key", "p", "--private-key", "k", "--allowed-referrer", "x.com:70000"],
                      saying: "the port must be 1-65535 or *")
        assertRefused(["serve", "--cors-origin", "http://x.com/app"], saying: "--cors-origin expects an origin")
        assertRefused(["serve", "--cors-origin", "null"], saying: "--cors-origin expects an origin")
        assertRefused(["serve", "--no-cors", "--cors-origin", "http://x.com"], saying: "--no-cors and --cors-origin exclude each other")
        assertRefused(["serve", "--idle-timeout", "0"], saying: "--idle-timeout must be from 1 to 3600")
        assertRefused(["serve", "--max-connections", "0"], saying: "--max-connections must be from 1 to 100000")
        assertRefused(["serve", "--hostile-covers", "2"], saying: "--hostile-covers expects a probability")
        let command = try XCTUnwrap(try MarvelGallery.parseAsRoot(["serve", "--public-key", "p", "--private-key", "k",
                                                                   "--allowed-referrer", "*.example.com", "--allowed-referrer",
                                                                   "localhost:*", "--cors-origin", "http://localhost:5173"]) as? ServeCommand)
        let access = try command.browser.access(config: nil, hasKeys: true)
        XCTAssertEqual(access.allowedReferrers.map(\.description), ["*.example.com", "localhost:*"])
        XCTAssertEqual("\(access.cors)", #"origins(["http://localhost:5173"])"#)
        XCTAssertTrue(MarvelGallery.helpMessage(for: ServeCommand.self).contains("--allowed-referrer 'localhost:*'"),
                      "serve --help shows a browser example")
    }

    func testMalformedValuesAreRefused() {
        assertRefused(["characters", "--letter", "ab"], saying: "--letter expects one letter A-Z")
        assertRefused(["characters", "--headless", "wide"], saying: "--headless expects WIDTHxHEIGHT")
        assertRefused(["render", "a.jpg", "--size", "40"], saying: "--size must look like 40x20")
        assertRefused(["render", "a.jpg", "--size", "0x10"], saying: "--size must look like 40x20")
        assertRefused(["render", "a.jpg", "--fit", "stretch"], saying: "--fit must be contain or cover")
        assertRefused(["characters", "--limit", "many"], saying: "many")
    }

    func testValidCommandsParseToTheirCommand() throws {
        let characters = try XCTUnwrap(try MarvelGallery.parseAsRoot(["characters", "--letter", "S", "--limit", "5"])
            as? CharactersCommand)
        XCTAssertEqual(characters.paging.limit, 5)
        XCTAssertEqual(characters.letter, "S")
        let render = try XCTUnwrap(try MarvelGallery.parseAsRoot(["render", "a.jpg", "--size", "40x20", "--fit", "cover"])
            as? RenderCommand)
        XCTAssertEqual(render.size, "40x20")
        XCTAssertEqual(render.fit, "cover")
    }

    /// `series`, `events` and `creators` are one generic listing; `character` and `comic` one
    /// generic detail command: each name parses to its own type's command, with the shared checks.
    func testGenericCommandsParseToTheirEntity() throws {
        let series = try XCTUnwrap(try MarvelGallery.parseAsRoot(["series", "--name", "Av", "--limit", "7"])
            as? EntityListCommand<MarvelSeries>)
        XCTAssertEqual(series.name, "Av")
        XCTAssertEqual(series.paging.limit, 7)
        XCTAssertNotNil(try MarvelGallery.parseAsRoot(["events"]) as? EntityListCommand<MarvelEvent>)
        XCTAssertNotNil(try MarvelGallery.parseAsRoot(["creators"]) as? EntityListCommand<MarvelCreator>)
        let comic = try XCTUnwrap(try MarvelGallery.parseAsRoot(["comic", "60095", "--json"]) as? EntityDetailCommand<MarvelComic>)
        XCTAssertEqual(comic.id, 60095)
        XCTAssertNotNil(try MarvelGallery.parseAsRoot(["character", "1009652"]) as? EntityDetailCommand<MarvelCharacter>)
        assertRefused(["comic", "0"], saying: "the id must be a positive integer")
        assertRefused(["series", "--name", " "], saying: "--name needs at least one character")
        assertRefused(["events", "--page-size", "0"], saying: "--page-size must be between 1 and 100")
    }

    /// `series ID` shows one series like `creator ID`: "series" is the listing's name and the
    /// one-item command's, so the listing takes an optional id; the list's options are refused
    /// with it, never ignored; `events` and `creators` take none (theirs are `event ID`, `creator ID`).
    func testSeriesTakesAnIdLikeTheOneItemCommands() throws {
        let one = try XCTUnwrap(try MarvelGallery.parseAsRoot(["series", "28056", "--json"]) as? EntityListCommand<MarvelSeries>)
        XCTAssertEqual(one.one.id, 28056)
        XCTAssertTrue(one.data.output.json)
        let list = try XCTUnwrap(try MarvelGallery.parseAsRoot(["series"]) as? EntityListCommand<MarvelSeries>)
        XCTAssertNil(list.one.id)
        XCTAssertEqual(list.paging.limit, 20, "the default limit when none is given")
        assertRefused(["series", "0"], saying: "the id must be a positive integer")
        assertRefused(["series", "-3"], saying: "'-3'")
        for option in [["--name", "Av"], ["--limit", "5"], ["--page-size", "10"]] {
            assertRefused(["series", "28056"] + option, saying: "--name, --limit and --page-size are for the list")
        }
        assertRefused(["events", "349"], saying: "349")
        assertRefused(["creators", "2963"], saying: "2963")
    }
}
