import MarvelAPI

/// The comics gallery: the same lists, paging, search and thumbnails as the characters grid,
/// with comics as items. `t`/`T` step through the format filters (a list pushed over the main
/// one, like a letter of the index; Esc returns); `/` searches by `titleStartsWith`.
public enum CatalogKind: Equatable, Sendable {
    case characters
    case comics
    /// `marvel-gallery series|events|creators`: the comics grid's screen over another type.
    case titles(MarvelResource)
    /// `marvel-gallery favourites|recent`: saved records of any type.
    case saved(SavedList)

    /// The detail page of an item of this list.
    func subject(_ item: GalleryItem) -> DetailSubject {
        switch self {
        case .characters: .character(item.id)
        case .comics: .comic(item.id)
        case .titles(let kind): DetailSubject(kind, id: item.id)
        case .saved: DetailSubject(item.kind ?? .characters, id: item.id)
        }
    }

    /// The list the grid opens on.
    func mainQuery(_ comicsFilter: ComicsFilter) -> ListQuery {
        switch self {
        case .characters: .all
        case .comics: .comics(comicsFilter)
        case .titles(let kind): .titles(kind, startsWith: nil)
        case .saved(let list): .saved(list)
        }
    }
}

/// The filters of a comics list.
public struct ComicsFilter: Equatable, Hashable, Sendable {
    /// A format of the API's `format` filter (`comic`, `trade paperback`…), nil for all.
    public var format: String?
    public var titleStartsWith: String?
    /// An entry of the A–Z index (`i`): titles starting with the letter (`#`: with a digit).
    public var letter: IndexLetter?

    public init(format: String? = nil, titleStartsWith: String? = nil, letter: IndexLetter? = nil) {
        self.format = format
        self.titleStartsWith = titleStartsWith
        self.letter = letter
    }

    /// The `titleStartsWith` to send: the typed text, else the index letter (`#` pages the
    /// whole list: the API has no digit filter).
    public var startsWith: String? {
        if let titleStartsWith { return titleStartsWith }
        if case .letter(let c)? = letter { return String(c) }
        return nil
    }

    /// The formats `t` steps through, in order (nil: every format).
    public static let formats: [String?] = [nil, "comic", "digital comic", "trade paperback", "hardcover",
                                            "digest", "graphic novel", "magazine", "infinite comic"]

    func title(_ strings: Strings) -> String {
        var title = strings[.comicsTitle]
        if let format { title += " · " + format.capitalized }
        if let titleStartsWith { title += " · “" + titleStartsWith + "”" }
        if let letter { title += " · " + letter.description }
        return title
    }

    func emptyText(_ strings: Strings) -> String {
        if let titleStartsWith { return strings.text(.noComics, titleStartsWith) }
        if let letter { return strings.text(.noComics, letter.description) }
        return strings[.noComicsAtAll]
    }
}

extension AppState {
    /// The query of a search typed over the current list.
    func searchQuery(for text: String) -> ListQuery {
        if case .comics(var filter) = current.query {
            filter.titleStartsWith = text
            filter.letter = nil  // a search looks at every title, as on the characters grid
            return .comics(filter)
        }
        if case .titles(let kind, _) = current.query { return .titles(kind, startsWith: text) }
        return .search(text)
    }

    mutating func cycleFormat(forward: Bool) {
        guard config.catalog == .comics, case .comics(let shown) = current.query else { return }
        if search != nil {
            restoreFromSearch()
        }
        let formats = ComicsFilter.formats
        let index = formats.firstIndex(of: shown.format) ?? 0
        let next = formats[(index + (forward ? 1 : formats.count - 1)) % formats.count]
        if lists.count > 1 { lists.removeLast(lists.count - 1) }
        guard let next else { return }  // back to every format: the main list as it was
        lists.append(PagedList(id: nextListID, query: .comics(ComicsFilter(format: next))))
        nextListID += 1
    }
}

extension CatalogKind {
    /// The status line's key hints of this grid.
    var hintsKey: StringKey {
        switch self {
        case .characters: .hints
        case .comics: .comicsHints
        case .titles: .titlesHints
        case .saved: .savedHints
        }
    }

    /// What the empty grid says while its first page loads.
    var loadingKey: StringKey {
        switch self {
        case .characters: .loadingFirst
        case .comics: .loadingComics
        case .titles, .saved: .detailLoading
        }
    }
}
