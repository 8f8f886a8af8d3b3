import TerminalUI

/// Messages of the detail stack (wrapped in `Msg.detail`): the user's input while a page is
/// on top, and the answers to its effects.
public enum DetailMsg: Equatable, Sendable {
    /// Push a page (`title`: the name already known, shown while it loads).
    case open(DetailSubject, title: String?, standalone: Bool)
    case key(KeyEvent)
    case mouse(MouseEvent)
    case resized(Size)
    case loaded(DetailRequest, Result<DetailContent, PageFailure>)
    case stripLoaded(StripRequest, Result<StripPage, PageFailure>)
    case imageLoaded(ImageSlot, ThumbnailKey, HalfBlockCells?)
    /// The opener ran: `opened` is false when there is no opener (the URL is shown instead).
    case linkOpened(String, opened: Bool)
    /// The clipboard sequence went out with this text (cleaned, canonical).
    case copied(CopyRequest)
}
