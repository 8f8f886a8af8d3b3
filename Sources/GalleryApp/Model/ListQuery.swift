import MarvelAPI

/// What a character list shows. Every list is paged the same way; only the query differs.
public enum ListQuery: Equatable, Hashable, Sendable {
    /// Every character, by name.
    case all
    /// Names starting with the typed text (the search field).
    case search(String)
    /// One entry of the A–Z index.
    case letter(IndexLetter)
    /// Comics (the comics gallery), optionally of one format and/or by title start.
    case comics(ComicsFilter)
    /// Series, events or creators (their grids), by name, optionally by name start.
    case titles(MarvelResource, startsWith: String?)
    /// The favourites or the history, answered from memory (`AppState.answerSavedPages`).
    case saved(SavedList)

    /// What was typed in the search field, for a search of any grid.
    public var typedText: String? {
        switch self {
        case .search(let text): return text
        case .comics(let filter): return filter.titleStartsWith
        case .titles(_, let prefix): return prefix
        case .all, .letter, .saved: return nil
        }
    }

    /// The index entry this list shows, on the characters or the comics grid.
    public var indexLetter: IndexLetter? {
        switch self {
        case .letter(let letter): return letter
        case .comics(let filter): return filter.letter
        default: return nil
        }
    }

    /// `#`: paged from the start of the whole list, up to the first name past the digits.
    var isDigitsLetter: Bool { indexLetter == .digits }

    /// The `nameStartsWith` value to send, nil for the whole list. `#` pages the whole list
    /// (names in byte order start with digits) and keeps the digit names: the API has no digit
    /// filter and a bare "0" counts as blank.
    public var nameStartsWith: String? {
        switch self {
        case .all, .comics, .titles, .saved: return nil
        case .search(let text): return text
        case .letter(.digits): return nil
        case .letter(.letter(let c)): return String(c)
        }
    }
}

/// An entry of the A–Z index bar: `#` (names starting with a digit, e.g. `3-D Man`) or a letter.
public enum IndexLetter: Equatable, Hashable, Sendable, CustomStringConvertible {
    case digits
    case letter(Character)

    /// `#`, then A to Z: the order of the bar.
    public static let all: [IndexLetter] = [.digits] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { .letter($0) }

    /// Parses `#`, a digit (meaning `#`) or a letter in either case.
    public init?(_ text: String) {
        guard text.count == 1, let c = text.first else { return nil }
        if c == "#" || c.isASCII && c.isNumber {
            self = .digits
        } else if c.isASCII && c.isLetter {
            self = .letter(Character(c.uppercased()))
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .digits: return "#"
        case .letter(let c): return String(c)
        }
    }

    /// Whether a name belongs under this entry (case-insensitive, like `nameStartsWith`).
    public func matches(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        switch self {
        case .digits: return first.isASCII && first.isNumber
        case .letter(let c): return first.uppercased() == String(c)
        }
    }
}
