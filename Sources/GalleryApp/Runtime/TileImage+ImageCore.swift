import ImageCore
import TerminalUI

extension TileImage {
    /// ImageCore's half-block cells as a tile picture (same layout: row-major top/bottom pixels,
    /// nil = transparent).
    public init(_ cells: ImageCore.HalfBlockCells) {
        func color(_ c: ImageCore.RGB?) -> TerminalUI.RGB? { c.map { TerminalUI.RGB($0.r, $0.g, $0.b) } }
        self.init(columns: cells.cols, rows: cells.rows, top: cells.top.map(color), bottom: cells.bottom.map(color))
    }
}
