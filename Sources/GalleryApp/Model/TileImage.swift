import TerminalUI

/// A decoded thumbnail as half-block cells: each cell shows two stacked pixels, the upper as the
/// foreground of `▀` and the lower as the background. A nil half is transparent (letterbox
/// padding): it shows the terminal's own background.
public struct TileImage: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns * rows` entries each.
    public let top: [RGB?]
    public let bottom: [RGB?]

    public init(columns: Int, rows: Int, top: [RGB?], bottom: [RGB?]) {
        precondition(top.count == columns * rows && bottom.count == columns * rows,
                     "tile image arrays must hold columns * rows entries")
        self.columns = columns
        self.rows = rows
        self.top = top
        self.bottom = bottom
    }

    /// A flat picture of one colour (tests and placeholders).
    public static func solid(columns: Int, rows: Int, rgb: RGB) -> TileImage {
        TileImage(columns: columns, rows: rows,
                  top: Array(repeating: rgb, count: columns * rows),
                  bottom: Array(repeating: rgb, count: columns * rows))
    }

    /// A vertical gradient between two colours (snapshot tests: recognisable, deterministic).
    public static func gradient(columns: Int, rows: Int, from a: RGB, to b: RGB) -> TileImage {
        func mix(_ y: Int) -> RGB {
            let t = rows * 2 <= 1 ? 0 : y * 255 / (rows * 2 - 1)
            func c(_ x: UInt8, _ z: UInt8) -> UInt8 { UInt8((Int(x) * (255 - t) + Int(z) * t) / 255) }
            return RGB(c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
        }
        var top: [RGB?] = [], bottom: [RGB?] = []
        for row in 0..<rows {
            for _ in 0..<columns {
                top.append(mix(row * 2))
                bottom.append(mix(row * 2 + 1))
            }
        }
        return TileImage(columns: columns, rows: rows, top: top, bottom: bottom)
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

    public var description: String { "\(characterID)@\(columns)x\(rows)" }
}

/// Load order for thumbnails: what is on screen first, the next screen after.
public enum ThumbnailPriority: Equatable, Hashable, Sendable {
    case high
    case low
}
