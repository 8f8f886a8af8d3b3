import TerminalUI

/// What a real terminal can be. Sizes a terminal (or a pty someone set) reports beyond these
/// are clamped: a 10000x10000 window would take 7.7 GB of buffers, 65535x65535 would abort, and
/// a cell of 200x400 px would make one sixel first screen 208 MB. `doctor` says when a size was
/// clamped.
public enum TerminalLimits {
    /// The most cells (a 8K screen at a 4 px font is about 960x540).
    public static let maxCells = Size(width: 1000, height: 500)
    /// The largest cell in pixels (a 64 pt font on a Retina screen).
    public static let maxCellPixels = Size(width: 64, height: 128)
    /// The longest one reply to a start-up question may be: real ones are under 200 bytes;
    /// a longer one is dropped (a 1 MB DA1 reply cost 21 s of CPU and 220 MB).
    public static let maxReplyBytes = 4096

    public static func clamped(cells: Size) -> Size {
        Size(width: min(max(cells.width, 1), maxCells.width), height: min(max(cells.height, 1), maxCells.height))
    }

    public static func clamped(cellPixels: Size) -> Size {
        Size(width: min(max(cellPixels.width, 1), maxCellPixels.width),
             height: min(max(cellPixels.height, 1), maxCellPixels.height))
    }

    /// A window's pixel size, at most `maxCells` cells of `maxCellPixels`.
    public static func clamped(windowPixels: Size) -> Size {
        Size(width: min(windowPixels.width, maxCells.width * maxCellPixels.width),
             height: min(windowPixels.height, maxCells.height * maxCellPixels.height))
    }

    /// "WxH" and, when it was clamped, what the terminal said.
    public static func describe(_ size: Size, reported: Size, unit: String) -> String {
        let shown = "\(size.width)x\(size.height) \(unit)"
        return size == reported ? shown : shown + " (the terminal said \(reported.width)x\(reported.height): clamped)"
    }
}
