import Foundation

/// Reads the gallery's screen text: tile names, the selected tile, columns, the status line.
struct GalleryScreen {
    let lines: [String]

    init(_ text: String) { lines = text.components(separatedBy: "\n") }

    /// Lines that hold tile names: the row just above a tile's bottom frame.
    private var nameLineIndices: [Int] {
        lines.indices.filter { i in
            i + 1 < lines.count && (lines[i + 1].contains("╰") || lines[i + 1].contains("┗"))
                && (lines[i].contains("│") || lines[i].contains("┃"))
        }
    }

    /// Every tile name on screen in reading order (cut names keep their `…`).
    var names: [String] {
        nameLineIndices.flatMap { GalleryScreen.segments(of: lines[$0]) }
    }

    /// The name in the selected (heavy-framed) tile.
    var selectedName: String? {
        for i in nameLineIndices where lines[i + 1].contains("┗") {
            let parts = lines[i].components(separatedBy: "┃")
            if parts.count >= 3 { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// Tiles across on the first row of tiles.
    var columns: Int {
        guard let top = lines.first(where: { $0.contains("╭") || $0.contains("┏") }) else { return 0 }
        return top.filter { $0 == "╭" || $0 == "┏" }.count
    }

    /// True when tiles are on screen and none shows the loading mark (`···`, GalleryApp's
    /// TileView): each has its picture or its placeholder.
    var everyTileDrawn: Bool { !names.isEmpty && !lines.contains { $0.contains("···") } }

    var header: String { lines.first ?? "" }
    var status: String { lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? "" }

    /// The text between frame bars on a name line.
    static func segments(of line: String) -> [String] {
        var names: [String] = []
        var current: String?
        for ch in line {
            if ch == "│" || ch == "┃" {
                if let c = current {
                    names.append(c.trimmingCharacters(in: .whitespaces))
                    current = nil
                } else {
                    current = ""
                }
            } else if current != nil {
                current!.append(ch)
            }
        }
        return names.filter { !$0.isEmpty }
    }
}
