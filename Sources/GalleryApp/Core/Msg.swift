import TerminalUI

/// Everything that can happen to the app: input, answers to effects, time.
public enum Msg: Equatable, Sendable {
    /// The program started (or was resized) at this size.
    case resized(Size)
    /// A key as TerminalUI decoded it (Alt kept), normalised by `GalleryProgram.galleryKey`.
    case key(KeyEvent)
    /// Text pasted in one go (bracketed paste); goes to the search field when it is open.
    case paste(String)
    /// A mouse event and when it happened (milliseconds, monotonic), for double clicks.
    case mouse(MouseEvent, atMillis: UInt64)
    case pageLoaded(PageRequest, Result<ItemPage, PageFailure>)
    /// A picture, with its round trip when it was not in memory (ms from the request).
    case thumbnailLoaded(ThumbnailKey, HalfBlockCells, roundTripMillis: Int? = nil)
    case thumbnailFailed(ThumbnailKey)
    case timerFired(TimerTag)
    /// Answers for the detail pages.
    case detail(DetailMsg)
    /// The sources' bad-day facts changed (sent only on a change).
    case healthChanged(SourceHealth)
    /// The clipboard sequence of `y` / `Y` went out with this text (cleaned, canonical).
    case copied(CopyRequest)
    /// A favourites or history file could not be written (at `path`): kept in memory.
    case savedProblem(SavedStoreProblem, path: String)
    /// The answer to `Effect.reread`: the file's entries and stamp, or nil when it did not change.
    case savedReread(SavedList, listID: Int, SavedStore.FileStamp?, [SavedEntry]?)
    /// SIGTERM/SIGHUP/SIGINT arrived.
    case terminate
}

/// Work for the runner. Plain data so tests assert on exactly what `update` asked for.
public enum Effect: Equatable, Sendable {
    case fetchPage(PageRequest)
    /// Load thumbnails at a priority; asking again for a key in flight changes its priority.
    case loadThumbnails([ThumbnailKey], ThumbnailPriority)
    /// Stop loading thumbnails that left the window.
    case cancelThumbnails([ThumbnailKey])
    /// The thumbnail window moved: in this order, the screen's loads (`.high`), the tiles left
    /// behind cancelled in one pass, then the band ahead (`.low`). One effect, because effects
    /// run concurrently and this order decides which tiles get the transfer slots freed.
    case moveThumbnailWindow(load: [ThumbnailKey], cancel: [ThumbnailKey], prefetch: [ThumbnailKey])
    case startTimer(TimerTag, milliseconds: Int)
    /// Work of the detail pages.
    case detail(DetailEffect)
    /// Put a name or link on the terminal's clipboard (OSC 52).
    case copy(CopyRequest)
    /// Write a saved list whole (favourites or history), changed from `base` (its file as
    /// last read), merged with what other runs wrote meanwhile.
    case save(SavedList, [SavedEntry], base: [SavedEntry], revision: Int)
    /// Read a saved list's file again if it changed since `since` (an open saved grid watches it).
    case reread(SavedList, listID: Int, since: SavedStore.FileStamp?)
}
