/// One entry of a key's "authorized referrers", as Marvel's developer portal took them:
/// `example.com`, `*.example.com`, `localhost:*`, `127.0.0.1:5173`, `https://app.example.com/gallery/*`.
///
/// A pattern is `[scheme://]host[:port][/path]`. `*` in the host stands for one or more host
/// characters (so `*.example.com` matches `a.example.com` and `a.b.example.com`, never
/// `example.com`, `evil-example.com` or `example.com.evil.com`); a pattern without a port
/// matches any port (as `:*` does: `localhost` allows a page on `localhost:5173`), a port only
/// that port; a path, when given, is matched with `*` as "anything".
///
/// Browsers send only the origin (`https://app.example.com/`) to another origin by default
/// (Chromium's and Firefox's `strict-origin-when-cross-origin` policy), so patterns match
/// origins: a pattern with a path matches only pages that send their whole URL (a page with
/// `Referrer-Policy: no-referrer-when-downgrade` or `unsafe-url`, or a same-origin request). Referrers are parsed strictly (`BrowserReferrer`): one with user info
/// (`http://localhost@evil.com/`), odd characters or more than 4 KB matches nothing.
public struct ReferrerPattern: Sendable, Equatable, CustomStringConvertible {
    let scheme: String?
    let host: String
    /// nil or "*": any; else digits.
    let port: String?
    let path: String?
    public let description: String

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: String) throws(Invalid) {
        let pattern = text.trimmingCharacters(in: .whitespaces)
        func invalid(_ why: String) -> Invalid {
            Invalid(description: "--allowed-referrer \"\(pattern.prefix(80))\": \(why) (e.g. *.example.com, localhost:*, 127.0.0.1:5173)")
        }
        guard !pattern.isEmpty, pattern.utf8.count <= 512 else { throw invalid("empty or longer than 512 characters") }
        var rest = Substring(pattern.lowercased())
        var scheme: String?
        if let marker = rest.range(of: "://") {
            let name = String(rest[..<marker.lowerBound])
            guard name == "http" || name == "https" else { throw invalid("the scheme must be http or https") }
            scheme = name
            rest = rest[marker.upperBound...]
        }
        var path: String?
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[slash...])
            rest = rest[..<slash]
        }
        guard let (host, port) = BrowserReferrer.splitHostPort(rest, allowStar: true) else {
            throw invalid("not a host[:port]")
        }
        if let port, port != "*" {
            guard let n = Int(port), (1...65_535).contains(n) else { throw invalid("the port must be 1-65535 or *") }
        }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path == "/" ? nil : path
        self.description = pattern
    }

    /// Whether a `Referer` or `Origin` header value is allowed by this pattern.
    func matches(_ referrer: BrowserReferrer) -> Bool {
        if let scheme, scheme != referrer.scheme { return false }
        switch port {
        case nil, "*": break
        case let digits?: guard Int(digits) == (referrer.port ?? referrer.defaultPort) else { return false }
        }
        guard Self.glob(Array(host.utf8), Array(referrer.host.utf8)) else { return false }
        if let path { return Self.glob(Array(path.utf8), Array(referrer.path.utf8)) }
        return true
    }

    /// `*` matches one or more bytes (in a host they are host characters: the referrer was
    /// checked); everything else matches itself. Iterative, O(pattern × text) at worst.
    static func glob(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var p = 0, t = 0
        var starAt = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == star {
                // A star takes at least one byte; remember where to retry with one more.
                starAt = p
                t += 1
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1; t += 1
            } else if starAt >= 0 {
                p = starAt + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        return p == pattern.count
    }
}

/// A `Referer` or `Origin` header read strictly: `http(s)://host[:port][/path]`, a host of
/// letters, digits, dots and dashes (or a bracketed IPv6 address), no user info. Anything else
/// (`null`, a relative reference, 5 KB of text) is nil, so it matches no pattern.
struct BrowserReferrer: Equatable {
    let scheme: String
    let host: String
    let port: Int?
    let path: String

    var defaultPort: Int { scheme == "https" ? 443 : 80 }

    static let maxLength = 4096

    init?(_ text: String) {
        guard text.utf8.count <= Self.maxLength, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { return nil }
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("http://") { scheme = "http" } else if lower.hasPrefix("https://") { scheme = "https" } else { return nil }
        var rest = Substring(text).dropFirst(scheme.count + 3)
        var path = "/"
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            let tail = rest[end...]
            path = tail.first == "/" ? String(tail.prefix { $0 != "?" && $0 != "#" }) : "/"
            rest = rest[..<end]
        }
        guard let (host, port) = Self.splitHostPort(Substring(rest.lowercased()), allowStar: false) else { return nil }
        var number: Int?
        if let port {
            guard let n = Int(port), (1...65_535).contains(n) else { return nil }
            number = n
        }
        self.scheme = scheme
        self.host = host
        self.port = number
        self.path = path
    }

    /// `host` and its port text; nil when the host has characters a host cannot have (user
    /// info's `@` among them), is empty or longer than 253 characters.
    static func splitHostPort(_ authority: Substring, allowStar: Bool) -> (String, String?)? {
        var host = authority, port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            }
            let allowed: (Character) -> Bool = { c in
                (c.isASCII && (c.isLetter || c.isNumber)) || c == "." || c == "-" || (allowStar && c == "*")
            }
            guard !host.isEmpty, host.count <= 253, host.allSatisfy(allowed), !host.hasPrefix("."), !host.hasSuffix(".") else {
                return nil
            }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) || (allowStar && port == "*") else {
                return nil
            }
        }
        return (String(host), port.map(String.init))
    }
}
