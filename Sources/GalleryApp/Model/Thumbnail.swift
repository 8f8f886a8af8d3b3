/// A decoded thumbnail as half-block cells: each cell shows two stacked pixels, the upper as the
/// foreground of `▀` and the lower as the background. Colours are 0xRRGGBB.
public struct Thumbnail: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns * rows` entries each.
    public let upper: [UInt32]
    public let lower: [UInt32]

    public init(columns: Int, rows: Int, upper: [UInt32], lower: [UInt32]) {
        precondition(upper.count == columns * rows && lower.count == columns * rows,
                     "thumbnail cell arrays must hold columns * rows entries")
        self.columns = columns
        self.rows = rows
        self.upper = upper
        self.lower = lower
    }

    /// A flat thumbnail of one colour (tests and placeholders).
    public static func solid(columns: Int, rows: Int, rgb: UInt32) -> Thumbnail {
        Thumbnail(columns: columns, rows: rows,
                  upper: Array(repeating: rgb, count: columns * rows),
                  lower: Array(repeating: rgb, count: columns * rows))
    }
}

/// Which picture at which size: one thumbnail request. Size is part of the key so a resize asks
/// for the new size while the old one keeps being drawn.
public struct ThumbnailKey: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let characterID: Int
    public let image: ImageRef
    public let columns: Int
    public let rows: Int

    public init(characterID: Int, image: ImageRef, columns: Int, rows: Int) {
        self.characterID = characterID
        self.image = image
        self.columns = columns
        self.rows = rows
    }

    /// The smallest Marvel portrait variant that holds `columns x 2*rows` pixels (Marvel asks
    /// clients to fetch the smallest variant that fits).
    public var portraitVariant: String {
        let needW = columns, needH = rows * 2
        let variants: [(String, Int, Int)] = [
            ("portrait_small", 50, 75), ("portrait_medium", 100, 150),
            ("portrait_xlarge", 150, 225), ("portrait_fantastic", 168, 252),
            ("portrait_incredible", 216, 324), ("portrait_uncanny", 300, 450),
        ]
        return variants.first { $0.1 >= needW && $0.2 >= needH }?.0 ?? "portrait_uncanny"
    }

    public var description: String { "\(characterID)@\(columns)x\(rows)" }
}

/// Load order for thumbnails: what is on screen first, the next screen after.
public enum ThumbnailPriority: Equatable, Hashable, Sendable {
    case high
    case low
}
