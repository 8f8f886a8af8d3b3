import TerminalUI

/// The fixed regions of every gallery screen: a header line (title or search field, and the
/// Marvel attribution), the grid, and the status line. Overlays (index bar, help, cards) are
/// drawn over the grid so opening them never reflows the tiles.
public struct ScreenLayout: Equatable, Sendable {
    public let size: Size
    /// Lines under the header for a legend (the comics gallery's format colours).
    public let legendRows: Int
    /// The narrowest tile label this screen's names need (`TileGrid.Metrics.minLabelColumns`).
    public let labelColumns: Int
    public var header: Rect { Rect(x: 0, y: 0, width: size.width, height: 1) }
    public var legend: Rect { Rect(x: 0, y: 1, width: size.width, height: legendRows) }
    public var grid: Rect {
        Rect(x: 0, y: 1 + legendRows, width: size.width, height: max(0, size.height - 2 - legendRows))
    }
    public var status: Rect { Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1) }

    /// Below this the screen says "terminal too small" instead of drawing garbage.
    public static let minimumColumns = 24
    public static let minimumRows = 11

    public init(size: Size, legendRows: Int = 0, labelColumns: Int = 0) {
        self.size = size
        self.legendRows = legendRows
        self.labelColumns = labelColumns
    }

    /// The grid geometry, or nil when the terminal is too small for it.
    public var tileGrid: TileGrid? {
        guard size.width >= ScreenLayout.minimumColumns, size.height >= ScreenLayout.minimumRows + legendRows else {
            return nil
        }
        return TileGrid(area: grid, metrics: TileGrid.Metrics(minLabelColumns: labelColumns))
    }
}

extension CatalogKind {
    /// The narrowest tile label of this grid's names (`TileGrid.Metrics.minLabelColumns`): the
    /// width at which every screen of the built-in catalog's names reads apart, each keeping
    /// its first word (`LabelClashEndToEndTests` counts them).
    var labelColumns: Int {
        switch self {
        case .characters: 12
        // "Amazing… (1963) #1" beside "Amazing… (1987) #1"; "X-Men:… #7 Var".
        case .comics: 19
        // "Captain… (1968)" beside "Captain… (2019)".
        case .titles: 17
        // Comics among the characters.
        case .saved: 19
        }
    }
}
