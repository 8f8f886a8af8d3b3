import ArgumentParser
import XCTest
@testable import marvel_gallery
import Settings

/// Issue 35's small items on the command line: the config file's typo, --base-url without a
/// scheme, and the order of `characters --help`.
final class SmallFixesTests: XCTestCase {
    func testAMisspeltConfigKeyGetsTheKeyItMeant() {
        XCTAssertThrowsError(try ConfigFile(toml: "colours = \"256\"\n", path: "config.toml", liveSources: [])) { error in
            XCTAssertTrue("\(error)".contains("unknown key \"colours\"; did you mean \"colors\"?"), "\(error)")
        }
    }

    func testABaseURLWithoutAScheme() {
        XCTAssertThrowsError(try CharactersCommand.parse(["--base-url", "127.0.0.1:8080"])) { error in
            let text = CharactersCommand.message(for: error)
            XCTAssertTrue(text.contains("did you mean \"http://127.0.0.1:8080\"?"), text)
        }
    }

    func testCharactersHelpListsTheListsOptionsFirst() throws {
        let help = MarvelGallery.helpMessage(for: CharactersCommand.self)
        let search = try XCTUnwrap(help.range(of: "--search")).lowerBound
        for option in ["--letter", "--order"] {
            XCTAssertLessThan(search, try XCTUnwrap(help.range(of: option)).lowerBound)
        }
        for network in ["--base-url", "--timeout", "--no-cache"] {
            XCTAssertLessThan(try XCTUnwrap(help.range(of: "--order")).lowerBound, try XCTUnwrap(help.range(of: network)).lowerBound, network)
        }
    }
}
