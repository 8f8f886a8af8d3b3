import TerminalUI
import MarvelAPI

/// One detail page: what it shows, how far it is scrolled, which tab, strip item and link are
/// selected, and its pictures.
public struct DetailPage: Equatable, Sendable {
    /// Unique per page ever opened: answers for a page that is gone are dropped.
    public let pageID: Int
    public let subject: DetailSubject
    /// nil while loading.
    public internal(set) var content: DetailContent?
    /// Why the page could not be loaded (shown in a modal; dismissing it closes the page).
    public internal(set) var failure: String?
    /// First document line on screen.
    public internal(set) var scrollTop = 0
    /// Where the user scrolled to: a resize re-wraps the text and puts this back on top, even
    /// after a layout that had to clamp.
    var anchor: ScrollAnchor?
    /// The related list shown (one of `subject.tabs`).
    public internal(set) var tab: MarvelResource
    /// Each tab's strip of pictures, kept when switching tabs so coming back finds it as it was.
    public internal(set) var strips: [MarvelResource: CoverStrip] = [:]
    public internal(set) var linkIndex = 0
    /// Enter was pressed on this tab before its strip had the selected item (the page or its
    /// strip still loading): the item opens when it arrives, unless another key came first.
    var opensWhenLoaded: MarvelResource?
    public internal(set) var image: HalfBlockCells?
    var requestedImage: ThumbnailKey?
    var imageFailed = false
    /// The page has a picture of its own to show (not Marvel's "image not available", not
    /// one that failed to load): only then may it take the backdrop layout.
    public var showsPicture: Bool {
        guard let ref = content?.picture else { return false }
        return !ref.isPlaceholder && !imageFailed
    }
    /// The page has a picture at all, shown or failed: a story's null thumbnail and Marvel's
    /// "image not available" have none, and leave the whole width to the details.
    public var hasPicture: Bool { content?.picture.map { !$0.isPlaceholder } ?? false }
    /// A one-line notice (a link opened, or printed because there is no opener).
    public internal(set) var notice: String?
    /// A link `o` could not open, shown whole until the next key.
    public internal(set) var unopenedLink: String?
    /// The name already known when the page was opened (from the tile or the strip), shown
    /// while the page loads.
    public internal(set) var knownTitle: String?

    public init(pageID: Int, subject: DetailSubject) {
        self.pageID = pageID
        self.subject = subject
        self.tab = subject.tabs[0]
    }

    public var isLoading: Bool { content == nil && failure == nil }

    /// The strip of the tab shown.
    public internal(set) var strip: CoverStrip {
        get { strips[tab] ?? CoverStrip() }
        set { strips[tab] = newValue }
    }
}
