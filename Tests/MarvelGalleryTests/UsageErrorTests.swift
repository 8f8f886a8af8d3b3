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

    /// Every command with subcommands says an unknown one the same way (`cache bogus` said
    /// "unexpected argument"): the nearest spelling, or each of a group's few subcommands.
    func testEveryGroupSaysAnUnknownSubcommandTheSameWay() {
        XCTAssertEqual(lines(["cache", "bogus"]).0, "marvel-gallery: unknown subcommand 'bogus'; did you mean 'info' or 'clear'?")
        XCTAssertEqual(lines(["cache", "bogus"]).1, "hint: see 'marvel-gallery cache --help'")
        XCTAssertEqual(lines(["cache", "clera"]).0, "marvel-gallery: unknown subcommand 'clera'; did you mean 'clear'?")
        XCTAssertEqual(lines(["catalog", "imprt", "x"]).0, "marvel-gallery: unknown subcommand 'imprt'; did you mean 'import'?")
        XCTAssertEqual(lines(["catalog", "bogus"]).1, "hint: see 'marvel-gallery catalog --help'")
        XCTAssertEqual(lines(["characters", "spider"]).0, "marvel-gallery: unexpected argument 'spider'",
                       "a command without subcommands keeps its words")
        // Which commands have subcommands is read from the configuration, not listed here.
        for group in MarvelGallery.configuration.subcommands where !group.configuration.subcommands.isEmpty {
            let name = group._commandName
            XCTAssertTrue(lines([name, "zzqqx"]).0.hasPrefix("marvel-gallery: unknown subcommand 'zzqqx'"), name)
            XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand([name, "zzqqx", "--help"]), [name, "zzqqx"], name)
        }
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["cache", "info", "--help"]), ["cache", "info", "--help"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["help", "cache", "bogus"]), ["cache", "bogus"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["help", "cache"]), ["help", "cache"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["help", "catalog", "import"]), ["help", "catalog", "import"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["bogus", "--version"]), ["bogus"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["--version"]), ["--version"])
        XCTAssertEqual(UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(["characters", "--search", "x", "--help"]),
                       ["characters", "--search", "x", "--help"])
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
