import TerminalUI

/// Which picture at which size for whom: one thumbnail request. Size is part of the key so a
/// resize asks for the new size while the old one keeps being drawn; `use` is, so the grid and a
/// detail page asking for the same picture at the same size each get their own answer.
public struct ThumbnailKey: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let itemID: Int
    public let image: ImageRef
    public let columns: Int
    public let rows: Int
    public let use: ThumbnailUse
    /// Cells of the picture something is drawn over (the backdrop's panel): pixel protocols
    /// show the picture around them (except kitty placed directly, which keeps it under them).
    public let hole: Rect?

    public init(itemID: Int, image: ImageRef, columns: Int, rows: Int, use: ThumbnailUse = .tile, hole: Rect? = nil) {
        self.itemID = itemID
        self.image = image
        self.columns = columns
        self.rows = rows
        self.use = use
        self.hole = hole
    }

    public var description: String {
        switch use {
        case .tile: "\(itemID)@\(columns)x\(rows)"
        case .detail(let pageID): "\(itemID)@\(columns)x\(rows) page \(pageID)"
        case .full: "\(itemID)@\(columns)x\(rows) full screen"
        }
    }
}

/// Who a picture is for: a grid tile, or a detail page (its own picture or a strip's).
public enum ThumbnailUse: Equatable, Hashable, Sendable {
    case tile
    case detail(pageID: Int)
    /// `z`: the whole screen, the largest the source has (`PipelineThumbnails.request`).
    case full
}

/// Load order for thumbnails: what is on screen first, the next screen after.
public enum ThumbnailPriority: Equatable, Hashable, Sendable {
    case high
    case low
}
