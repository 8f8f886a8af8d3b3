import ArgumentParser
import Foundation
import GalleryApp
import HTTPTransport
import MarvelAPI
import CatalogServer
import Settings
import Synchronization

/// Where the data comes from, shared by every data subcommand (`--source auto`, the default):
/// a base URL (`--base-url`, `MARVEL_BASE_URL` or `base_url` in config.toml) → that server
/// (signed when keys are set); keys only → the official gateway (retired in 2025: the client
/// says so); neither → the built-in catalog on loopback.
struct ClientOptions: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: "A Marvel-compatible server, e.g. http://127.0.0.1:8080 (default: $MARVEL_BASE_URL, then base_url in config.toml).")
    var baseURL: String?

    @Option(help: ArgumentHelp("Where the data comes from: \(ClientOptions.sourceNames) (default: $MARVEL_GALLERY_SOURCE, then source in config.toml, then auto).",
                               valueName: "source"),
            completion: .list(Settings.Source.names(LiveSources.specs)))
    var source: String?

    @OptionGroup var liveSource: LiveSourceOptions

    /// `auto, offline, official, mirror or ...`: every `--source` value.
    static var sourceNames: String {
        let names = Settings.Source.names(LiveSources.specs)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    @Option(name: .customLong("public-key"),
            help: "Your Marvel public key (default: $MARVEL_PUBLIC_KEY, then public_key in config.toml).")
    var publicKey: String?

    @Option(name: .customLong("private-key-file"),
            help: ArgumentHelp("A file whose first line is your private key (default: $MARVEL_PRIVATE_KEY, then private_key in config.toml; never a key on the command line, where ps shows it).",
                               valueName: "file"),
            completion: .file())
    var privateKeyFile: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the response cache.")
    var noCache = false

    @Option(help: "Seconds allowed per attempt (1-300; a live source's answers may wait longer, for its request budget).")
    var timeout: Int = 30

    func validate() throws {
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 300 seconds") }
        if let url = baseURL, Self.parseBaseURL(url) == nil {
            // "127.0.0.1:8080" parses with "127.0.0.1" as its scheme: say what was meant.
            let meant = Self.parseBaseURL("http://" + url).map { "; did you mean \"\($0.absoluteString)\"?" } ?? ""
            throw ValidationError("--base-url must be an absolute http(s) URL, got \"\(url)\"\(meant)")
        }
        if let source, !Settings.Source.names(LiveSources.specs).contains(source.lowercased()) {
            throw ValidationError("--source expects \(Self.sourceNames), got \"\(source)\"")
        }
    }

    /// The settings of this run: these flags and the command's own over the environment,
    /// config.toml and the defaults (`Settings.resolve` is the one place that decides).
    func settings(pageSize: Int? = nil, language: String? = nil, defaultPageSize: Int = 20) throws -> Settings {
        var flags = Flags(language: language, pageSize: pageSize, source: source, baseURL: baseURL,
                          publicKey: publicKey, privateKeyFile: privateKeyFile)
        liveSource.apply(to: &flags)
        return try Settings.resolve(flags: flags, environment: ProcessInfo.processInfo.environment, defaultPageSize: defaultPageSize,
                                     liveSources: LiveSources.specs)
    }

    static func parseBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url
    }

    /// The keys of this run: from the environment or config.toml, else the credentials file.
    static func credentials(_ settings: Settings) throws -> MarvelCredentials? {
        if settings.hasKeys, let pub = settings.publicKey.value, let priv = settings.privateKey.value {
            return MarvelCredentials(publicKey: pub, privateKey: priv)
        }
        return try CredentialsLoader.load()
    }

    /// What the status line calls the client's server (and whether it searches inside names).
    static func kind(of client: MarvelClient, _ settings: Settings) -> DataSourceKind {
        if let live = LiveSources.row(for: settings) { return live.kind(LiveText { LiveSources.statusText() ?? live.displayName }) }
        if BuiltInCatalog.isBuiltIn(client.baseURL) { return .offlineCatalog }
        if client.isOfficialGateway || settings.baseURL.value == nil || settings.source.value == .official { return .officialAPI }
        return .mirror(settings.baseURL.value ?? client.baseURL.absoluteString)
    }

    /// Builds the client for this run.
    func makeClient(_ settings: Settings) async throws -> MarvelClient {
        var credentials = try Self.credentials(settings)
        let transport = try HTTPTransport()
        // A live source's answers may wait for the request budget (up to a minute, or a 429's
        // Retry-After): silence from the in-process server is then not a stalled transfer.
        let timeouts = LiveSources.row(for: settings)?.patientTimeouts ?? HTTPTimeouts(total: .seconds(timeout))
        let base: URL
        let mirror = settings.baseURL.value.flatMap(Self.parseBaseURL)
        switch settings.source.value {
        case .offline:
            credentials = nil
            base = try await BuiltInCatalog.baseURL()
        case .official:
            base = MarvelClient.officialBaseURL
        case .mirror, .auto:
            if let mirror {
                base = mirror
            } else if credentials != nil {
                base = MarvelClient.officialBaseURL
            } else {
                base = try await BuiltInCatalog.baseURL()
            }
        default:
            // A live source translated by the in-process server (its own cache and budget): loopback.
            guard let live = LiveSources.row(for: settings) else { throw ValidationError("no source \(settings.source.value)") }
            credentials = nil
            base = try await LiveSources.start(live, settings, noCache: noCache).baseURL
        }
        let isLoopback = Loopback.isLoopback(host: base.host ?? "")
        // The loopback catalog is already local: caching its answers would only duplicate it.
        let cache = noCache || isLoopback ? nil : ResponseCache(directory: ResponseCache.defaultDirectory())
        return MarvelClient(baseURL: base, credentials: credentials, transport: transport, cache: cache, timeouts: timeouts)
    }
}

/// The built-in offline catalog: the embedded Fixtures catalog served by an in-process
/// CatalogServer on an ephemeral loopback port for the life of the command.
enum BuiltInCatalog {
    private static let running = Mutex<CatalogServer?>(nil)

    static func baseURL() async throws -> URL {
        let server: CatalogServer
        do {
            server = try await CatalogServer.start(CatalogServerOptions(source: .embedded))
        } catch {
            throw MarvelAPIError.invalidArgument(
                "the built-in catalog could not start (\(error)); start one with `marvel-gallery serve` and pass "
                + "--base-url http://127.0.0.1:8080, or set MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY")
        }
        running.withLock { $0 = server }  // keeps it for the rest of the process
        return server.baseURL
    }

    /// True when `url` is the in-process server (the status line says "offline catalog").
    static func isBuiltIn(_ url: URL) -> Bool { running.withLock { $0?.baseURL == url } }

    /// The in-process server's address while it runs (`InProcessURLs`).
    static var runningBaseURL: URL? { running.withLock { $0?.baseURL } }
}

/// How a data subcommand presents its result.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Plain text for scripts (the default when stdout is not a terminal).")
    var plain = false

    @Flag(help: "JSON for scripts: the records with Marvel field names (favourites and recent: their saved entries).")
    var json = false

    func validate() throws {
        if plain && json { throw ValidationError("--plain and --json exclude each other; pick one") }
    }

    /// Plain output was asked for, or there is no terminal to draw a screen on.
    var wantsPlain: Bool { plain || json || isatty(STDOUT_FILENO) == 0 }
}
