/// Every user-facing text of the gallery, by key. Screens never hold literal text: they ask
/// `Strings` for a key, so a second language is one more table (see `Strings+English.swift`).
public enum StringKey: String, CaseIterable, Sendable {
    case appTitle
    case charactersTitle
    case searchTitle
    case letterTitle
    case sourceOfficial
    case sourceMirror
    case sourceOffline
    case staleNotice
    case countOf
    case countLoading
    case loadingFirst
    case loadingMore
    case endOfList
    case pageError
    case retryHint
    case noResults
    case noResultsLetter
    case emptyList
    case tooSmall
    case hints
    case searchPrompt
    case searchHint
    case indexTitle
    case indexHint
    case helpTitle
    case helpClose
    case helpMove
    case helpPage
    case helpEnds
    case helpOpen
    case helpMouse
    case helpSearch
    case helpSearchKeys
    case helpIndex
    case helpIndexKeys
    case helpRetry
    case helpHelp
    case helpBack
    case helpQuit
    case cardNoDescription
    case cardAppearances
    case cardHint
    case defaultAttribution
}

/// The languages the tables exist for.
public enum Language: String, CaseIterable, Equatable, Sendable {
    case en
    case es
}
