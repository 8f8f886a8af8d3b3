import Foundation

/// Redirects of budgeted (API) requests, followed here rather than by curl: each hop is a
/// request Metron counts, so each one takes its own slot of the budget (curl following five
/// hops on one slot sent six requests for one), and the account goes only to Metron's own
/// host and port, decided per hop.
enum MetronRedirect {
    /// Hops followed before the request fails (curl's own limit for everything else).
    static let maxHops = 5

    /// The URL a 3xx answer points to, resolved against the URL asked; nil when it names none.
    static func target(of location: String?, from url: URL) throws(MetronError) -> URL {
        guard let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
              let next = URL(string: location, relativeTo: url)?.absoluteURL else {
            throw .transport("\(url.path) redirected without a usable Location")
        }
        guard let scheme = next.scheme?.lowercased(), ["http", "https"].contains(scheme), next.host != nil else {
            throw .transport("\(url.path) redirected to a non-http(s) URL")
        }
        return next
    }

    /// Whether `url` is Metron's own host and port (the only place the account is sent).
    static func isHome(_ url: URL, _ base: URL) -> Bool {
        url.host?.lowercased() == base.host?.lowercased() && url.port == base.port
            && url.scheme?.lowercased() == base.scheme?.lowercased()
    }
}
