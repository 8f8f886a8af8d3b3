import Foundation
import Settings
import XCTest

/// flag > env > config.toml > default, the config file's rules, and its 0600 gate.
final class SettingsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("marvel-gallery"),
                                                withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var env: [String: String] { ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"] }

    private func write(_ text: String, mode: Int = 0o600) throws -> URL {
        let url = folder.appendingPathComponent("marvel-gallery/config.toml")
        try Data(text.utf8).write(to: url)
        chmod(url.path, mode_t(mode))
        return url
    }

    func testDefaultsWithNoFile() throws {
        let s = try Settings.resolve(flags: Flags(), environment: env, defaultPageSize: 50)
        XCTAssertEqual(s.configPath, folder.path + "/marvel-gallery/config.toml")
        XCTAssertFalse(s.configFound)
        XCTAssertEqual(s.pageSize, Resolved(value: 50, origin: .builtIn))
        XCTAssertEqual(s.source.value, .auto)
        XCTAssertNil(s.colors.value)
        XCTAssertFalse(s.hasKeys)
    }

    func testFlagBeatsEnvBeatsFileBeatsDefault() throws {
        let url = try write("""
            colors = "256"
            graphics = "sixel"
            language = "es"
            page_size = 40
            base_url = "http://127.0.0.1:9000"
            """)
        let fromFile = try Settings.resolve(flags: Flags(), environment: env)
        XCTAssertTrue(fromFile.configFound)
        XCTAssertEqual(fromFile.pageSize, Resolved(value: 40, origin: .configFile(url.path)))
        XCTAssertEqual(fromFile.colors.value, "256")
        XCTAssertEqual(fromFile.graphics.value, "sixel")
        XCTAssertEqual(fromFile.language.value, "es")
        XCTAssertEqual(fromFile.baseURL.value, "http://127.0.0.1:9000")

        var environment = env
        environment["MARVEL_GALLERY_PAGE_SIZE"] = "30"
        environment["MARVEL_GALLERY_COLORS"] = "16"
        environment["MARVEL_BASE_URL"] = "http://127.0.0.1:9001"
        let fromEnv = try Settings.resolve(flags: Flags(), environment: environment)
        XCTAssertEqual(fromEnv.pageSize, Resolved(value: 30, origin: .environment("MARVEL_GALLERY_PAGE_SIZE")))
        XCTAssertEqual(fromEnv.colors.value, "16")
        XCTAssertEqual(fromEnv.baseURL.value, "http://127.0.0.1:9001")
        XCTAssertEqual(fromEnv.language.value, "es", "untouched settings still come from the file")

        let fromFlags = try Settings.resolve(flags: Flags(colors: "none", pageSize: 10, baseURL: "https://example.org"),
                                             environment: environment)
        XCTAssertEqual(fromFlags.pageSize, Resolved(value: 10, origin: .flag("--page-size")))
        XCTAssertEqual(fromFlags.colors.value, "none")
        XCTAssertEqual(fromFlags.baseURL.origin, .flag("--base-url"))
    }

    func testFileErrorsNameTheKey() throws {
        _ = try write("page_sise = 40")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("unknown key \"page_sise\""), "\(error)")
        }
        _ = try write("page_size = \"forty\"")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("page_size must be a whole number"), "\(error)")
        }
        _ = try write("page_size = 400")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("from 1 to 100"), "\(error)")
        }
        _ = try write("colors = ")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("config.toml"), "\(error)")
        }
        _ = try write("language = \"fr\"")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env))
    }

    /// A config.toml that is a folder says so (not "cannot be read as UTF-8 text"); a FIFO is
    /// refused at once instead of blocking the read.
    func testAConfigThatIsNotAFileSaysWhatItIs() throws {
        let url = folder.appendingPathComponent("marvel-gallery/config.toml")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("config.toml: is a folder, not a file"), "\(error)")
        }
        try FileManager.default.removeItem(at: url)
        XCTAssertEqual(mkfifo(url.path, 0o600), 0)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("config.toml: is not a regular file"), "\(error)")
        }
    }

    /// A config file over 1 MB is refused before it is parsed (issue 36: a 50 MB value took
    /// 4.4 s and 238 MB).
    func testAConfigOverAMegabyteIsRefusedUnread() throws {
        _ = try write("colors = \"" + String(repeating: "x", count: 2 << 20) + "\"\n")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("config.toml: is 2097164 bytes, larger than the 1 MB a config file may be"), "\(error)")
        }
        _ = try write("colors = \"truecolor\"\n")
        XCTAssertNoThrow(try Settings.resolve(flags: Flags(), environment: env))
    }

    /// `serve`'s lists in the file (issue 25): lists of strings, anything else names the key.
    func testServeListsInTheFile() throws {
        let file = try ConfigFile(toml: "allowed_referrers = [\"localhost:*\", \"*.example.com\"]\ncors_origins = [\"http://localhost:5173\"]",
                                  path: "config.toml")
        XCTAssertEqual(file.allowedReferrers, ["localhost:*", "*.example.com"])
        XCTAssertEqual(file.corsOrigins, ["http://localhost:5173"])
        XCTAssertThrowsError(try ConfigFile(toml: "allowed_referrers = \"localhost:*\"", path: "config.toml")) { error in
            XCTAssertTrue("\(error)".contains("allowed_referrers must be a list of strings"), "\(error)")
        }
        XCTAssertThrowsError(try ConfigFile(toml: "cors_origins = [1, 2]", path: "config.toml"))
    }

    func testASecretNeedsMode0600AndIsNeverShown() throws {
        let url = try write("public_key = \"pub\"\nprivate_key = \"s3cr3t-private\"\n", mode: 0o644)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertEqual("\(error)", "\(url.path) holds a secret (private_key or metron_password) but others may read it (mode 644); "
                           + "refused until you run: chmod 600 \(url.path)")
            XCTAssertFalse("\(error)".contains("s3cr3t"))
        }
        chmod(url.path, 0o600)
        let s = try Settings.resolve(flags: Flags(), environment: env)
        XCTAssertTrue(s.hasKeys)
        XCTAssertEqual(s.privateKey.value, "s3cr3t-private")
        XCTAssertFalse(s.report.map(\.value).joined().contains("s3cr3t"))
        // No secret: any mode is fine.
        _ = try write("page_size = 25", mode: 0o644)
        XCTAssertEqual(try Settings.resolve(flags: Flags(), environment: env).pageSize.value, 25)
    }

    func testEnvironmentKeysReplaceTheFilesTogether() throws {
        _ = try write("public_key = \"filepub\"\nprivate_key = \"filepriv\"\n")
        var environment = env
        environment["MARVEL_PUBLIC_KEY"] = "envpub"
        environment["MARVEL_PRIVATE_KEY"] = "envpriv"
        let s = try Settings.resolve(flags: Flags(), environment: environment)
        XCTAssertEqual(s.publicKey.value, "envpub")
        XCTAssertEqual(s.privateKey.origin, .environment("MARVEL_PRIVATE_KEY"))
        environment["MARVEL_PRIVATE_KEY"] = nil
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: environment))
    }

    func testSourceNeedsWhatItNames() throws {
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(source: "mirror"), environment: env))
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(source: "official"), environment: env))
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(source: "somewhere"), environment: env))
        XCTAssertEqual(try Settings.resolve(flags: Flags(source: "OFFLINE"), environment: env).source.value, .offline)
    }

    // MARK: Metron

    func testMetronDefaultsAndItsAccountFromTheEnvironment() throws {
        let none = try Settings.resolve(flags: Flags(), environment: env)
        XCTAssertEqual(none.metron.url.value, "https://metron.cloud")
        XCTAssertNil(none.metron.username.value)
        XCTAssertEqual(none.metron.perMinute.value, 18)
        XCTAssertEqual(none.metron.perDay.value, 4_500)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(source: "metron"), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("METRON_USERNAME and METRON_PASSWORD"), "\(error)")
        }
        var withAccount = env
        withAccount["METRON_USERNAME"] = "reader"
        withAccount["METRON_PASSWORD"] = "pa55-word"
        let s = try Settings.resolve(flags: Flags(source: "metron", liveURLs: ["metron": "http://127.0.0.1:9/"]), environment: withAccount)
        XCTAssertEqual(s.source.value, .metron)
        XCTAssertEqual(s.metron.url.value, "http://127.0.0.1:9/")
        XCTAssertEqual(s.metron.url.origin, .flag("--metron-url"))
        XCTAssertEqual(s.metron.password.value, "pa55-word")
        XCTAssertFalse(s.report.map { $0.value }.joined().contains("pa55-word"), "doctor never shows the password")
        withAccount["METRON_PASSWORD"] = nil
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: withAccount))
    }

    func testAMetronPasswordInTheFileNeedsMode0600() throws {
        let url = try write("metron_username = \"reader\"\nmetron_password = \"f1le-secret\"\n", mode: 0o640)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env)) { error in
            XCTAssertTrue("\(error)".contains("chmod 600"), "\(error)")
            XCTAssertFalse("\(error)".contains("f1le-secret"))
        }
        chmod(url.path, 0o600)
        let s = try Settings.resolve(flags: Flags(source: "metron"), environment: env)
        XCTAssertEqual(s.metron.username.value, "reader")
        XCTAssertEqual(s.metron.password.origin, .configFile(url.path))
    }

    func testTheMetronBudgetIsConfigurableButNeverAboveMetronsLimits() throws {
        _ = try write("metron_per_minute = 10\nmetron_per_day = 1000\n")
        let s = try Settings.resolve(flags: Flags(), environment: env)
        XCTAssertEqual(s.metron.perMinute.value, 10)
        XCTAssertEqual(s.metron.perDay.value, 1_000)
        var over = env
        over["METRON_PER_MINUTE"] = "30"
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: over)) { error in
            XCTAssertEqual("\(error)", "$METRON_PER_MINUTE: metron_per_minute must be from 1 to 20 (Metron's own limit), got 30")
        }
        _ = try write("metron_per_day = 6000\n")
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(), environment: env))
    }

    /// `--public-key` and `--private-key-file` beat the environment and the file, each for its
    /// own key; a flag's partner comes from the environment, else the file.
    func testKeyFlagsBeatEnvironmentAndFile() throws {
        _ = try write("public_key = \"filepub\"\nprivate_key = \"filepriv\"\n")
        let keyFile = folder.appendingPathComponent("private.key")
        try Data("flag-secret\nsecond line ignored\n".utf8).write(to: keyFile)
        var environment = env
        environment["MARVEL_PUBLIC_KEY"] = "envpub"
        environment["MARVEL_PRIVATE_KEY"] = "envpriv"

        let both = try Settings.resolve(flags: Flags(publicKey: "flagpub", privateKeyFile: keyFile.path), environment: environment)
        XCTAssertEqual(both.publicKey, Resolved(value: "flagpub", origin: .flag("--public-key")))
        XCTAssertEqual(both.privateKey, Resolved(value: "flag-secret", origin: .flag("--private-key-file")))

        let publicOnly = try Settings.resolve(flags: Flags(publicKey: "flagpub"), environment: environment)
        XCTAssertEqual(publicOnly.privateKey, Resolved(value: "envpriv", origin: .environment("MARVEL_PRIVATE_KEY")))
        let fromFile = try Settings.resolve(flags: Flags(publicKey: "flagpub"), environment: env)
        XCTAssertEqual(fromFile.privateKey.value, "filepriv", "no variable: the config file's")
        let fileOnly = try Settings.resolve(flags: Flags(privateKeyFile: keyFile.path), environment: environment)
        XCTAssertEqual(fileOnly.publicKey.origin, .environment("MARVEL_PUBLIC_KEY"))
        XCTAssertEqual(fileOnly.privateKey.value, "flag-secret")

        let report = both.report.map(\.value).joined(separator: " ")
        XCTAssertTrue(report.contains("set (public --public-key, private --private-key-file)"), report)
        XCTAssertFalse(report.contains("flag-secret"))
    }

    func testKeyFlagsNeedAPartnerAndAReadableFile() throws {
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(publicKey: "flagpub"), environment: env)) { error in
            XCTAssertEqual("\(error)", "--public-key: needs a private key too: --private-key-file, $MARVEL_PRIVATE_KEY or private_key in config.toml")
        }
        let missing = folder.appendingPathComponent("nope").path
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(publicKey: "p", privateKeyFile: missing), environment: env)) { error in
            XCTAssertEqual("\(error)", "--private-key-file: cannot read \(missing)")
        }
        let empty = folder.appendingPathComponent("empty")
        try Data("\n  \n".utf8).write(to: empty)
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(publicKey: "p", privateKeyFile: empty.path), environment: env)) { error in
            XCTAssertEqual("\(error)", "--private-key-file: \(empty.path) is empty")
        }
        // A device is read no further than 64 KB, so reading one cannot hang.
        XCTAssertThrowsError(try Settings.resolve(flags: Flags(publicKey: "p", privateKeyFile: "/dev/zero"), environment: env))
    }
}

/// The live source these tests resolve with: Metron's row as the executable's source table
/// passes it (Settings itself names no source).
let metronSpec = LiveSourceSpec(name: "metron", displayName: "Metron", variablePrefix: "METRON", defaultURL: "https://metron.cloud",
                                defaultPerMinute: 18, maxPerMinute: 20, defaultPerDay: 4_500, maxPerDay: 5_000)

extension Settings {
    static func resolve(flags: Flags, environment: [String: String], defaultPageSize: Int = 20) throws(SettingsError) -> Settings {
        try resolve(flags: flags, environment: environment, defaultPageSize: defaultPageSize, liveSources: [metronSpec])
    }

    var metron: LiveSourceSettings { live["metron"]! }
}

extension Settings.Source {
    static let metron = Settings.Source.live("metron")
}

extension ConfigFile {
    init(toml text: String, path: String) throws(SettingsError) {
        try self.init(toml: text, path: path, liveSources: [metronSpec])
    }
}
