import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import Settings
import Synchronization

/// `--source metron`: the Metron client of this run, from the settings (URL, account, budget),
/// with the user-wide budget file and the Metron response cache under the cache folder.
enum MetronLaunch {
    /// Where Metron's answers are kept (details for days, lists for a day, stale ones when
    /// Metron cannot be reached): beside the Marvel response cache, never mixed with it.
    static var cacheDirectory: URL { ResponseCache.defaultDirectory().appendingPathComponent("metron") }

    /// For clients of the in-process Metron server, whose answers may wait for the budget or
    /// for what Metron asked (up to `MetronRateLimiter.maxPause`, said on stderr or in the
    /// status line): that silence is not a stalled transfer. (At 150 s, a 429 asking for more
    /// used to end as "transfer stalled" after 7 minutes of silence.)
    static let patientTimeouts = HTTPTimeouts(stallWindow: .seconds(Int(MetronRateLimiter.maxPause) + 150),
                                              total: .seconds(Int(MetronRateLimiter.maxPause) + 180))

    /// Plain output says each wait on stderr; the gallery (which counts it down in the status
    /// line) turns this off before it starts.
    static let printsWaits = Mutex(true)

    /// The last thing Metron's rate limit made us say, for the error that ends a plain run.
    static let lastRateLimit = Mutex<String?>(nil)

    private static func tell(_ wait: MetronWait) {
        guard printsWaits.withLock({ $0 }) else { return }
        FileHandle.standardError.write(Data("marvel-gallery: \(wait.description)\n".utf8))
    }

    /// `longestWait`: `serve`'s bound on a request's wait for the budget (nil: as long as it takes).
    static func client(_ settings: Settings, noCache: Bool = false, longestWait: TimeInterval? = nil) throws -> MetronClient {
        let metron = settings.metron
        guard let username = metron.username.value, let password = metron.password.value else {
            throw MetronError.missingCredentials
        }
        guard let url = URL(string: metron.url.value) else { throw MetronError.transport("bad Metron URL") }
        let budget = MetronBudget(perMinute: metron.perMinute.value, perDay: metron.perDay.value)
        return MetronClient(baseURL: url, credentials: MetronCredentials(username: username, password: password),
                            transport: try HTTPTransport(),
                            limiter: MetronRateLimiter(file: MetronRateLimiter.defaultFile(), budget: budget,
                                                       onWait: { wait in
                                                           lastRateLimit.withLock { $0 = wait.description }
                                                           tell(wait)
                                                       }),
                            cache: noCache ? nil : ResponseCache(directory: cacheDirectory, sizeLimit: 200 << 20),
                            longestWait: longestWait)
    }

    /// The in-process server that answers the Marvel contract from Metron, for the data commands.
    static func start(_ settings: Settings, noCache: Bool) async throws -> CatalogServer {
        let serving = MetronServing(client: try client(settings, noCache: noCache))
        running.withLock { $0 = serving.client }
        let server = try await CatalogServer.start(CatalogServerOptions(source: .metron(serving)))
        serverBase.withLock { $0 = server.baseURL }
        return server
    }

    /// The in-process translating server's address while it runs (`InProcessURLs`).
    static var runningBaseURL: URL? { serverBase.withLock { $0 } }
    private static let serverBase = Mutex<URL?>(nil)

    private static let running = Mutex<MetronClient?>(nil)

    /// Metron's credit for the gallery's header before (or without) a page that carries it.
    static let attribution = MetronTerms.attribution

    /// Lets the requests already sent to Metron finish and be stored before the program exits.
    static func settle() async {
        await running.withLock({ $0 })?.settle()
    }

    /// Why the running Metron client last gave up on the rate limit ("Metron asks to wait
    /// 11 days 13 h; try again after ..."), for the error line of a plain run.
    static func rateLimitText() -> String? {
        running.withLock({ $0 })?.lastRateLimitError
    }

    /// The status line's budget text of the running Metron client and Metron's credit, e.g.
    /// "Metron · 14/18 this minute · 4,310 today · CC BY-SA 4.0"; nil when Metron is not the
    /// source. Read from the shared file at every draw (a locked read of a few hundred bytes):
    /// a copy kept for even half a second went stale when the last pictures arrived within it,
    /// and no later frame came to correct it.
    static func budgetText() -> String? {
        guard let client = running.withLock({ $0 }), let usage = try? client.limiter.usage() else { return nil }
        return usage.statusText + " · " + MetronTerms.statusCredit
    }
}
