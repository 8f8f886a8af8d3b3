import ArgumentParser
import Catalog
import CatalogServer
import ComicVineSource
import Foundation
import GalleryApp
import HTTPTransport
import LiveSourceKit
import MarvelAPI
import MetronSource
import Settings
import Synchronization

/// The live sources, one row each: the only file outside a source's own folder that names one.
/// A row says what `--source` calls it, which settings make it, and what the rest of the program
/// asks of it (its status text, its credit, how long its answers may wait, the doctor's check,
/// recordings it imports); everything else speaks `LiveSource` and these rows.
struct LiveSourceRow: Sendable {
    /// As `--source` takes it.
    let name: String
    /// As the status line says it before its budget is known.
    let displayName: String
    /// The settings it reads (its URL, account and budget: keys, variables, defaults, limits).
    let settings: LiveSourceSpec
    /// The `Settings.Source` that selects it.
    var setting: Settings.Source { .live(name) }
    /// What `serve` says it serves.
    let serving: String
    /// `--source` help: what choosing it does.
    let help: String
    /// `catalog import` help: the recordings it translates.
    let recordingsHelp: String
    /// The source of a run, from its settings; `longestWait`: `serve`'s bound on a request's
    /// wait for the source's budget (nil: as long as it takes).
    let make: @Sendable (Settings, _ noCache: Bool, _ longestWait: TimeInterval?) throws -> any LiveSource
    /// Its credit for the gallery's header before (or without) a page that carries it.
    let attribution: String
    /// For clients of the in-process server, whose answers may wait for the source's budget.
    let patientTimeouts: HTTPTimeouts
    /// The status line's kind, its text read when drawn.
    let kind: @Sendable (LiveText) -> DataSourceKind
    /// The doctor's line about its shared state (a budget file), nil when fine.
    let doctorLine: @Sendable () -> (String, String)?
    /// Whether a folder holds its recordings (`catalog import` translates those).
    let holdsRecordings: @Sendable (String) -> Bool
    /// Imports a folder of its recordings into a catalog; the notes to say.
    let importRecordings: @Sendable (String, CatalogStore, inout ImportReport) -> [String]
}

/// The live sources' own command-line options (each source's address), for `serve` and the
/// data commands alike.
struct LiveSourceOptions: ParsableArguments {
    @Option(name: .customLong("metron-url"),
            help: "Metron's address for --source metron (default: $METRON_URL, then metron_url in config.toml, then https://metron.cloud).")
    var metronURL: String?

    @Option(name: .customLong("comicvine-url"),
            help: "Comic Vine's API address for --source comicvine (default: $COMICVINE_URL, then comicvine_url in config.toml, then https://comicvine.gamespot.com/api).")
    var comicVineURL: String?

    /// These options as the settings' flags.
    func apply(to flags: inout Flags) {
        flags.liveURLs["metron"] = metronURL
        flags.liveURLs["comicvine"] = comicVineURL
    }
}

enum LiveSources {
    /// Each live source's own response cache: larger than the Marvel one's, since every
    /// request a source answers costs a share of its rate limit.
    static let responseCacheLimit = 200 << 20

    static let rows: [LiveSourceRow] = [
        LiveSourceRow(
            name: "metron", displayName: "Metron",
            settings: LiveSourceSpec(name: "metron", displayName: "Metron", variablePrefix: "METRON",
                                     defaultURL: "https://metron.cloud",
                                     defaultPerMinute: 18, maxPerMinute: MetronBudget.metronPerMinute,
                                     defaultPerDay: 4_500, maxPerDay: MetronBudget.metronPerDay),
            serving: "Metron (within its rate limit)",
            help: "metron: answer from metron.cloud with your account (METRON_USERNAME/METRON_PASSWORD), within its rate limit",
            recordingsHelp: "A folder of Metron recordings (one JSON body per file and an INDEX.tsv naming each request, "
                + "as ../shared/metron-recorded) is translated into Marvel entities as `serve --source metron` does.",
            make: { settings, noCache, longestWait in
                // `serve` (a bound on waits) fills list items within the spare budget for its
                // clients; the gallery's own lists are filled from what is stored.
                MetronServing(client: try MetronLaunch.client(settings, noCache: noCache, longestWait: longestWait),
                              fillsLists: longestWait != nil)
            },
            attribution: MetronTerms.attribution, patientTimeouts: MetronLaunch.patientTimeouts,
            kind: { .live($0, LiveTraits(creatorsOrder: "firstName", ordersComics: false, searchesOnEnter: true, name: "metron")) },
            doctorLine: { MetronLaunch.budgetProblem().map { ("metron budget", $0) } },
            holdsRecordings: { MetronRecordingsImport.index(atFolder: $0) != nil },
            importRecordings: { folder, store, report in MetronRecordingsImport.run(folder: folder, into: store, report: &report).notes }),
        LiveSourceRow(
            name: "comicvine", displayName: "Comic Vine",
            settings: LiveSourceSpec(name: "comicvine", displayName: "Comic Vine", variablePrefix: "COMICVINE",
                                     defaultURL: ComicVineClient.defaultBaseURL.absoluteString,
                                     defaultPerMinute: ComicVineBudget.standard.perResourcePerHour,
                                     maxPerMinute: ComicVineBudget.comicVinePerHour, defaultPerDay: 0, maxPerDay: 0,
                                     auth: .apiKey, window: "hour"),
            serving: "Comic Vine (within its rate limit)",
            help: "comicvine: answer from comicvine.gamespot.com with your API key (COMICVINE_API_KEY), within its rate limit",
            recordingsHelp: "",
            make: { settings, noCache, longestWait in
                ComicVineServing(client: try ComicVineLaunch.client(settings, noCache: noCache, longestWait: longestWait))
            },
            attribution: ComicVineTerms.attribution, patientTimeouts: MetronLaunch.patientTimeouts,
            kind: { .live($0, LiveTraits(creatorsOrder: "firstName", ordersComics: false, searchesOnEnter: true, name: "comicvine")) },
            doctorLine: { ComicVineLaunch.budgetProblem().map { ("comicvine budget", $0) } },
            holdsRecordings: { _ in false },
            importRecordings: { _, _, _ in [] }),
    ]

    /// The settings every live source reads, for `Settings.resolve` and `ConfigFile.load`.
    static var specs: [LiveSourceSpec] { rows.map(\.settings) }

    /// `serve --source` help: the catalog, or each row's.
    static var serveHelp: String {
        "catalog (default)" + rows.map { ", or \($0.help)" }.joined() + "."
    }

    /// `--source` values of `serve`: the catalog and every row.
    static var serveNames: [String] { ["catalog"] + rows.map(\.name) }

    static func row(named name: String?) -> LiveSourceRow? {
        guard let name = name?.lowercased() else { return nil }
        return rows.first { $0.name == name }
    }

    /// `doctor`'s word on a live source: usable (and where its account or key comes from), or
    /// what it needs. Never the secret itself.
    static func usability(_ row: LiveSourceRow, _ settings: Settings?) -> String {
        guard let settings, let own = settings.live[row.name] else { return "not usable: the settings were refused" }
        guard own.hasCredentials(row.settings) else { return "not usable: \(row.settings.missingCredentials)" }
        return "usable (\(row.settings.auth == .apiKey ? "key" : "account") from \(own.password.origin), \(own.url.value))"
    }

    static func row(for settings: Settings) -> LiveSourceRow? { rows.first { $0.setting == settings.source.value } }

    /// The in-process server that answers the Marvel contract from a live source, for the data commands.
    static func start(_ row: LiveSourceRow, _ settings: Settings, noCache: Bool) async throws -> CatalogServer {
        let source = try row.make(settings, noCache, nil)
        running.withLock { $0 = source }
        let server = try await CatalogServer.start(CatalogServerOptions(source: .live(source)))
        serverBase.withLock { $0 = server.baseURL }
        return server
    }

    /// The in-process translating server's address while it runs (`InProcessURLs`).
    static var runningBaseURL: URL? { serverBase.withLock { $0 } }
    private static let serverBase = Mutex<URL?>(nil)
    /// The source the in-process server answers from.
    static var runningSource: (any LiveSource)? { running.withLock { $0 } }
    private static let running = Mutex<(any LiveSource)?>(nil)

    /// Plain output says each wait on stderr; the gallery (which counts it down in the status
    /// line) turns this off before it starts.
    static let printsWaits = Mutex(true)

    /// Lets the requests already sent finish and be stored before the program exits.
    static func settle() async { await runningSource?.settle() }

    /// The status line's text of the running source, nil when none runs.
    static func statusText() -> String? { runningSource?.statusText }
}

/// `--source metron`: the Metron client of this run, from the settings (URL, account, budget),
/// with the user-wide budget file and the Metron response cache under the cache folder.
enum MetronLaunch {
    /// Where Metron's answers are kept (details for days, lists for a day, stale ones when
    /// Metron cannot be reached): beside the Marvel response cache, never mixed with it.
    static var cacheDirectory: URL { ResponseCache.defaultDirectory().appendingPathComponent("metron") }

    /// For clients of the in-process Metron server, whose answers may wait for the budget or
    /// for what Metron asked (up to `MetronRateLimiter.maxPause`, said on stderr or in the
    /// status line): that silence is not a stalled transfer. (At 150 s, a 429 asking for more
    /// would end as "transfer stalled" after 7 minutes of silence.)
    static let patientTimeouts = HTTPTimeouts(stallWindow: .seconds(Int(MetronRateLimiter.maxPause) + 150),
                                              total: .seconds(Int(MetronRateLimiter.maxPause) + 180))

    /// The last thing Metron's rate limit made us say, for the error that ends a plain run.
    static let lastRateLimit = Mutex<String?>(nil)

    private static func tell(_ wait: MetronWait) {
        guard LiveSources.printsWaits.withLock({ $0 }) else { return }
        try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \(wait.description)\n".utf8))
    }

    /// `longestWait`: `serve`'s bound on a request's wait for the budget (nil: as long as it takes).
    static func client(_ settings: Settings, noCache: Bool = false, longestWait: TimeInterval? = nil) throws -> MetronClient {
        guard let metron = settings.live["metron"], let username = metron.username.value, let password = metron.password.value else {
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
                            cache: noCache ? nil : ResponseCache(directory: cacheDirectory, sizeLimit: LiveSources.responseCacheLimit),
                            longestWait: longestWait)
    }

    /// The shared Metron budget file, when it is unusable (a device, huge, impossible numbers):
    /// said, and rewritten clean here (any Metron run would do the same).
    static func budgetProblem() -> String? {
        let limiter = MetronRateLimiter(file: MetronRateLimiter.defaultFile())
        guard let problem = limiter.fileProblem() else { return nil }
        let repaired = (try? limiter.usage()) != nil
        return "\(limiter.filePath) \(problem); " + (repaired ? "ignored and rewritten" : "ignored (it cannot be rewritten)")
    }
}

/// `--source comicvine`: the Comic Vine client of this run, from the settings (URL, key, budget),
/// with the user-wide budget file and the Comic Vine response cache under the cache folder.
enum ComicVineLaunch {
    /// Beside the Marvel response cache, never mixed with it; keyed without the API key.
    static var cacheDirectory: URL { ResponseCache.defaultDirectory().appendingPathComponent("comicvine") }

    private static func tell(_ wait: BudgetWait) {
        MetronLaunch.lastRateLimit.withLock { $0 = wait.description }
        guard LiveSources.printsWaits.withLock({ $0 }) else { return }
        FileHandle.standardError.write(Data("marvel-gallery: \(wait.description)\n".utf8))
    }

    static func client(_ settings: Settings, noCache: Bool = false, longestWait: TimeInterval? = nil) throws -> ComicVineClient {
        guard let own = settings.live["comicvine"], let key = own.password.value else { throw ComicVineError.missingKey }
        guard let url = URL(string: own.url.value) else { throw ComicVineError.transport("bad Comic Vine URL") }
        let budget = ComicVineBudget(perResourcePerHour: own.perMinute.value)
        return ComicVineClient(baseURL: url, apiKey: key, transport: try HTTPTransport(),
                               limiter: budget.limiter(onWait: { tell($0) }),
                               cache: noCache ? nil : ResponseCache(directory: cacheDirectory, sizeLimit: LiveSources.responseCacheLimit),
                               longestWait: longestWait)
    }

    /// The shared Comic Vine budget file, when it is unusable: said, and rewritten clean here.
    static func budgetProblem() -> String? {
        let limiter = ComicVineBudget.standard.limiter()
        guard let problem = limiter.fileProblem() else { return nil }
        let repaired = (try? limiter.usage()) != nil
        return "\(limiter.filePath) \(problem); " + (repaired ? "ignored and rewritten" : "ignored (it cannot be rewritten)")
    }
}
