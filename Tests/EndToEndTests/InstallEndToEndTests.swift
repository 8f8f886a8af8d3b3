import Foundation
import TestSupport
import XCTest

/// `scripts/install.sh` into a temporary prefix with the debug build the suite already has (and
/// the man page swift-argument-parser's `generate-manual` made for it, which `scripts/test.sh`
/// runs, as `swift package plugin generate-manual --configuration debug` does): the installed program answers `--version` and reads the built-in
/// catalog from its own `share/marvel-gallery` away from the source tree, `man -l` reads its
/// page, and `--uninstall` leaves nothing, the prefix the install made included.
final class InstallEndToEndTests: XCTestCase {
    private let manual = RepoPaths.root.appendingPathComponent(".build/plugins/GenerateManual/outputs/marvel-gallery/marvel-gallery.1")

    /// `executable` in `directory`, away from the source tree, without a fixtures override.
    private func run(_ executable: String, _ arguments: [String], in directory: URL,
                     environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        var env: [String: String?] = environment.mapValues { $0 }
        env.updateValue(nil, forKey: "MARVEL_GALLERY_FIXTURES")
        return try Spawn.process(executable, arguments, directory: directory, environment: env)
    }

    func testInstallRunsReadsItsManualAndUninstallsEverything() throws {
        try Prerequisites.program()
        guard FileManager.default.fileExists(atPath: manual.path) else {
            throw XCTSkip("no man page: swift package plugin generate-manual --configuration debug (scripts/test.sh makes it)")
        }
        guard let man = XDisplay.find("man") else { throw XCTSkip("man is not installed (scripts/test.sh installs man-db)") }
        let dir = try temporaryDirectory()
        let prefix = dir.appendingPathComponent("prefix")  // made by the install, removed by the uninstall
        let script = RepoPaths.root.appendingPathComponent("scripts/install.sh").path

        let install = try run("/bin/bash", [script, "--binary", RepoPaths.executable.path, "--manual", manual.path, prefix.path], in: dir)
        XCTAssertEqual(install.status, 0, install.output)
        let installed = prefix.appendingPathComponent("bin/marvel-gallery").path
        for path in ["bin/marvel-gallery", "share/man/man1/marvel-gallery.1", "share/marvel-gallery/embedded-catalog.sqlite",
                     "share/marvel-gallery/catalog/VERSION", "share/bash-completion/completions/marvel-gallery",
                     "share/zsh/site-functions/_marvel-gallery", "share/fish/vendor_completions.d/marvel-gallery.fish"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/marvel-gallery"), encoding: .utf8)
        XCTAssertTrue(bash.contains("characters"), "the bash completion knows the subcommands")

        let version = try run(installed, ["--version"], in: dir)
        XCTAssertEqual(version.status, 0, version.output)
        XCTAssertTrue(version.output.hasPrefix("marvel-gallery "), version.output)

        // The installed program's own catalog: a VERSION only the installed copy has names the
        // catalog it builds, so it was read from PREFIX/share/marvel-gallery/catalog.
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let info = try run(installed, ["catalog", "info", "--embedded"], in: dir, environment: cache)
        XCTAssertEqual(info.status, 0, info.output)
        XCTAssertTrue(info.output.contains("characters: 184"), info.output)
        try "feedfacefeedface00\n".write(to: prefix.appendingPathComponent("share/marvel-gallery/catalog/VERSION"),
                                         atomically: false, encoding: .utf8)
        let own = try run(installed, ["catalog", "info", "--embedded"], in: dir, environment: cache)
        // The cached catalog is named by the fixtures version (its first 16 characters and a
        // hash of the whole, EmbeddedCatalog).
        XCTAssertTrue(own.output.contains("/embedded-feedfacefeedface-") && own.output.contains("characters: 184"), own.output)

        let page = try run(man, ["-l", prefix.appendingPathComponent("share/man/man1/marvel-gallery.1").path], in: dir,
                           environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        XCTAssertEqual(page.status, 0, page.output)
        XCTAssertTrue(page.output.contains("NAME") && page.output.contains("marvel-gallery"), page.output)
        XCTAssertTrue(page.output.contains("characters"), "the page lists the subcommands: \(page.output)")

        let again = try run("/bin/bash", [script, "--binary", RepoPaths.executable.path, "--manual", manual.path, prefix.path], in: dir)
        XCTAssertNotEqual(again.status, 0, "a second install over the first is refused: \(again.output)")

        let uninstall = try run("/bin/bash", [script, "--uninstall", prefix.path], in: dir)
        XCTAssertEqual(uninstall.status, 0, uninstall.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path),
                       "left behind: \((FileManager.default.subpaths(atPath: prefix.path) ?? []).joined(separator: ", "))")
    }
}
