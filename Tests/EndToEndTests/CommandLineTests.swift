import Foundation
import TestSupport
import XCTest

/// The CLI as a new user meets it: `--version`, help that is true per command, `--plain`
/// with `--json`, completions with values, the busy-port line, config.toml, and plain output
/// that shows hostile API text as escapes instead of passing it to the terminal.
final class CommandLineTests: XCTestCase {
    private var binary: String { RepoPaths.executable.path }

    private func skipWithoutBinary() throws { try Prerequisites.program() }

    /// Runs the executable with extra environment variables; stdout and stderr together.
    private func run(_ arguments: [String], env: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let assignments = env.map { "\($0.key)=\($0.value)" }
        return try Spawn.status(["/usr/bin/env"] + assignments + [binary] + arguments)
    }

    func testVersionNamesTheCommitItWasBuiltFrom() throws {
        try skipWithoutBinary()
        let (status, output) = try run(["--version"])
        XCTAssertEqual(status, 0)
        let head = (try? Spawn.status(["/usr/bin/git", "-C", RepoPaths.root.path, "rev-parse", "--short=12", "HEAD"]))
        let line = output.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(line.hasPrefix("marvel-gallery "), line)
        if let head, head.status == 0 {
            // The binary may be one commit behind a test run that just committed: any 12-hex commit.
            XCTAssertNotNil(line.range(of: #"\(commit [0-9a-f]{12}(-dirty)?\)$"#, options: .regularExpression), line)
        } else {
            XCTAssertTrue(line.hasSuffix("(commit unknown)"), line)
        }
    }

    /// `--letter` with the listing is refused (not ignored, giving the whole list from 3-D
    /// Man), and an empty `--search` is said in the flag's words (not "nameContains must not be
    /// blank").
    func testLetterWithTheListingAndAnEmptySearchAreRefusedClearly() throws {
        try skipWithoutBinary()
        let letter = try run(["characters", "--plain", "--letter", "x"])
        XCTAssertEqual(letter.status, 64, letter.output)
        XCTAssertTrue(letter.output.contains("--letter opens the gallery"), letter.output)
        XCTAssertFalse(letter.output.contains("3-D Man"), letter.output)
        let empty = try run(["characters", "--plain", "--search", ""])
        XCTAssertEqual(empty.status, 64, empty.output)
        XCTAssertTrue(empty.output.hasPrefix("marvel-gallery: --search must not be empty"), empty.output)
        let title = try run(["comics", "--plain", "--title", " "])
        XCTAssertEqual(title.status, 64, title.output)
        XCTAssertTrue(title.output.hasPrefix("marvel-gallery: --title must not be empty"), title.output)
    }

    func testPlainAndJSONTogetherAreRefused() throws {
        try skipWithoutBinary()
        let (status, output) = try run(["characters", "--plain", "--json"])
        XCTAssertEqual(status, 64)
        XCTAssertTrue(output.contains("--plain and --json exclude each other"), output)
    }

    /// Usage errors: one line with a suggestion that fits, one hint line, exit 64 (issue 26).
    func testUsageErrorsAreOneLinePlusAHint() throws {
        try skipWithoutBinary()
        let (status, output) = try run(["characters", "--name", "spi"])
        XCTAssertEqual(status, 64)
        XCTAssertEqual(output, "marvel-gallery: unknown option '--name'; did you mean '--search'?\n"
                       + "hint: see 'marvel-gallery characters --help'\n")
        let (typoStatus, typo) = try run(["charactres"])
        XCTAssertEqual(typoStatus, 64)
        XCTAssertEqual(typo, "marvel-gallery: unknown subcommand 'charactres'; did you mean 'characters'?\n"
                       + "hint: see 'marvel-gallery --help'\n")
        let (helpStatus, help) = try run(["stories", "--help"])
        XCTAssertEqual(helpStatus, 64, "no top-level help for a subcommand that is not there")
        XCTAssertEqual(help, "marvel-gallery: unknown subcommand 'stories'; did you mean 'series'?\n"
                       + "hint: see 'marvel-gallery --help'\n")
        // Every command with subcommands, with or without --help (not "unexpected argument").
        for arguments in [["cache", "bogus"], ["cache", "bogus", "--help"], ["help", "cache", "bogus"]] {
            let (groupStatus, group) = try run(arguments)
            XCTAssertEqual(groupStatus, 64, "\(arguments)")
            XCTAssertEqual(group, "marvel-gallery: unknown subcommand 'bogus'; did you mean 'info' or 'clear'?\n"
                           + "hint: see 'marvel-gallery cache --help'\n")
        }
        XCTAssertEqual(try run(["catalog", "imprt", "x"]).output, "marvel-gallery: unknown subcommand 'imprt'; did you mean 'import'?\n"
                       + "hint: see 'marvel-gallery catalog --help'\n")
        XCTAssertEqual(try run(["catalog", "import", "--help"]).status, 0, "a real subcommand's help")
        XCTAssertEqual(try run(["--version"]).status, 0, "help and version are not errors")
        XCTAssertEqual(try run(["series", "--help"]).status, 0)
        XCTAssertEqual(try run(["help", "series"]).status, 0)
    }

    func testHelpIsTrueForEachCommand() throws {
        try skipWithoutBinary()
        let comics = try run(["comics", "--help"]).output
        XCTAssertTrue(comics.contains("Comics per page"), comics)
        XCTAssertTrue(comics.contains("then 100"), comics)
        XCTAssertFalse(comics.contains("--letter"), comics)
        let characters = try run(["characters", "--help"]).output
        XCTAssertTrue(characters.contains("Characters per page"), characters)
        XCTAssertTrue(characters.contains("--letter"), characters)
        for command in ["character", "comic", "creator", "event", "story"] {
            let help = try run([command, "--help"]).output
            XCTAssertFalse(help.contains("--letter"), "\(command): \(help)")
            XCTAssertFalse(help.contains("--page-size"), "\(command): \(help)")
        }
    }

    func testCompletionsOfferValues() throws {
        try skipWithoutBinary()
        for shell in ["bash", "zsh", "fish"] {
            let (status, script) = try run(["--generate-completion-script", shell])
            XCTAssertEqual(status, 0, shell)
            for value in ["trade-paperback", "onsaleDate", "offline"] {
                XCTAssertTrue(script.contains(value), "\(shell) completion lacks \(value)")
            }
        }
    }

    func testBusyPortIsOneLineAndExit1() throws {
        try skipWithoutBinary()
        let first = try ServeProcess(executable: RepoPaths.executable)
        let port = first.baseURL.port!
        let (status, output) = try run(["serve", "--port", String(port)])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "marvel-gallery: port \(port) is in use; try --port 0\n")
    }

    func testConfigFileIsReadShownByDoctorAndGuarded() throws {
        try skipWithoutBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("marvel-gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try Data("page_size = 40\nlanguage = \"es\"\n".utf8).write(to: config)
        let env = ["XDG_CONFIG_HOME": home.path, "MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": "", "MARVEL_BASE_URL": ""]
        let doctor = try run(["doctor"], env: env).output
        XCTAssertTrue(doctor.contains("\(config.path) (read)"), doctor)
        XCTAssertTrue(doctor.contains("40 (\(config.path))"), doctor)
        XCTAssertTrue(try run(["doctor"], env: env.merging(["MARVEL_GALLERY_PAGE_SIZE": "30"]) { $1 }).output
                        .contains("30 ($MARVEL_GALLERY_PAGE_SIZE)"))

        try Data("public_key = \"pub\"\nprivate_key = \"hush-secret\"\n".utf8).write(to: config)
        chmod(config.path, 0o644)
        let (status, output) = try run(["characters", "--plain", "--limit", "1"], env: env)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("chmod 600"), output)
        XCTAssertFalse(output.contains("hush-secret"), output)
    }

    /// A bad `dither` in config.toml is said like a bad `colors`: the file's path, then the key
    /// (not "config file dither must be ..."), exit 1, on every command that draws.
    func testABadDitherInTheConfigNamesTheFile() throws {
        try skipWithoutBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-dither-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("marvel-gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try Data("dither = \"lots\"\n".utf8).write(to: config)
        let sample = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg").path
        for arguments in [["render", "--size", "10x5", sample], ["demo"]] {
            let (status, output) = try run(arguments, env: ["XDG_CONFIG_HOME": home.path])
            XCTAssertEqual(status, 1, "\(arguments): \(output)")
            XCTAssertEqual(output, "marvel-gallery: \(config.path): dither must be one of none|ordered|diffusion, got 'lots'\n")
        }
    }

    /// `--public-key` and `--private-key-file` sign the data commands' requests (a server with
    /// keys accepts them; a wrong key is refused), and the key never shows.
    func testKeyFlagsSignRequestsAndNeverShowTheKey() throws {
        try skipWithoutBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let right = folder.appendingPathComponent("right.key"), wrong = folder.appendingPathComponent("wrong.key")
        try Data("s3cret-right\n".utf8).write(to: right)
        try Data("s3cret-wrong\n".utf8).write(to: wrong)
        let server = try ServeProcess(executable: RepoPaths.executable,
                                      extraArguments: ["--public-key", "pub", "--private-key-file", right.path])
        let env = ["XDG_CONFIG_HOME": folder.path, "XDG_CACHE_HOME": folder.path, "MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": ""]
        let base = ["characters", "--plain", "--limit", "1", "--no-cache", "--base-url", server.baseURL.absoluteString]
        let signed = try run(base + ["--public-key", "pub", "--private-key-file", right.path], env: env)
        XCTAssertEqual(signed.status, 0, signed.output)
        XCTAssertTrue(signed.output.contains("3-D Man"), signed.output)
        let refused = try run(base + ["--public-key", "pub", "--private-key-file", wrong.path], env: env)
        XCTAssertEqual(refused.status, 1, refused.output)
        let unsigned = try run(base, env: env)
        XCTAssertEqual(unsigned.status, 1, unsigned.output)
        let partner = try run(base + ["--public-key", "pub"], env: env)
        XCTAssertEqual(partner.status, 1)
        XCTAssertTrue(partner.output.contains("--public-key: needs a private key too"), partner.output)
        for output in [signed.output, refused.output, unsigned.output, partner.output] {
            XCTAssertFalse(output.contains("s3cret"), output)
        }
        let doctor = try run(["doctor"], env: env.merging(["MARVEL_PUBLIC_KEY": "pub", "MARVEL_PRIVATE_KEY": "s3cret-env"]) { $1 }).output
        XCTAssertTrue(doctor.contains("set (public $MARVEL_PUBLIC_KEY, private $MARVEL_PRIVATE_KEY)"), doctor)
        XCTAssertFalse(doctor.contains("s3cret"), doctor)
    }

    func testPlainOutputEscapesHostileNames() throws {
        try skipWithoutBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["\u{1B}]0;pwned\u{7}Hulk", "\u{1B}]52;c;aGk=\u{7}Thor", "A\u{9B}31mB", "evil\u{202E}txt",
                     "tab\there\nnewline", "\u{1B}Pq#0\u{1B}\\Storm"]
        let results = names.enumerated().map { n, name -> [String: Any] in
            ["id": 900 + n, "name": name, "description": "", "modified": "2019-07-11T22:27:10-0400",
             "thumbnail": ["path": "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", "extension": "jpg"],
             "resourceURI": "http://gateway.marvel.com/v1/public/characters/\(900 + n)",
             "comics": ["available": 0, "collectionURI": "", "items": [], "returned": 0],
             "series": ["available": 0, "collectionURI": "", "items": [], "returned": 0],
             "stories": ["available": 0, "collectionURI": "", "items": [], "returned": 0],
             "events": ["available": 0, "collectionURI": "", "items": [], "returned": 0], "urls": []]
        }
        let envelope: [String: Any] = ["code": 200, "status": "Ok", "attributionText": "Data provided by Marvel. © 2014 Marvel",
                                       "data": ["offset": 0, "limit": 20, "total": names.count, "count": names.count,
                                                "results": results]]
        try JSONSerialization.data(withJSONObject: envelope).write(to: folder.appendingPathComponent("characters-1.json"))
        try Data(UUID().uuidString.utf8).write(to: folder.appendingPathComponent("VERSION"))
        let server = try ServeProcess(executable: RepoPaths.executable, extraArguments: ["--catalog", folder.path])
        let (status, output) = try run(["characters", "--plain", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x07 },
                       "raw control in: \(output.debugDescription)")
        for escaped in ["\\x1b]0;pwned\\x07Hulk", "\\x1b]52;c;aGk=\\x07Thor", "A\\u009b31mB", "evil\\u202etxt",
                        "tab\\there\\nnewline", "\\x1bPq#0\\x1b\\\\Storm"] {
            XCTAssertTrue(output.contains(escaped), "\(escaped) missing from \(output)")
        }
        let rows = output.split(separator: "\n").filter { $0.contains("\t") }
        XCTAssertEqual(rows.count, names.count, "one row per character: \(rows)")
        XCTAssertTrue(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }
}
