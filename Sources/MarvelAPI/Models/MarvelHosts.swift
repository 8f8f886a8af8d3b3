/// Marvel's own hosts serve https although every recorded URL says http (iOS/Android clients
/// rewrite them too). Only these hosts are upgraded: a mirror's or the loopback catalog server's
/// URLs are used exactly as given (the loopback server speaks plain http).
public enum MarvelHosts {
    static let domains = ["marvel.com", "annihil.us"]

    /// True for `marvel.com`, `annihil.us` and their subdomains (`gateway.marvel.com`, `i.annihil.us`).
    public static func isMarvelHost(_ host: String) -> Bool {
        let host = host.lowercased()
        return domains.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// `http://i.annihil.us/x` → `https://i.annihil.us/x`; any other string is returned unchanged.
    public static func upgradingToHTTPS(_ url: String) -> String {
        guard url.count > 7, url.prefix(7).lowercased() == "http://" else { return url }
        let rest = url.dropFirst(7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Strip userinfo and port: `user@host:80`.
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? ""
        // An explicit port (never seen on Marvel's URLs) would be wrong for https: leave it.
        guard !hostPort.contains(":"), isMarvelHost(hostPort) else { return url }
        return "https://" + rest
    }
}
