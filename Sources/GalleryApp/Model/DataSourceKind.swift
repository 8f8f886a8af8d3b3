/// Where the characters come from, as the status line says it.
public enum DataSourceKind: Equatable, Sendable {
    /// Marvel's gateway with the user's keys.
    case officialAPI
    /// A Marvel-compatible server given with `--base-url`.
    case mirror(String)
    /// The embedded catalog served on loopback inside the program (no keys, no base URL).
    case offlineCatalog
    /// A live source translated by the in-process server; the text is its status (e.g. its
    /// request budget), read when the status line is drawn; the traits what it can honour.
    case live(LiveText, LiveTraits)

    /// Whether search can match anywhere in a name: only our own servers (the embedded catalog,
    /// a live source's translation) take the non-standard `nameContains`/`titleContains`; the Marvel
    /// API and its mirrors match name starts (`nameStartsWith`), which the grid merges with the
    /// loaded names that hold the text elsewhere.
    public var searchesAnywhere: Bool {
        switch self {
        case .offlineCatalog, .live: true
        case .officialAPI, .mirror: false
        }
    }

    /// The creators grid's order: the Marvel API and our catalog order by last name; a live
    /// source may keep its own (`LiveTraits.creatorsOrder`).
    public var creatorsOrder: String {
        if case .live(_, let traits) = self { return traits.creatorsOrder }
        return "lastName,firstName"
    }

    /// Whether comics are asked in Marvel's orders (by title, newest first): a live source
    /// whose issues are in none of them refuses any (409), so its own order is taken.
    public var ordersComics: Bool {
        if case .live(_, let traits) = self { return traits.ordersComics }
        return true
    }

    /// A search costs requests against a small budget (a live source's): typing filters what
    /// is loaded, and the search is sent only when committed with Enter.
    public var searchesOnEnter: Bool {
        if case .live(_, let traits) = self { return traits.searchesOnEnter }
        return false
    }
}

/// What a live source can honour, as the gallery asks it (from the executable's source table).
public struct LiveTraits: Equatable, Sendable {
    /// `orderBy` of the creators grid.
    public var creatorsOrder: String
    /// Comics are asked in Marvel's orders (else in the source's own).
    public var ordersComics: Bool
    /// Searches are sent only when committed with Enter (a small request budget).
    public var searchesOnEnter: Bool
    /// The source's `--source` name: saved entries name it, so two sources' ids never meet.
    public var name: String

    public init(creatorsOrder: String = "lastName,firstName", ordersComics: Bool = true, searchesOnEnter: Bool = false,
                name: String = "") {
        self.creatorsOrder = creatorsOrder
        self.name = name
        self.ordersComics = ordersComics
        self.searchesOnEnter = searchesOnEnter
    }
}

/// Text that changes outside the app core (a budget shared with other processes), read when drawn.
public final class LiveText: Sendable, Equatable {
    private let read: @Sendable () -> String

    public init(_ read: @escaping @Sendable () -> String) { self.read = read }

    public var text: String { read() }

    public static func == (a: LiveText, b: LiveText) -> Bool { a === b }
}
