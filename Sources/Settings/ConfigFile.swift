import Foundation
import TOMLKit
import UserDirectories

/// `$XDG_CONFIG_HOME/marvel-gallery/config.toml` (default `~/.config/...`): the user's
/// defaults, each overridable by its environment variable and its flag. Parsed with TOMLKit
/// (toml++); unknown keys and wrong types are errors that name the key, so a typo is never
/// silently ignored. A file holding `private_key` or a live source's password must be mode 0600 or it is refused.
public struct ConfigFile: Equatable, Sendable {
    public var values = SettingValues()
    public var publicKey: String?
    public var privateKey: String?
    /// Each live source's values, by its name.
    public var live: [String: LiveSourceFileValues] = [:]
    /// `serve`: referrer patterns let through with `apikey` alone, and CORS origins.
    public var allowedReferrers: [String]?
    public var corsOrigins: [String]?
    /// `serve`: seconds a request may wait for a live source's budget before a 429.
    public var serveLongestWait: Int?

    public init() {}

    /// The keys the file may hold, as written in it: each live source's after the Marvel keys.
    public static func keys(_ liveSources: [LiveSourceSpec]) -> [String] {
        ["colors", "graphics", "language", "page_size", "source", "base_url", "public_key", "private_key"]
            + liveSources.flatMap(\.configKeys)
            + ["allowed_referrers", "cors_origins", "graphics_transfer", "dither", "serve_longest_wait"]
    }

    /// Where the file is looked for.
    public static func path(environment: [String: String]) -> URL {
        UserDirectories.appConfig(environment).appendingPathComponent("config.toml")
    }

    /// Parses TOML text; `path` only names the file in errors.
    public init(toml text: String, path: String, liveSources: [LiveSourceSpec]) throws(SettingsError) {
        let known = Self.keys(liveSources)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .invalidConfig(path, "\(error.description) at line \(error.source.begin.line)")
        } catch {
            throw .invalidConfig(path, "\(error)")
        }
        for key in table.keys where !known.contains(key) {
            let guess = NearestName.closest(to: key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw .invalidConfig(path, "unknown key \"\(key)\"\(guess); known keys: \(known.joined(separator: ", "))")
        }
        func string(_ key: String) throws(SettingsError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw .invalidConfig(path, "\(key) must be a string, e.g. \(key) = \"...\"") }
            return text
        }
        values.colors = try string("colors")
        values.graphics = try string("graphics")
        values.graphicsTransfer = try string("graphics_transfer")
        values.dither = try string("dither")
        values.language = try string("language")
        values.source = try string("source")
        values.baseURL = try string("base_url")
        publicKey = try string("public_key")
        privateKey = try string("private_key")
        for spec in liveSources {
            var own = LiveSourceFileValues()
            own.url = try string(spec.urlKey)
            own.username = try string(spec.usernameKey)
            own.password = try string(spec.passwordKey)
            live[spec.name] = own
            if let url = own.url { values.liveURLs[spec.name] = url }
        }
        func int(_ key: String, example: Int) throws(SettingsError) -> Int? {
            guard let value = table[key] else { return nil }
            guard let number = value.int else { throw .invalidConfig(path, "\(key) must be a whole number, e.g. \(key) = \(example)") }
            return number
        }
        func strings(_ key: String, example: String) throws(SettingsError) -> [String]? {
            guard let value = table[key] else { return nil }
            guard let array = value.array, let texts = Optional(array.compactMap(\.string)), texts.count == array.count else {
                throw .invalidConfig(path, "\(key) must be a list of strings, e.g. \(key) = [\"\(example)\"]")
            }
            return texts
        }
        allowedReferrers = try strings("allowed_referrers", example: "localhost:*")
        corsOrigins = try strings("cors_origins", example: "http://localhost:5173")
        values.pageSize = try int("page_size", example: 50)
        for spec in liveSources {
            live[spec.name]?.perMinute = try int(spec.perMinuteKey, example: spec.defaultPerMinute)
            if spec.hasDayBudget { live[spec.name]?.perDay = try int(spec.perDayKey, example: spec.defaultPerDay) }
        }
        serveLongestWait = try int("serve_longest_wait", example: 5)
    }

    /// Whether the file holds a secret (and so must not be readable by others).
    public var holdsSecret: Bool { privateKey != nil || live.values.contains { $0.password != nil } }

    /// The largest config file read: a real one is a few hundred bytes, and a 50 MB value took
    /// 4.4 s and 238 MB to parse.
    public static let maxBytes = 1 << 20

    /// Reads the file at `url`; nil when there is none. Refuses a file larger than `maxBytes`,
    /// and one that holds a secret and is readable or writable by group or others.
    public static func load(_ url: URL, liveSources: [LiveSourceSpec]) throws(SettingsError) -> ConfigFile? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        // A folder is not "unreadable UTF-8": say what it is; a FIFO would block the read.
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw .invalidConfig(url.path, kind == S_IFDIR ? "is a folder, not a file" : "is not a regular file")
        }
        guard info.st_size <= maxBytes else {
            throw .invalidConfig(url.path, "is \(info.st_size) bytes, larger than the \(maxBytes >> 20) MB a config file may be")
        }
        guard let data = FileManager.default.contents(atPath: url.path), data.count <= maxBytes,
              let text = String(data: data, encoding: .utf8) else {
            throw .invalidConfig(url.path, "cannot be read as UTF-8 text")
        }
        let file = try ConfigFile(toml: text, path: url.path, liveSources: liveSources)
        let mode = info.st_mode & 0o777
        if file.holdsSecret, mode & 0o077 != 0 {
            let secrets = (["private_key"] + liveSources.map(\.passwordKey)).joined(separator: " or ")
            throw .insecureConfig(url.path, mode: String(mode, radix: 8), secrets: secrets)
        }
        return file
    }
}
