import ArgumentParser
import CatalogServer
import Settings

/// `serve`'s options for browser pages on other origins (CORS, referrer keys) and for
/// connections: those that never finish a request, and how many may be open at once.
struct ServeBrowserOptions: ParsableArguments {
    @Option(name: .customLong("allowed-referrer"),
            help: ArgumentHelp("With --public-key: a page whose Referer (or Origin) matches may call with apikey alone, "
                               + "as Marvel's authorized referrers allowed: *.example.com, localhost (any port), 127.0.0.1:5173 "
                               + "(that port). Browsers send only the origin, so patterns match origins "
                               + "(repeatable; default: allowed_referrers in config.toml).", valueName: "pattern"))
    var allowedReferrers: [String] = []

    @Option(name: .customLong("cors-origin"),
            help: ArgumentHelp("Send Access-Control-Allow-Origin only to this origin, e.g. http://localhost:5173 "
                               + "(repeatable; default: * to every page, or cors_origins in config.toml).", valueName: "origin"))
    var corsOrigins: [String] = []

    @Flag(name: .customLong("no-cors"), help: "No CORS headers: pages on other origins cannot read the answers.")
    var noCORS = false

    @Option(name: .customLong("idle-timeout"),
            help: ArgumentHelp("Seconds a connection may go without sending a complete request before it is closed "
                               + "(unfinished request heads, idle keep-alive); 1 to 3600.", valueName: "seconds"))
    var idleTimeout = 15

    @Option(name: .customLong("max-connections"),
            help: ArgumentHelp("Connections open at once; more wait until one closes (each costs memory); 1 to 100000.",
                               valueName: "n"))
    var maxConnections = 512

    func validate() throws {
        if noCORS, !corsOrigins.isEmpty { throw ValidationError("--no-cors and --cors-origin exclude each other") }
        for origin in corsOrigins where !BrowserAccess.validOrigin(origin) {
            throw ValidationError("--cors-origin expects an origin such as http://localhost:5173 (scheme, host and port, "
                                  + "lowercase, no path), got \"\(origin.prefix(80))\"")
        }
        for pattern in allowedReferrers {
            do { _ = try ReferrerPattern(pattern) } catch { throw ValidationError(error.description) }
        }
        guard (1...3_600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be from 1 to 3600 seconds, got \(idleTimeout)")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be from 1 to 100000, got \(maxConnections)")
        }
    }

    /// Flags first, then config.toml. Referrer patterns only matter with keys (an open server
    /// lets every request through), so the file's are ignored without them.
    func access(config: ConfigFile?, hasKeys: Bool) throws -> BrowserAccess {
        var access = BrowserAccess()
        let origins = corsOrigins.isEmpty ? (config?.corsOrigins ?? []) : corsOrigins
        for origin in origins where !BrowserAccess.validOrigin(origin) {
            throw ValidationError("cors_origins in config.toml: \"\(origin.prefix(80))\" is not an origin such as http://localhost:5173")
        }
        if noCORS { access.cors = .off } else if !origins.isEmpty { access.cors = .origins(origins) }
        let patterns = allowedReferrers.isEmpty && hasKeys ? (config?.allowedReferrers ?? []) : allowedReferrers
        do {
            access.allowedReferrers = try patterns.map { pattern throws(ReferrerPattern.Invalid) in try ReferrerPattern(pattern) }
        } catch {
            throw ValidationError(error.description)
        }
        return access
    }
}
