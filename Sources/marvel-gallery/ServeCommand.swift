import ArgumentParser
import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import Settings
import UserDirectories

/// `marvel-gallery serve`: the Marvel-compatible server over the local catalog.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the local catalog over the Marvel REST contract (loopback by default).",
        discussion: """
            Browser apps: every answer carries Access-Control-Allow-Origin: *
            (--cors-origin ORIGIN allows only those, --no-cors none). With
            --allowed-referrer, a page calls with its public key alone, as
            Marvel's authorized referrers allowed; signed requests still work.

              marvel-gallery serve --public-key pub \\
                --private-key-file key.txt --allowed-referrer 'localhost:*'

              // in a page served from http://localhost:5173:
              const r = await fetch('http://127.0.0.1:8080' +
                '/v1/public/characters?apikey=pub&limit=10');
              const names = (await r.json()).data.results.map(c => c.name);
            """)

    @Option(help: "Address to bind (loopback unless told: any other address warns that other machines can reach it).")
    var host = "127.0.0.1"

    @Option(help: "Port (0 picks a free one).")
    var port = 8080

    @Option(help: "A SQLite catalog file (from `catalog import`) or a fixtures-shaped folder; default: the embedded catalog.",
            completion: .file())
    var catalog: String?

    @Option(help: ArgumentHelp(LiveSources.serveHelp, valueName: "source"), completion: .list(LiveSources.serveNames))
    var source: String?

    @OptionGroup var liveSource: LiveSourceOptions

    @Option(name: .customLong("longest-wait"),
            help: ArgumentHelp("With a live --source: a request that would wait longer than this for the request budget (or for what the source asked) is answered 429 with Retry-After at once (default: $\(Self.longestWaitVariable), then serve_longest_wait in config.toml, then 5; 0 to 900).",
                               valueName: "seconds"))
    var longestWait: Int?

    @Option(help: "Scale mode: CHARACTERSxCOMICS, e.g. 1562x50000 (deterministic, images drawn on demand).")
    var synthetic: String?

    @OptionGroup var keyOptions: ServeKeyOptions

    @Flag(help: "Answer /debug/stats and /debug/reset (with --public-key they need a signature too).")
    var debug = false

    @OptionGroup var faultOptions: ServeFaultOptions

    @OptionGroup(title: "Browser apps")
    var browser: ServeBrowserOptions

    @Option(name: .customLong("access-log"),
            help: ArgumentHelp("Append one line per request to FILE (- for standard output, which then holds the log alone) in nginx's combined format; "
                               + "apikey, hash, ts and password values are written as REDACTED.", valueName: "file"),
            completion: .file())
    var accessLog: String?

    @Flag(name: .customLong("no-event-loop-answers"),
          help: ArgumentHelp("Send every request to the router, cached pages too (for comparing figures).", visibility: .hidden))
    var noEventLoopAnswers = false

    @Option(name: .customLong("answer-cache-mb"),
            help: "Megabytes of finished answers kept for repeated requests (0 builds every answer).")
    var answerCacheMB = 64

    func validate() throws {
        guard (0...65_536).contains(answerCacheMB) else {
            throw ValidationError("--answer-cache-mb must be between 0 and 65536, got \(answerCacheMB)")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535 (0 picks a free one), got \(port)")
        }
        if !browser.allowedReferrers.isEmpty, keyOptions.publicKey == nil {
            throw ValidationError("--allowed-referrer needs --public-key (the key browser pages send as apikey)")
        }
        if catalog != nil, synthetic != nil { throw ValidationError("--catalog and --synthetic exclude each other") }
        if let source {
            guard LiveSources.serveNames.contains(source.lowercased()) else {
                throw ValidationError("--source expects \(LiveSources.serveNames.joined(separator: " or ")), got \"\(source)\"")
            }
            if let live = LiveSources.row(named: source), catalog != nil || synthetic != nil {
                throw ValidationError("--source \(live.name) excludes --catalog and --synthetic")
            }
        }
        if let synthetic { _ = try Self.parseSynthetic(synthetic) }
        if let longestWait, !Self.longestWaits.contains(longestWait) {
            throw ValidationError("--longest-wait must be from 0 to 900 seconds, got \(longestWait)")
        }
    }

    static let longestWaitVariable = "MARVEL_SERVE_LONGEST_WAIT"
    static let longestWaits = 0...900

    /// --longest-wait, else the variable, else serve_longest_wait, else 5 s: a client of
    /// `serve` gets a 429 it can act on rather than an answer held past its own timeout.
    static func resolvedLongestWait(flag: Int?, environment: [String: String], config: ConfigFile?) throws -> TimeInterval {
        if let flag { return TimeInterval(flag) }
        if let text = environment[longestWaitVariable], !text.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), longestWaits.contains(n) else {
                throw ValidationError("\(longestWaitVariable) must be a whole number from 0 to 900, got \"\(text)\"")
            }
            return TimeInterval(n)
        }
        if let n = config?.serveLongestWait {
            guard longestWaits.contains(n) else { throw ValidationError("serve_longest_wait must be from 0 to 900, got \(n)") }
            return TimeInterval(n)
        }
        return 5
    }

    static func parseSynthetic(_ text: String) throws -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let k = Int(parts[1]), c > 0, k > 0, c <= 1_000_000, k <= 10_000_000 else {
            throw ValidationError("--synthetic expects CHARACTERSxCOMICS, e.g. 1562x50000")
        }
        return (c, k)
    }

    func run() async throws {
        // config.toml read once for the run: the live source's settings and the browser access.
        let environment = ProcessInfo.processInfo.environment
        let config = LoadedConfig.read(environment: environment, liveSources: LiveSources.specs)
        var options = CatalogServerOptions(host: host, port: port, faults: try faultOptions.faults())
        if let catalog {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: catalog, isDirectory: &isDir)
            options.source = isDir.boolValue ? .fixtures(URL(fileURLWithPath: catalog)) : .database(catalog)
        } else if let synthetic {
            let (c, k) = try Self.parseSynthetic(synthetic)
            options.source = .synthetic(characters: c, comics: k)
        } else if let live = LiveSources.row(named: source) {
            do {
                var flags = Flags(source: live.name)
                liveSource.apply(to: &flags)
                let settings = try Settings.resolve(flags: flags, environment: environment, config: config,
                                                    liveSources: LiveSources.specs)
                let wait = try Self.resolvedLongestWait(flag: longestWait, environment: environment, config: try config.get())
                options.source = .live(try live.make(settings, false, wait))
            } catch {
                PlainOutput.note("marvel-gallery: \(PlainOutput.v("\(error)"))")
                throw ExitCode(1)
            }
        }
        options.debugEndpoints = debug
        options.idleTimeout = .seconds(browser.idleTimeout)
        options.maxConnections = browser.maxConnections
        do {
            options.keys = try keyOptions.keys()
            options.browser = try browser.access(config: try config.get(), hasKeys: options.keys != nil)
        } catch let error as SettingsError {
            PlainOutput.note("marvel-gallery: \(PlainOutput.v(error.description))")
            throw ExitCode(1)
        } catch let error as ValidationError {
            // config.toml's cors_origins or allowed_referrers: the file is wrong, not the command line.
            throw PlainOutput.failure(error.message)
        }
        options.answerCacheBytes = answerCacheMB << 20
        options.answersOnEventLoop = !noEventLoopAnswers
        options.bodyFileFolder = UserDirectories.appCache(environment).path
        if let accessLog {
            do {
                options.accessLog = try AccessLog(path: accessLog)
            } catch {
                PlainOutput.note("marvel-gallery: \(PlainOutput.v(error.description))")
                throw ExitCode(1)
            }
        }
        options.handleSignals = true
        if !Loopback.isLoopback(host: host) {
            try? FileHandle.standardError.write(contentsOf: Data(("marvel-gallery serve: warning: listening on \(host) makes the catalog "
                + "reachable from other machines\(options.keys == nil ? " without keys" : "")\n").utf8))
        }
        let stopping = StopDeadline.arm()
        let server: CatalogServer
        do {
            server = try await CatalogServer.start(options)
        } catch {
            // Not a usage mistake: one line (e.g. "port 8080 is in use; try --port 0"), exit 1.
            PlainOutput.note("marvel-gallery: \(PlainOutput.v("\(error)"))")
            throw ExitCode(1)
        }
        let referrers = options.browser.allowedReferrers.map(\.description).joined(separator: ", ")
        let mode = options.keys == nil ? "open (no keys)"
            : referrers.isEmpty ? "signed requests only" : "signed requests, or apikey alone from \(referrers)"
        let what = LiveSources.row(named: source)?.serving ?? "the catalog"
        // With the access log on standard output, stdout is the log alone (a log reader or
        // `| tee` reads only log lines): the banner goes to stderr.
        let say: (String) -> Void = accessLog == "-" ? { PlainOutput.note($0) } : { print($0) }
        say("marvel-gallery: serving \(what) at \(server.baseURL.absoluteString)/v1/public/characters, \(mode); Ctrl-C stops")
        if !options.faults.isEmpty { say("faults: \(options.faults)") }
        if debug { say("debug: \(server.baseURL.absoluteString)/debug/stats") }
        fflush(nil)  // stdout may be a pipe: show the address now
        await server.waitUntilStopped()
        if let signal = stopping.receivedSignal { throw ExitCode(128 + signal) }
    }
}
