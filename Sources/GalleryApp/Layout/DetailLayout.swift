import TerminalUI

/// How a detail screen uses the terminal, chosen by size:
/// - `wide` (≥ 100 columns): the picture on the left, the details scrolling on the right;
/// - `narrow`: the picture on top of the details, everything scrolling together;
/// - `backdrop` (≥ 160x50, and only for a page with a picture to show): the picture whole, as
///   tall as the body, left of the details on a darkened panel. (Filling the screen would crop a
///   portrait to its top third and upscale it 7x: faces cut at the eyes, their edges in
///   stairs; the catalog's pictures are 300x450.) A page without one (a creator
///   with Marvel's "image not available") gets `wide`, not a screen of the stand-in's hatching.
/// A page with no picture at all (a story's null thumbnail, "image not available") has no
/// picture box in either: the details take the whole width (they took half the screen beside
/// a hatched stand-in). A picture that failed to load keeps its box, so the failure shows.
/// Pure arithmetic shared by `update` (scrolling, picture sizes) and the view.
public struct DetailLayout: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case wide, narrow, backdrop }

    public static let wideMinColumns = 100
    public static let backdropMinSize = Size(width: 160, height: 50)

    public let size: Size
    public let kind: Kind
    /// The page has a picture box (its picture, loading or shown, or the stand-in of one that
    /// failed to load); false leaves the whole body to the details.
    public let hasPictureBox: Bool

    /// `picture`: the page has a picture to show (the backdrop needs one); `pictureBox`: it has
    /// one at all.
    public init(size: Size, picture: Bool = true, pictureBox: Bool = true) {
        self.size = size
        self.hasPictureBox = picture || pictureBox
        if picture && size.width >= DetailLayout.backdropMinSize.width && size.height >= DetailLayout.backdropMinSize.height {
            kind = .backdrop
        } else if size.width >= DetailLayout.wideMinColumns {
            kind = .wide
        } else {
            kind = .narrow
        }
    }

    public var header: Rect { Rect(x: 0, y: 0, width: size.width, height: 1) }
    public var status: Rect { Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1) }
    /// Between the header and the status line.
    public var body: Rect { Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)) }

    /// The picture's size in cells (portrait 2:3 in half blocks, or the whole body as backdrop).
    public var pictureSize: Size {
        let body = self.body
        switch kind {
        case .backdrop:
            // A portrait whole: 2:3 in half-block pixels (a cell is 1x2), so `cover` crops
            // nothing off it; as tall as the body, narrower than the room left of the panel.
            let room = max(1, panel.x - body.x - 2)
            var rows = body.height
            var columns = rows * 4 / 3
            if columns > room {
                columns = room
                rows = max(1, columns * 3 / 4)
            }
            return Size(width: columns, height: rows)
        case .wide:
            var rows = body.height
            var columns = TileGrid.thumbColumns(forRows: rows)
            let maxColumns = size.width * 2 / 5
            if columns > maxColumns {
                columns = maxColumns
                rows = columns * 3 / 4
            }
            return Size(width: max(1, columns), height: max(1, rows))
        case .narrow:
            var rows = max(4, body.height * 3 / 5)
            var columns = TileGrid.thumbColumns(forRows: rows)
            if columns > size.width - 2 {
                columns = max(4, size.width - 2)
                rows = columns * 3 / 4
            }
            return Size(width: columns, height: rows)
        }
    }

    /// Where the picture goes (narrow: its place at the top of the document, before scrolling).
    public var pictureFrame: Rect {
        let picture = pictureSize
        switch kind {
        case .backdrop:
            let room = Rect(x: body.x, y: body.y, width: max(0, panel.x - body.x), height: body.height)
            return room.centered(picture)
        case .wide: return Rect(x: body.x, y: body.y + (body.height - picture.height) / 2,
                                width: picture.width, height: picture.height)
        case .narrow: return Rect(x: (size.width - picture.width) / 2, y: 0, width: picture.width, height: picture.height)
        }
    }

    /// The darkened panel of the backdrop layout (its frame included).
    public var panel: Rect {
        let width = min(84, max(40, size.width * 9 / 20))
        let body = self.body
        return Rect(x: body.maxX - width - 3, y: body.y + 2, width: width, height: max(3, body.height - 4))
    }

    /// The cells of the picture the backdrop's panel is drawn over (picture coordinates), if
    /// any: the terminal's pixels show the picture around it, the panel dims its half-blocks
    /// (kitty placed directly keeps the whole picture under the panel: `PipelineThumbnails`).
    /// The backdrop puts the picture beside the panel: nil unless a layout puts one under the
    /// other.
    public var pictureHole: Rect? {
        guard kind == .backdrop else { return nil }
        let frame = pictureFrame
        let under = panel.intersection(frame)
        guard !under.isEmpty else { return nil }
        return Rect(x: under.x - frame.x, y: under.y - frame.y, width: under.width, height: under.height)
    }

    /// The scrolling area of the details text.
    public var viewport: Rect {
        let body = self.body
        switch kind {
        case .backdrop: return panel.inset(horizontal: 2, vertical: 1)
        case .wide where !hasPictureBox:
            return body.inset(horizontal: 2, vertical: 0)
        case .wide:
            let left = pictureSize.width + 3
            return Rect(x: body.x + left, y: body.y, width: max(10, body.width - left - 1), height: body.height)
        case .narrow: return body.inset(horizontal: 1, vertical: 0)
        }
    }

    /// Whether the picture scrolls with the text (it is the first block of the document).
    public var pictureInDocument: Bool { kind == .narrow && hasPictureBox }
}
