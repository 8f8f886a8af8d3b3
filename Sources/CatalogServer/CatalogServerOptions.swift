import Catalog
// The source seam's types (`LiveSource`, `ImageRendering`) are this target's public API.
@_exported import ContractServing
import EmbeddedCatalogFile
import Foundation

/// How to start a `CatalogServer`.
public struct CatalogServerOptions: Sendable {
    /// Where the data comes from.
    public enum Source: Sendable {
        /// The catalog embedded in `Fixtures/catalog` (its SQLite file built with the package,
        /// installed into the cache folder at first launch, then reused).
        case embedded
        /// A fixtures-shaped folder (envelopes + images), built once per content version.
        case fixtures(URL)
        /// An existing SQLite catalog (e.g. one made by `catalog import`).
        case database(String)
        /// The deterministic scale catalog: that many characters and comics, images drawn on demand.
        case synthetic(characters: Int, comics: Int)
        /// Anything else that reads like a catalog.
        case reader(any CatalogReading)
        /// A live service translated into the contract on each request (the executable's
        /// source table makes it).
        case live(any LiveSource)
    }

    /// Loopback by default; the server never listens beyond the machine unless told to.
    public var host = "127.0.0.1"
    /// 0 picks a free ephemeral port (see `CatalogServer.port`).
    public var port = 0
    public var source: Source = .embedded
    /// With keys, requests must carry apikey/ts/hash as for the real gateway; without, open.
    public var keys: APIKeys?
    public var faults = FaultOptions()
    /// Resizes originals into variants; nil means ImageCore.
    public var renderer: (any ImageRendering)?
    /// SIGINT/SIGTERM stop the server gracefully (for `marvel-gallery serve`, not in-process use).
    public var handleSignals = false
    /// `/debug/stats` and `/debug/reset` answer (behind the keys when keys are set); off, they
    /// are 404 like any unknown path. On for in-process use, opt-in for `serve` (`--debug`).
    public var debugEndpoints = true
    /// CORS (`*` by default) and the referrers allowed to call with `apikey` alone.
    public var browser = BrowserAccess()
    /// A connection that sends nothing the HTTP decoder can use for this long is closed: an
    /// unfinished request head (slowloris), or an idle kept-alive connection. An answer being
    /// written (a throttled picture, added latency) is never cut by it.
    public var idleTimeout: Duration = .seconds(15)
    /// Connections open at once; past it the server accepts no more until one closes (the
    /// rest wait in the kernel's queue). Each costs buffers and a task: 10,000 at once took
    /// `serve` from 69 MB to over 300 MB, and it stayed there.
    public var maxConnections = 512
    /// Bytes of finished answers kept for repeated requests; 0 builds every answer (the
    /// benchmark's cold figures).
    public var answerCacheBytes = 64 << 20
    /// Cached API pages are answered on the connection's event loop, ahead of the router
    /// (`CachedAnswerHandler`); off, the router answers every request (`serve
    /// --no-event-loop-answers`, for comparing the two).
    public var answersOnEventLoop = true
    /// A folder on a disk filesystem for the files large cached bodies go from by sendfile,
    /// unnamed (O_TMPFILE: gone with the process); nil, or a folder that cannot hold one, keeps
    /// them in memory files (`BodyFile`). `serve` gives its cache folder.
    public var bodyFileFolder: String?
    /// One combined-format line per request (`serve --access-log`); nil logs nothing.
    public var accessLog: AccessLog?

    public init(source: Source = .embedded, host: String = "127.0.0.1", port: Int = 0,
                keys: APIKeys? = nil, faults: FaultOptions = FaultOptions()) {
        self.source = source
        self.host = host
        self.port = port
        self.keys = keys
        self.faults = faults
    }

    /// The one source the server answers from: the live one, else the catalog opened.
    func backend() throws -> any LiveSource {
        if case .live(let source) = source { return source }
        return CatalogSource(catalog: try openCatalog(), renderer: renderer ?? DefaultImageRenderer())
    }

    func openCatalog() throws -> any CatalogReading {
        switch source {
        // The package build's ready file is installed when it holds these fixtures' version.
        case .embedded: return try EmbeddedCatalog.open(ready: ReadyCatalogFile.url)
        case .fixtures(let url): return try EmbeddedCatalog.open(fixtures: url, ready: ReadyCatalogFile.url)
        case .database(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                throw CatalogError.unreadable(path: path, reason: "no such catalog")
            }
            return try CatalogStore(path: path)
        case .synthetic(let characters, let comics):
            return SyntheticCatalog(characters: characters, comics: comics)
        case .reader(let reader): return reader
        case .live: throw CatalogError.unreadable(path: "", reason: "a live source has no catalog")
        }
    }
}
