import Foundation
import TestSupport
import XCTest

/// Every subcommand's `--help` against what it does, and the exit statuses docs/troubleshooting.md gives:
/// 0 done, 1 a run that failed (one line, no usage hint), 64 a usage mistake (one line and a
/// hint naming the help).
final class HelpTruthEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try Prerequisites.program()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ arguments: [String], env: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let base = ["XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
                    "XDG_CONFIG_HOME": folder.path + "/config", "MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": "", "MARVEL_BASE_URL": ""]
        let assignments = base.merging(env) { $1 }.map { "\($0.key)=\($0.value)" }
        return try Spawn.status(["/usr/bin/env"] + assignments + [RepoPaths.executable.path] + arguments)
    }

    /// Every command's help, walked from the top-level list: it opens with OVERVIEW and exits 0
    /// (`catalog import --help` ran the parser's "missing argument" error, `catalog info
    /// --help` ran the command).
    func testEveryCommandsHelpIsHelp() throws {
        let top = try run(["--help"])
        XCTAssertEqual(top.status, 0)
        var commands: [[String]] = []
        for group in ["", "catalog", "cache"] {
            let help = try run((group.isEmpty ? [] : [group]) + ["--help"]).output
            let listed = help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
                .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map { String($0).trimmingCharacters(in: .punctuationCharacters) } : nil }
                .filter { $0 != "See" } ?? []
            XCTAssertFalse(listed.isEmpty, "\(group): \(help)")
            commands += listed.map { group.isEmpty ? [$0] : [group, $0] }
        }
        XCTAssertGreaterThanOrEqual(commands.count, 19, "\(commands)")
        for command in commands {
            let (status, help) = try run(command + ["--help"])
            XCTAssertEqual(status, 0, "\(command): \(help)")
            XCTAssertTrue(help.hasPrefix("OVERVIEW:"), "\(command): \(help.prefix(200))")
        }
    }

    /// Defaults and variables the help names are the ones used.
    func testHelpSaysTheDefaultsThatAreUsed() throws {
        // The picture folder follows $XDG_CACHE_HOME (the help said ~/.cache).
        let characters = try run(["characters", "--help"]).output.replacingOccurrences(of: "\n ", with: " ")
            .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
        XCTAssertTrue(characters.contains("$XDG_CACHE_HOME/marvel-gallery/images"), characters)
        let info = try run(["cache", "info"]).output
        XCTAssertTrue(info.contains("location: \(folder.path)/cache/marvel-gallery/images"), info)
        // --page-size is the gallery's: the listing asks for --limit (up to 100) a page.
        XCTAssertTrue(characters.contains("--plain and --json ask for --limit at once"), characters)
        // doctor's start-up budget: 150 ms at most (a higher value in the help changes nothing).
        let doctor = try run(["doctor", "--help"]).output
        XCTAssertTrue(doctor.contains("(default: 150)"), doctor)
        // --dither is taken by doctor and shown in its report.
        let report = try run(["doctor", "--dither", "ordered"]).output
        XCTAssertNotNil(report.range(of: #"setting dither +ordered \(--dither\)"#, options: .regularExpression), report)
        // favourites --json prints the saved entries, not "decoded entities".
        let favourites = try run(["favourites", "--help"]).output.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        XCTAssertTrue(favourites.contains("favourites and recent: their saved entries"), favourites)
    }

    /// A run that fails is exit 1 and one line without a usage hint; a usage mistake is 64 and
    /// one line plus the hint (a file that is not a catalog, a bad $MARVEL_GALLERY_COLORS are
    /// failed runs, not 64 with "see --help").
    func testFailedRunsExit1AndUsageMistakesExit64() throws {
        let notACatalog = folder.appendingPathComponent("bad.sqlite")
        try Data("garbage, not SQLite".utf8).write(to: notACatalog)
        let sample = RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path
        let failures: [([String], [String: String], String)] = [
            (["catalog", "info", "--catalog", notACatalog.path], [:], "file is not a database"),
            (["render", "--size", "10x5", sample], ["MARVEL_GALLERY_COLORS": "bogus"], "MARVEL_GALLERY_COLORS must be one of"),
        ]
        for (arguments, env, words) in failures {
            let (status, output) = try run(arguments, env: env)
            XCTAssertEqual(status, 1, "\(arguments): \(output)")
            XCTAssertTrue(output.hasPrefix("marvel-gallery: ") && output.contains(words), "\(arguments): \(output)")
            XCTAssertEqual(output.split(separator: "\n").count, 1, "\(arguments): one line: \(output)")
        }
        let mistakes: [[String]] = [["catalog", "import"], ["character", "abc"], ["render"], ["cache", "info", "--bogus"],
                                    ["favorites", "--limt"], ["doctor", "--query-timeout", "1"]]
        for arguments in mistakes {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 64, "\(arguments): \(output)")
            let lines = output.split(separator: "\n")
            XCTAssertEqual(lines.count, 2, "\(arguments): \(output)")
            XCTAssertTrue(lines.first?.hasPrefix("marvel-gallery: ") == true, "\(arguments): \(output)")
            XCTAssertFalse(lines.first?.dropFirst(16).first?.isUppercase == true, "\(arguments): our case: \(output)")
            XCTAssertTrue(lines.last?.hasPrefix("hint: see 'marvel-gallery \(arguments[0] == "favorites" ? "favourites" : arguments[0])") == true,
                          "\(arguments): \(output)")
        }
        XCTAssertEqual(try run(["cache", "info", "--bogus"]).output.split(separator: "\n").last, "hint: see 'marvel-gallery cache info --help'")
    }

    /// The gallery on a terminal with a bad $MARVEL_GALLERY_COLORS: one line with the program's
    /// name and exit 1, like every other failed run (the parser's way said "Error: ...").
    func testTheGallerysRunTimeErrorIsSaidLikeTheOthers() throws {
        try Prerequisites.tmux()
        let tmux = try TmuxSession(command: "\(TmuxSession.quote(RepoPaths.executable.path)) characters", width: 100, height: 30,
                                   environment: ["MARVEL_GALLERY_COLORS": "bogus", "XDG_CACHE_HOME": folder.path + "/cache",
                                                 "XDG_CONFIG_HOME": folder.path + "/config"])
        let screen = tmux.waitFor("the exit") { $0.contains("EXIT:") }
        XCTAssertTrue(screen.contains("marvel-gallery: MARVEL_GALLERY_COLORS must be one of auto|truecolor|256|16|none, got 'bogus'\nEXIT:1"),
                      screen)
        XCTAssertFalse(screen.contains("Error:"), screen)
    }
}
