import TerminalUI

/// Which picture at which size: one thumbnail request. Size is part of the key so a resize asks
/// for the new size while the old one keeps being drawn.
public struct ThumbnailKey: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let itemID: Int
    public let image: ImageRef
    public let columns: Int
    public let rows: Int

    public init(itemID: Int, image: ImageRef, columns: Int, rows: Int) {
        self.itemID = itemID
        self.image = image
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(itemID)@\(columns)x\(rows)" }
}

/// Load order for thumbnails: what is on screen first, the next screen after.
public enum ThumbnailPriority: Equatable, Hashable, Sendable {
    case high
    case low
}
