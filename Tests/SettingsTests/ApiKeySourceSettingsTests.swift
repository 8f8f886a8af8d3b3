import Foundation
import Settings
import XCTest

/// A live source signed in to with an API key alone (Comic Vine's row as the source table
/// passes it): `PREFIX_API_KEY` or `NAME_api_key` in a 0600 config.toml, no username, a budget
/// per resource per hour and no day budget; the key never in doctor's report.
final class ApiKeySourceSettingsTests: XCTestCase {
    private var folder: URL!
    private let spec = LiveSourceSpec(name: "comicvine", displayName: "Comic Vine", variablePrefix: "COMICVINE",
                                      defaultURL: "https://comicvine.gamespot.com/api", defaultPerMinute: 190, maxPerMinute: 200,
                                      defaultPerDay: 0, maxPerDay: 0, auth: .apiKey, window: "hour")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("marvel-gallery"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var env: [String: String] { ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"] }

    private func resolve(_ flags: Flags = Flags(), _ environment: [String: String]? = nil) throws -> Settings {
        try Settings.resolve(flags: flags, environment: environment ?? env, liveSources: [metronSpec, spec])
    }

    private func write(_ text: String, mode: Int) throws -> URL {
        let url = folder.appendingPathComponent("marvel-gallery/config.toml")
        try Data(text.utf8).write(to: url)
        chmod(url.path, mode_t(mode))
        return url
    }

    func testTheKeyAloneFromTheEnvironmentAndNoKeyNamesTheVariable() throws {
        XCTAssertThrowsError(try resolve(Flags(source: "comicvine"))) { error in
            XCTAssertTrue("\(error)".contains("COMICVINE_API_KEY"), "\(error)")
            XCTAssertFalse("\(error)".contains("USERNAME"), "no account asked for: \(error)")
        }
        var withKey = env
        withKey["COMICVINE_API_KEY"] = "k3y-from-env"
        let s = try resolve(Flags(source: "comicvine", liveURLs: ["comicvine": "http://127.0.0.1:9/api"]), withKey)
        let own = try XCTUnwrap(s.live["comicvine"])
        XCTAssertEqual(own.password.value, "k3y-from-env")
        XCTAssertNil(own.username.value)
        XCTAssertEqual(own.url.origin, .flag("--comicvine-url"))
        XCTAssertEqual(own.perMinute.value, 190, "a resource's hourly budget")
        let report = s.report.map { "\($0.label) \($0.value)" }.joined(separator: "\n")
        XCTAssertTrue(report.contains("setting Comic Vine API key set ("), report)
        XCTAssertTrue(report.contains("COMICVINE_API_KEY"), report)
        XCTAssertTrue(report.contains("190 a resource per hour"), report)
        XCTAssertFalse(report.contains("k3y-from-env"), "doctor never shows the key")
        withKey["COMICVINE_PER_HOUR"] = "500"
        XCTAssertThrowsError(try resolve(Flags(), withKey)) { error in
            XCTAssertTrue("\(error)".contains("comicvine_per_hour must be from 1 to 200"), "\(error)")
        }
    }

    func testAKeyInTheFileNeedsMode0600() throws {
        let url = try write("comicvine_api_key = \"f1le-key\"\ncomicvine_per_hour = 100\n", mode: 0o644)
        XCTAssertThrowsError(try resolve()) { error in
            XCTAssertTrue("\(error)".contains("chmod 600"), "\(error)")
            XCTAssertTrue("\(error)".contains("comicvine_api_key"), "\(error)")
            XCTAssertFalse("\(error)".contains("f1le-key"))
        }
        chmod(url.path, 0o600)
        let s = try resolve(Flags(source: "comicvine"))
        XCTAssertEqual(s.live["comicvine"]?.password.value, "f1le-key")
        XCTAssertEqual(s.live["comicvine"]?.perMinute.value, 100)
        _ = try write("comicvine_username = \"reader\"\n", mode: 0o600)
        XCTAssertThrowsError(try resolve(), "a key source has no username key")
    }
}
