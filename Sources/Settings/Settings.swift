import Foundation
import Synchronization

/// Where a setting's value came from (shown by `doctor`, named in errors).
public enum Origin: Equatable, Sendable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case configFile(String)
    case builtIn

    public var description: String {
        switch self {
        case .flag(let name): return name
        case .environment(let name): return "$" + name
        case .configFile(let path): return path
        case .builtIn: return "default"
        }
    }
}

/// A setting's value and where it came from.
public struct Resolved<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    public var origin: Origin
    public init(value: Value, origin: Origin) { self.value = value; self.origin = origin }
}

/// The settings that a flag, an environment variable or config.toml can give (nil: not
/// given there). The command line's are `Flags`; the file's are `ConfigFile.values`.
public struct SettingValues: Equatable, Sendable {
    public var colors: String?
    public var graphics: String?
    public var language: String?
    public var pageSize: Int?
    public var source: String?
    public var baseURL: String?
    /// Each live source's URL (`--NAME-url`, `NAME_url`), by the source's name.
    public var liveURLs: [String: String] = [:]
    /// Flags only (`--public-key`, `--private-key-file`): the private key itself never goes on a
    /// command line, where every user could read it with ps.
    public var publicKey: String?
    public var privateKeyFile: String?
    /// `graphics_transfer` (config.toml; the flag and variable are read by DisplaySettings).
    public var graphicsTransfer: String?
    /// `--dither` / config.toml `dither` (checked where pictures are drawn).
    public var dither: String?
    public init(colors: String? = nil, graphics: String? = nil, language: String? = nil, pageSize: Int? = nil,
                source: String? = nil, baseURL: String? = nil, liveURLs: [String: String] = [:], publicKey: String? = nil,
                privateKeyFile: String? = nil) {
        self.colors = colors; self.graphics = graphics; self.language = language
        self.pageSize = pageSize; self.source = source; self.baseURL = baseURL; self.liveURLs = liveURLs
        self.publicKey = publicKey; self.privateKeyFile = privateKeyFile
    }
}

/// What the command line said.
public typealias Flags = SettingValues

/// The settings of one run, every one resolved the same way in this one place:
/// flag > environment variable > config file > built-in default.
public struct Settings: Equatable, Sendable {
    /// Environment variables, one per setting.
    public enum Variable {
        public static let colors = "MARVEL_GALLERY_COLORS"
        public static let graphics = "MARVEL_GALLERY_GRAPHICS"
        public static let language = "MARVEL_GALLERY_LANG"
        public static let pageSize = "MARVEL_GALLERY_PAGE_SIZE"
        public static let source = "MARVEL_GALLERY_SOURCE"
        public static let baseURL = "MARVEL_BASE_URL"
        public static let publicKey = "MARVEL_PUBLIC_KEY"
        public static let privateKey = "MARVEL_PRIVATE_KEY"
    }

    /// Where the data comes from: `auto` (a base URL if set, else the official API when keys
    /// are set, else the built-in catalog), or one of them by name, or a live source by its
    /// name. A live source is never chosen by `auto`: it spends the user's account there, so it
    /// is asked for by name.
    public struct Source: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let auto = Source(rawValue: "auto")
        public static let offline = Source(rawValue: "offline")
        public static let official = Source(rawValue: "official")
        public static let mirror = Source(rawValue: "mirror")
        /// The live source of that name (`LiveSourceSpec.name`).
        public static func live(_ name: String) -> Source { Source(rawValue: name) }
        /// The sources that are not live ones, as `--source` takes them.
        public static let builtIn: [Source] = [.auto, .offline, .official, .mirror]
        /// Every `--source` value: the built-in ones, then each live source's.
        public static func names(_ liveSources: [LiveSourceSpec]) -> [String] {
            builtIn.map(\.rawValue) + liveSources.map(\.name)
        }
        public var description: String { rawValue }
    }

    /// The config file looked for, and whether it was there.
    public var configPath: String
    public var configFound: Bool
    /// The file as read for these settings: the display choices take theirs from it.
    public var config: LoadedConfig
    /// Values for issue 11's `--colors`/`--graphics` (nil: none given anywhere; it decides).
    public var colors: Resolved<String?>
    public var graphics: Resolved<String?>
    /// `en`/`es`; nil: none given, the locale variables decide.
    public var language: Resolved<String?>
    public var pageSize: Resolved<Int>
    public var source: Resolved<Source>
    public var baseURL: Resolved<String?>
    /// Both keys, or nil: from `--public-key`/`--private-key-file`, the environment or the file
    /// (never a private key on the command line: every user sees it through ps).
    public var publicKey: Resolved<String?>
    public var privateKey: Resolved<String?>
    /// Each live source's settings (where, who, how many requests a minute and a day), by name.
    public var live: [String: LiveSourceSettings]
    /// The live sources these settings know, in the table's order.
    public var liveSources: [LiveSourceSpec]

    public var hasKeys: Bool { publicKey.value != nil && privateKey.value != nil }

    /// Resolves every setting. `defaultPageSize` is the command's own (100 for every list);
    /// `liveSources`: the source table's live sources (Settings names none itself).
    /// `config`: the file as the command read it at start (read here when nil).
    public static func resolve(flags: Flags, environment env: [String: String], defaultPageSize: Int = 20,
                               configPath: URL? = nil, config: LoadedConfig? = nil,
                               liveSources: [LiveSourceSpec]) throws(SettingsError) -> Settings {
        let loaded = config ?? LoadedConfig.read(environment: env, liveSources: liveSources, path: configPath)
        let path = loaded.path
        let file = try loaded.get()
        let fileOrigin = Origin.configFile(path.path)
        func text(_ flag: String?, _ flagName: String, _ variable: String, _ fromFile: String?) -> Resolved<String?> {
            if let flag { return Resolved(value: flag, origin: .flag(flagName)) }
            if let value = env[variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return Resolved(value: value, origin: .environment(variable))
            }
            if let fromFile { return Resolved(value: fromFile, origin: fileOrigin) }
            return Resolved(value: nil, origin: .builtIn)
        }
        let language = text(flags.language, "--lang", Variable.language, file?.values.language)
        if let value = language.value, !["en", "es"].contains(value.lowercased()) {
            throw .invalidValue(origin: language.origin, "language must be en or es, got \"\(value)\"")
        }
        let sizeText = text(flags.pageSize.map(String.init), "--page-size", Variable.pageSize, file?.values.pageSize.map(String.init))
        var pageSize = Resolved(value: defaultPageSize, origin: .builtIn)
        if let value = sizeText.value {
            guard let n = Int(value), (1...100).contains(n) else {
                throw .invalidValue(origin: sizeText.origin, "page size must be a whole number from 1 to 100, got \"\(value)\"")
            }
            pageSize = Resolved(value: n, origin: sizeText.origin)
        }
        let sourceText = text(flags.source, "--source", Variable.source, file?.values.source)
        var source = Resolved(value: Source.auto, origin: .builtIn)
        if let value = sourceText.value {
            let names = Source.names(liveSources)
            guard names.contains(value.lowercased()) else {
                throw .invalidValue(origin: sourceText.origin,
                                    "source must be one of \(names.joined(separator: ", ")), got \"\(value)\"")
            }
            source = Resolved(value: Source(rawValue: value.lowercased()), origin: sourceText.origin)
        }
        let baseURL = text(flags.baseURL, "--base-url", Variable.baseURL, file?.values.baseURL)
        if let value = baseURL.value, !isHTTPURL(value) {
            throw .invalidValue(origin: baseURL.origin, "the base URL must be an absolute http(s) URL, got \"\(value)\"")
        }
        let (publicKey, privateKey) = try keys(flags, env, file, fileOrigin)
        let settings = Settings(
            configPath: path.path, configFound: file != nil, config: loaded,
            colors: text(flags.colors, "--colors", Variable.colors, file?.values.colors),
            graphics: text(flags.graphics, "--graphics", Variable.graphics, file?.values.graphics),
            language: language, pageSize: pageSize, source: source, baseURL: baseURL,
            publicKey: publicKey, privateKey: privateKey, live: [:], liveSources: liveSources)
        var resolved = settings
        for spec in liveSources {
            let url = text(flags.liveURLs[spec.name], spec.urlFlag, spec.urlVariable, file?.values.liveURLs[spec.name])
            resolved.live[spec.name] = try LiveSourceSettings.resolve(spec, url, env, file?.live[spec.name], fileOrigin)
        }
        if let spec = liveSources.first(where: { $0.name == source.value.rawValue }), resolved.live[spec.name]?.hasCredentials(spec) != true {
            throw .invalidValue(origin: source.origin, "source \(spec.name) \(spec.missingCredentials)")
        }
        switch source.value {
        case .mirror where baseURL.value == nil:
            throw .invalidValue(origin: source.origin, "source mirror needs a base URL (--base-url, $MARVEL_BASE_URL or base_url)")
        case .official where !settings.hasKeys:
            throw .invalidValue(origin: source.origin, "source official needs MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY (or public_key and private_key)")
        default: return resolved
        }
    }

    /// The keys: a flag wins for its own key and takes its partner from the environment, else
    /// the file; without flags the two come from one place together: the environment, else the file.
    private static func keys(_ flags: Flags, _ env: [String: String], _ file: ConfigFile?, _ fileOrigin: Origin)
        throws(SettingsError) -> (Resolved<String?>, Resolved<String?>) {
        let nonBlank: (String?) -> String? = { $0.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        if flags.publicKey != nil || flags.privateKeyFile != nil {
            func partner(_ variable: String, _ fromFile: String?) -> Resolved<String?> {
                if let value = nonBlank(env[variable]) { return Resolved(value: value, origin: .environment(variable)) }
                if let value = nonBlank(fromFile) { return Resolved(value: value, origin: fileOrigin) }
                return Resolved(value: nil, origin: .builtIn)
            }
            var publicKey = partner(Variable.publicKey, file?.publicKey)
            if let flag = flags.publicKey {
                guard let value = nonBlank(flag) else { throw .invalidValue(origin: .flag("--public-key"), "the public key is empty") }
                publicKey = Resolved(value: value, origin: .flag("--public-key"))
            }
            var privateKey = partner(Variable.privateKey, file?.privateKey)
            if let path = flags.privateKeyFile {
                privateKey = Resolved(value: try readPrivateKeyFile(path), origin: .flag("--private-key-file"))
            }
            guard publicKey.value != nil else {
                throw .invalidValue(origin: .flag("--private-key-file"),
                                    "needs a public key too: --public-key, $\(Variable.publicKey) or public_key in config.toml")
            }
            guard privateKey.value != nil else {
                throw .invalidValue(origin: .flag("--public-key"),
                                    "needs a private key too: --private-key-file, $\(Variable.privateKey) or private_key in config.toml")
            }
            return (publicKey, privateKey)
        }
        let envPublic = nonBlank(env[Variable.publicKey]), envPrivate = nonBlank(env[Variable.privateKey])
        if envPublic != nil || envPrivate != nil {
            guard envPublic != nil, envPrivate != nil else {
                let missing = envPublic == nil ? Variable.publicKey : Variable.privateKey
                throw .invalidValue(origin: .environment(missing), "\(missing) is not set but its partner is")
            }
            return (Resolved(value: envPublic, origin: .environment(Variable.publicKey)),
                    Resolved(value: envPrivate, origin: .environment(Variable.privateKey)))
        }
        let filePublic = nonBlank(file?.publicKey), filePrivate = nonBlank(file?.privateKey)
        if filePublic != nil || filePrivate != nil {
            guard filePublic != nil, filePrivate != nil else {
                throw .invalidValue(origin: fileOrigin, "public_key and private_key go together")
            }
            return (Resolved(value: filePublic, origin: fileOrigin), Resolved(value: filePrivate, origin: fileOrigin))
        }
        return (Resolved(value: nil, origin: .builtIn), Resolved(value: nil, origin: .builtIn))
    }

    /// The private key in a file (`--private-key-file`, shared with `serve`): its first line,
    /// trimmed. The key is never part of an error.
    public static func readPrivateKeyFile(_ path: String,
                                          warn: (String) -> Void = { try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \($0)\n".utf8)) })
        throws(SettingsError) -> String {
        // Read once per process: a pipe (`<(pass show marvel)`) cannot be read twice, and
        // `serve` asks for the key while validating and again while starting.
        if let known = KeyFileMemo.shared.key(path) { return known }
        let key = try readPrivateKeyFileOnce(path, warn: warn)
        KeyFileMemo.shared.remember(path, key)
        return key
    }

    private static func readPrivateKeyFileOnce(_ path: String, warn: (String) -> Void) throws(SettingsError) -> String {
        let origin = Origin.flag("--private-key-file")
        // A pipe (`--private-key-file <(pass show marvel)`) is fine; at most 64 KB is read, so
        // a device such as /dev/zero cannot keep it reading. Opened without blocking: a named
        // FIFO that nobody writes to would otherwise hang `serve` (and its client) in open().
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .invalidValue(origin: origin, "cannot read \(path)") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var leading: [UInt8] = []
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .invalidValue(origin: origin, "cannot read \(path)") }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Like config.toml's key check, but a warning: the flag names a file on purpose.
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 {
                warn("warning: --private-key-file \(path) is readable or writable by others (mode \(String(mode, radix: 8))); "
                     + "chmod 600 it")
            }
        case S_IFIFO:
            // Without a writer a non-blocking read ends at once (0); with one it waits (EAGAIN)
            // or has data. Either way the rest is read blocking, as a pipe from `<(...)` needs.
            var first: UInt8 = 0
            let n = read(fd, &first, 1)
            if n == 0 { throw .invalidValue(origin: origin, "\(path) is a FIFO (named pipe) with nothing writing to it") }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            if n == 1 { leading = [first] }
        case S_IFCHR, S_IFBLK, S_IFSOCK: break   // read at most 64 KB below
        default: throw .invalidValue(origin: origin, "\(path) is not a file")
        }
        let data = Data(leading) + ((try? handle.read(upToCount: (64 << 10) - leading.count)) ?? Data())
        let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let key = firstLine.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { throw .invalidValue(origin: origin, "\(path) is empty") }
        guard key.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7f }) else {
            throw .invalidValue(origin: origin, "\(path) does not hold a key on its first line (it has spaces or control characters)")
        }
        return key
    }

    static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// `label  value  (origin)` lines for `doctor`; the private key is never shown.
    public var report: [(label: String, value: String)] {
        func show(_ value: String?, _ origin: Origin) -> String { "\(value ?? "-") (\(origin))" }
        return [
            ("config file", configPath + (configFound ? " (read)" : " (none)")),
            ("setting colors", show(colors.value, colors.origin)),
            ("setting graphics", show(graphics.value, graphics.origin)),
            ("setting language", show(language.value, language.origin)),
            ("setting page size", show(String(pageSize.value), pageSize.origin)),
            ("setting source", show(source.value.rawValue, source.origin)),
            ("setting base URL", show(baseURL.value, baseURL.origin)),
            ("setting keys", hasKeys ? "set (public \(publicKey.origin), private \(privateKey.origin))" : "none"),
        ] + liveSources.flatMap { spec -> [(label: String, value: String)] in
            guard let own = live[spec.name] else { return [] }
            return [
                ("setting \(spec.displayName) URL", show(own.url.value, own.url.origin)),
                spec.auth == .apiKey
                    ? ("setting \(spec.displayName) API key", own.password.value == nil ? "none" : "set (\(own.password.origin))")
                    : ("setting \(spec.displayName) account", own.username.value.map { "\($0), password set (\(own.password.origin))" } ?? "none"),
                ("setting \(spec.displayName) budget", spec.hasDayBudget
                    ? "\(own.perMinute.value)/min, \(own.perDay.value)/day (\(own.perMinute.origin))"
                    : "\(own.perMinute.value) a resource per \(spec.window) (\(own.perMinute.origin))"),
            ]
        }
    }
}

/// Keys already read from `--private-key-file`, by path (this process only; never written anywhere).
private final class KeyFileMemo: Sendable {
    static let shared = KeyFileMemo()
    private let keys = Mutex<[String: String]>([:])
    func key(_ path: String) -> String? { keys.withLock { $0[path] } }
    func remember(_ path: String, _ key: String) { keys.withLock { $0[path] = key } }
}
