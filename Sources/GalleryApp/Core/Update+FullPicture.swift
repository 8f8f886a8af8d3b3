import TerminalUI

/// `z`: the selected tile's or the open page's picture over the whole screen, asked at the
/// screen's size from the source's largest image (`PipelineThumbnails.fullScreen`). It is an
/// overlay: what is under it (selection, scroll, pages, pictures) is not touched, so any key
/// comes back to exactly that.
public struct FullPicture: Equatable, Sendable {
    public let name: String
    public let id: Int
    /// nil: the record has none (or Marvel's "image not available").
    public let picture: ImageRef?
    /// The size asked for last (a resize asks again).
    public internal(set) var requested: ThumbnailKey?
    public internal(set) var image: HalfBlockCells?
    /// The picture could not be loaded (missing, damaged, too large to decode).
    public internal(set) var failed = false

    /// Whether there is nothing to show but the line that says so.
    public var isEmpty: Bool { failed || picture == nil }
}

extension AppState {
    /// The cells the picture may fill: the whole screen but its last row (the caption).
    var fullPictureBox: Rect { Rect(x: 0, y: 0, width: size.width, height: max(1, size.height - 1)) }

    mutating func openFullPicture(name: String, id: Int, picture: ImageRef?) -> [Effect] {
        fullPicture = FullPicture(name: Sanitizer.clean(name), id: id, picture: picture.flatMap { $0.isPlaceholder ? nil : $0 })
        overlay = .picture
        return []
    }

    mutating func closeFullPicture() {
        guard overlay == .picture else { return }
        overlay = nil
        // Closed before it came: its load is let go (a full-size picture is a large download).
        if let full = fullPicture, let key = full.requested, full.image == nil, !full.failed { cancelledFullPicture = key }
        fullPicture = nil
    }

    /// The picture at the screen's size, asked once per size.
    mutating func settleFullPicture() -> [Effect] {
        guard overlay == .picture, var full = fullPicture else {
            if let key = cancelledFullPicture {
                cancelledFullPicture = nil
                return [.cancelThumbnails([key])]
            }
            return []
        }
        guard let picture = full.picture, !full.failed else { return [] }
        let box = fullPictureBox
        let key = ThumbnailKey(itemID: full.id, image: picture, columns: box.width, rows: box.height, use: .full)
        guard full.requested != key else { return [] }
        full.requested = key
        fullPicture = full
        return [.loadThumbnails([key], .high)]
    }

    /// The answer (nil: it failed): kept when it is the size asked for last.
    mutating func receiveFullPicture(_ key: ThumbnailKey, _ image: HalfBlockCells?) {
        guard var full = fullPicture, full.requested == key else { return }
        if let image { full.image = image } else { full.failed = true }
        fullPicture = full
    }
}
