import ArgumentParser
import Foundation
import HTTPTransport
import MarvelAPI
import CatalogServer
import Synchronization

/// Where the data comes from, shared by every data subcommand:
/// `--base-url` (or `MARVEL_BASE_URL`) → that server (signed when keys are set);
/// keys only → the official gateway (retired in 2025: the client says so);
/// neither → the built-in catalog on loopback.
struct ClientOptions: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: "A Marvel-compatible server, e.g. http://127.0.0.1:8080 (default: $MARVEL_BASE_URL).")
    var baseURL: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the response cache.")
    var noCache = false

    @Option(help: "Seconds allowed per attempt (1-300).")
    var timeout: Int = 30

    func validate() throws {
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 300 seconds") }
        if let url = resolvedBaseURLText, Self.parseBaseURL(url) == nil {
            throw ValidationError("--base-url must be an absolute http(s) URL, got \"\(url)\"")
        }
    }

    var resolvedBaseURLText: String? {
        if let baseURL { return baseURL }
        let env = ProcessInfo.processInfo.environment["MARVEL_BASE_URL"]?.trimmingCharacters(in: .whitespaces)
        return env?.isEmpty == false ? env : nil
    }

    static func parseBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url
    }

    /// Builds the client for this run.
    func makeClient() async throws -> MarvelClient {
        let credentials = try CredentialsLoader.load()
        let transport = try HTTPTransport()
        let timeouts = HTTPTimeouts(total: .seconds(timeout))
        let base: URL
        if let text = resolvedBaseURLText, let url = Self.parseBaseURL(text) {
            base = url
        } else if credentials != nil {
            base = MarvelClient.officialBaseURL
        } else {
            base = try await BuiltInCatalog.baseURL()
        }
        let isLoopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(base.host ?? "")
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
}

/// How a data subcommand presents its result.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Plain text for scripts (the default when stdout is not a terminal).")
    var plain = false

    @Flag(help: "Print the decoded entities as JSON (Marvel field names).")
    var json = false

    func validate() throws {
        if plain && json { throw ValidationError("--plain and --json exclude each other; pick one") }
    }

    /// Plain output was asked for, or there is no terminal to draw a screen on.
    var wantsPlain: Bool { plain || json || isatty(STDOUT_FILENO) == 0 }
}
