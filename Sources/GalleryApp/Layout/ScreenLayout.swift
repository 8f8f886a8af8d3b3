/// The fixed regions of every gallery screen: a header line (title or search field, and the
/// Marvel attribution), the grid, and the status line. Overlays (index bar, help, cards) are
/// drawn over the grid so opening them never reflows the tiles.
public struct ScreenLayout: Equatable, Sendable {
    public let size: TermSize
    public var header: CellRect { CellRect(x: 0, y: 0, width: size.columns, height: 1) }
    public var grid: CellRect { CellRect(x: 0, y: 1, width: size.columns, height: max(0, size.rows - 2)) }
    public var status: CellRect { CellRect(x: 0, y: max(0, size.rows - 1), width: size.columns, height: 1) }

    /// Below this the screen says "terminal too small" instead of drawing garbage.
    public static let minimumColumns = 24
    public static let minimumRows = 11

    public init(size: TermSize) { self.size = size }

    /// The grid geometry, or nil when the terminal is too small for it.
    public var gridLayout: GridLayout? {
        guard size.columns >= ScreenLayout.minimumColumns, size.rows >= ScreenLayout.minimumRows else {
            return nil
        }
        return GridLayout(area: grid)
    }
}

/// A terminal size in cells.
public struct TermSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
    public var description: String { "\(columns)x\(rows)" }
}
