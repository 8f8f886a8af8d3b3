import ArgumentParser
@testable import marvel_gallery
import XCTest

/// Usage errors as the user reads them (parsed in-process): one line naming the mistake with a
/// suggestion that fits what they meant, then a hint naming the help; still a usage error (64).
final class UsageErrorTests: XCTestCase {
    private func lines(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> (String, String) {
        do {
            let command = try MarvelGallery.parseAsRoot(arguments)
            XCTFail("\(arguments) parsed as \(type(of: command))", file: file, line: line)
            return ("", "")
        } catch {
            XCTAssertEqual(MarvelGallery.exitCode(for: error), .validationFailure, "\(arguments)", file: file, line: line)
            let (message, hint) = UsageErrorReport.lines(for: error, arguments: arguments)
            XCTAssertFalse(message.contains("\n") || hint.contains("\n"), "one line each", file: file, line: line)
            return (message, hint)
        }
    }

    func testNameSuggestsTheOptionThatMatchesNames() {
        // argument-parser alone suggested `--lang` (nearest spelling) for `--name`.
        XCTAssertEqual(lines(["characters", "--name", "spi"]).0, "marvel-gallery: unknown option '--name'; did you mean '--search'?")
        XCTAssertEqual(lines(["characters", "--name", "spi"]).1, "hint: see 'marvel-gallery characters --help'")
        XCTAssertEqual(lines(["characters", "--nme", "spi"]).0, "marvel-gallery: unknown option '--nme'; did you mean '--search'?")
        XCTAssertEqual(lines(["comics", "--name", "x"]).0, "marvel-gallery: unknown option '--name'; did you mean '--title'?")
        XCTAssertEqual(lines(["comics", "--search", "x"]).0, "marvel-gallery: unknown option '--search'; did you mean '--title'?")
    }

    func testMisspeltOptionsAndSubcommandsGetTheNearestSpelling() {
        XCTAssertEqual(lines(["characters", "--limt", "3"]).0, "marvel-gallery: unknown option '--limt'; did you mean '--limit'?")
        XCTAssertEqual(lines(["charactres"]).0, "marvel-gallery: unknown subcommand 'charactres'; did you mean 'characters'?")
        XCTAssertEqual(lines(["charactres"]).1, "hint: see 'marvel-gallery --help'")
        XCTAssertEqual(lines(["serie"]).0, "marvel-gallery: unknown subcommand 'serie'; did you mean 'series'?")
        XCTAssertEqual(lines(["xyzzy"]).0, "marvel-gallery: unknown subcommand 'xyzzy'", "nothing near: no guess")
        XCTAssertEqual(lines(["characters", "--zzzzzz"]).0, "marvel-gallery: unknown option '--zzzzzz'")
    }

    func testValidationMessagesKeepTheirWordsOnOneLine() {
        let (message, hint) = lines(["characters", "--letter", "12"])
        XCTAssertEqual(message, "marvel-gallery: --letter expects one letter A-Z, a digit or #, got \"12\"")
        XCTAssertEqual(hint, "hint: see 'marvel-gallery characters --help'")
        XCTAssertTrue(lines(["serve", "--allowed-referrer", "localhost:*"]).0.contains("--allowed-referrer needs --public-key"))
    }

    func testEditDistance() {
        XCTAssertEqual(UsageErrorReport.distance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(UsageErrorReport.distance([], Array("abc")), 3)
        XCTAssertEqual(UsageErrorReport.closest(to: "comic", among: ["comics", "comic", "character"]), "comic")
    }
}
