/// Where the characters come from, as the status line says it.
public enum DataSourceKind: Equatable, Sendable {
    /// Marvel's gateway with the user's keys.
    case officialAPI
    /// A Marvel-compatible server given with `--base-url`.
    case mirror(String)
    /// The embedded catalog served on loopback inside the program (no keys, no base URL).
    case offlineCatalog
    /// Metron, translated by the in-process server; the text is its request budget
    /// ("Metron · 14/18 this minute · 4,310 today"), read when the status line is drawn.
    case metron(LiveText)

    /// Whether search can match anywhere in a name: only our own servers (the embedded catalog,
    /// the Metron translation) take the non-standard `nameContains`/`titleContains`; the Marvel
    /// API and its mirrors match name starts (`nameStartsWith`), which the grid merges with the
    /// loaded names that hold the text elsewhere.
    public var searchesAnywhere: Bool {
        switch self {
        case .offlineCatalog, .metron: true
        case .officialAPI, .mirror: false
        }
    }

    /// The creators grid's order: Metron keeps creators by full name (first name first) and
    /// cannot order by last name, which the Marvel API and our catalog do.
    public var creatorsOrder: String {
        if case .metron = self { return "firstName" }
        return "lastName,firstName"
    }

    /// Whether comics are asked in Marvel's orders (by title, newest first): a live source
    /// whose issues are in none of them refuses any (409), so its own order is taken.
    public var ordersComics: Bool {
        if case .metron = self { return false }
        return true
    }

    /// A search costs requests against a small budget (Metron): typing filters what is loaded,
    /// and the search is sent only when committed with Enter.
    public var searchesOnEnter: Bool {
        if case .metron = self { return true }
        return false
    }
}

/// Text that changes outside the app core (a budget shared with other processes), read when drawn.
public final class LiveText: Sendable, Equatable {
    private let read: @Sendable () -> String

    public init(_ read: @escaping @Sendable () -> String) { self.read = read }

    public var text: String { read() }

    public static func == (a: LiveText, b: LiveText) -> Bool { a === b }
}
