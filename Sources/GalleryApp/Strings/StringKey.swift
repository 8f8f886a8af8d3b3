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
    case recordsUnreadable
    case countLoading
    case loadingFirst
    case preparingCatalog
    case loadingMore
    case endOfList
    case pageError
    case retryHint
    case noResults
    case noResultsLetter
    case emptyList
    case tooSmall
    case tooSmallKeys
    case hints
    case searchPrompt
    case searchHint
    case searchHintStartsOnly
    case searchCut
    case localSearchNotice
    case damagedPictures
    case failedPictures
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
    case quitHint
    case helpNextMatch
    case noSearchYet
    case noLoadedMatch
    case helpQuit
    case helpNextPrevious
    case helpHalfPage
    case helpEndsComics
    case helpOpenComic
    case helpSearchTitles
    case helpEndsTitles
    case helpOpenTitle
    case titlesHints
    case noTitles
    case helpScroll
    case noDescription
    /// `y` / `Y`: copy the name or the link (OSC 52), and the status line's confirmation.
    case helpCopy
    case copiedName
    case copiedLink
    case copyFailed
    case copyCut
    // Detail pages, comics gallery (issue 8)
    case detailLoading
    case detailModified
    case detailLinks
    case detailNone
    case detailMore
    case detailHints
    case tabCharacters
    case tabComics
    case tabCreators
    case entityOriginalIssue
    case tabSeries
    case tabStories
    case tabEvents
    case stripLoading
    case stripHint
    case comicIssue
    case comicPages
    case comicOnSale
    case comicPrice
    case pricePrint
    case priceDigital
    case comicCreators
    case comicVariants
    case errorTitle
    case errorDismiss
    case errorDismissQuits
    case linkOpened
    case linkNoOpener
    case noLinks
    case helpDetailScroll
    case helpDetailEnds
    case helpDetailTabs
    case helpDetailStrip
    case helpDetailOpen
    case helpDetailLinks
    case helpDetailBack
    case helpFormat
    case comicsTitle
    case comicsHints
    case loadingComics
    case noComics
    case noComicsAtAll
    case formatDigital
    case formatComic
    case formatTradePaperback
    case formatHardcover
    case formatDigest
    case formatOther
    case failureNotFound
    case failureNetwork
    case failureRateLimited
    case failureServer
    case failureUnauthorized
    case failureCancelled
    case helpIndexTitles
    case mergedSearchNotice
    // Sort and jump by typing (Strings+Ordering.swift).
    case orderLabel, orderName, orderModified, orderComics, orderTitle, orderOnsale, orderIssue, orderFoc
    case helpSort, helpSortComics, helpJump, jumpPrompt, jumpNotFound, jumpNeedsNames, jumpNotHere, helpIndexNotHere
    case fixSettingsHint
    // Error texts shown on screens (Strings+Errors.swift).
    case errTimeoutConnect
    case errTimeoutStall
    case errTimeoutTotal
    case errCannotResolve
    case errCannotConnect
    case errTLS
    case errConnectionLost
    case errTooLarge
    case errTooManyRedirects
    case errBadRedirect
    case errBadEncoding
    case errShutDown
    case errCurl
    case errInvalidURL
    case errInvalidArgument
    case errCredentials
    case errUnauthorized
    case errSourceRefused
    case errForbidden
    case errNotFound
    case errRejected
    case errRateLimited
    case errRetryAfter
    case errServer
    case errServiceRetired
    case errUnexpectedStatus
    case errDecoding
    case errDecodingTopLevel
    case errDecodingMissing
    case errDecodingNotJSON
    case errDecodingExpected
    case errDecodingNull
    case errNotModifiedWithoutCache
    case errServerRepeats
    case errNoOfflineCopy
    case errNoDetailSource
    // Favourites and history (Strings+Saved.swift).
    case helpFullPicture, fullPictureCaption, fullPictureLoading, fullPictureNone
    case helpFavourite, helpFavouritesList, helpRecent, favouritesTitle, recentTitle, noFavourites, noRecent, savedHints
    case favouriteAdded, favouriteRemoved
    case savedProblem, savedLost, savedCorrupt, savedTooLarge, savedDirectory, savedUnreadable, savedReadOnly, savedNotWritten
}

/// The languages the tables exist for.
public enum Language: String, CaseIterable, Equatable, Sendable {
    case en
    case es
}
