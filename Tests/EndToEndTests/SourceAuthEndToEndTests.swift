import Foundation
import TestSupport
import XCTest

/// Every source's authentication error names that source's own settings, in the gallery as in
/// plain output, under the source's own credit (issue 22, item 7): a wrong Metron password in
/// tmux says METRON_USERNAME/METRON_PASSWORD, never the Marvel keys, does not offer `r` (the
/// settings are read at start), and the header credits Metron, not Marvel.
final class SourceAuthEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }
    private var home: URL!

    override func setUpWithError() throws {
        try Prerequisites.program()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("auth-e2e-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: home) }

    private var environment: [String: String] {
        ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config"]
    }

    /// A mirror that refuses the Marvel keys: the Marvel variables, in both outputs.
    func testAMirrorRefusingTheKeysNamesTheMarvelKeysInTheGalleryAndInPlainOutput() throws {
        try Prerequisites.tmux()
        let body = Data(#"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#.utf8)
        let mirror = try LoopbackHTTPServer { _ in .respond(status: 401, body: body) }
        let env = environment.merging(["MARVEL_PUBLIC_KEY": "pub-key-1234", "MARVEL_PRIVATE_KEY": "priv-key-98765"]) { $1 }
        let plain = try plainRun(["--no-cache", "--base-url", mirror.baseURL.absoluteString], environment: env)
        XCTAssertEqual(plain.status, 1, plain.output)
        XCTAssertTrue(plain.output.contains("check MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY"), plain.output)

        let command = "\(TmuxSession.quote(executable.path)) characters --no-cache --base-url \(mirror.baseURL.absoluteString)"
        let tmux = try TmuxSession(command: command, width: 140, height: 40, environment: env)
        let screen = tmux.waitFor("the refusal", timeout: 30) { $0.contains("rejected the API keys") }
        let text = screen.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("MARVEL_PUBLIC_KEY"), screen)
        XCTAssertTrue(screen.contains("start again"), screen)
        XCTAssertFalse(screen.contains("press r to retry"), screen)
        XCTAssertFalse(screen.contains("METRON"), screen)
        XCTAssertFalse(screen.contains("priv-key-98765"), "never the private key")
        tmux.send("q")
    }

    func testAWrongMetronPasswordNamesMetronsSettingsInTheGalleryAndInPlainOutput() throws {
        try Prerequisites.tmux()
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let env = environment.merging(["METRON_USERNAME": metron.username, "METRON_PASSWORD": "wrong-pw-5150"]) { $1 }

        // Plain output: one line naming Metron's variables.
        let plain = try plainRun(["--source", "metron", "--metron-url", metron.baseURL.absoluteString], environment: env)
        XCTAssertEqual(plain.status, 1, plain.output)
        XCTAssertTrue(plain.output.contains("METRON_USERNAME and METRON_PASSWORD"), plain.output)
        XCTAssertFalse(plain.output.contains("MARVEL_"), plain.output)

        // The gallery: the same settings named, no retry offered, Metron's credit in the header.
        let command = "\(TmuxSession.quote(executable.path)) characters --source metron --metron-url \(metron.baseURL.absoluteString)"
        let tmux = try TmuxSession(command: command, width: 140, height: 40, environment: env)
        let screen = tmux.waitFor("the refusal", timeout: 60) { $0.contains("Metron refused") }
        let text = screen.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("METRON_USERNAME"), screen)
        XCTAssertTrue(screen.contains("METRON_PASSWORD") || GalleryScreen(screen).status.contains("METRON"), screen)
        XCTAssertFalse(screen.contains("MARVEL_PUBLIC_KEY"), screen)
        XCTAssertFalse(screen.contains("MARVEL_PRIVATE_KEY"), screen)
        XCTAssertFalse(screen.contains("the server rejected the API keys"), screen)
        XCTAssertFalse(screen.contains("press r to retry"), screen)
        XCTAssertTrue(screen.contains("start again"), screen)
        let header = GalleryScreen(screen).header
        XCTAssertTrue(header.contains("Metron"), header)
        XCTAssertFalse(header.contains("©"), "not Marvel's credit: \(header)")
        XCTAssertFalse(screen.contains("wrong-pw-5150"), "never the password")
        tmux.send("q")
    }

    /// `characters --plain ARGUMENTS` with exactly `environment` added (through env(1)).
    private func plainRun(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let argv = ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }
            + [executable.path, "characters", "--plain"] + arguments
        let r = try Spawn.status(argv)
        return (r.status, r.output)
    }
}
