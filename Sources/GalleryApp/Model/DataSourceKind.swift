/// Where the characters come from, as the status line says it.
public enum DataSourceKind: Equatable, Sendable {
    /// Marvel's gateway with the user's keys.
    case officialAPI
    /// A Marvel-compatible server given with `--base-url`.
    case mirror(String)
    /// The embedded catalog served on loopback inside the program (no keys, no base URL).
    case offlineCatalog

    /// Whether search can match anywhere in a name: only our embedded server takes the
    /// non-standard `nameContains`/`titleContains`; the Marvel API matches name starts.
    public var searchesAnywhere: Bool { self == .offlineCatalog }
}
