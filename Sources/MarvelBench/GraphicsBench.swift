import ArgumentParser
import Foundation
import ImageCore
import TerminalUI

/// `marvel-bench graphics`: bytes and encode time per picture protocol for a screen of
/// thumbnails (default 200x60 cells, 16x12-cell tiles, 10x20-px cells) and for a one-row
/// scroll of it. kitty keeps images in the terminal, so its scroll is placements only;
/// sixel and iTerm2 keep nothing, so every tile that moved is sent again.
struct GraphicsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphics",
        abstract: "Picture protocol cost: a full screen of thumbnails and a one-row scroll, per protocol.")

    @OptionGroup var screen: ScreenSizeOptions
    @Option(help: "A picture (JPEG/PNG/GIF) to draw in every tile.") var image: String = "Fixtures/images/sample.jpg"

    var width: Int { screen.width }
    var height: Int { screen.height }

    func run() throws {
        let source = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: image))))
        let tileCols = 16, tileRows = 12
        let tiles = (width / (tileCols + 1)) * (height / (tileRows + 1))
        let box = PixelBox(cols: tileCols, rows: tileRows, cellWidth: 10, cellHeight: 20)
        // Slightly different pictures per tile (a brightness step), as a grid of portraits is.
        let pictures = (0..<tiles).map { i in
            let fitted = box.fit(source, mode: .cover)
            return RGBImage(width: fitted.width, height: fitted.height,
                            pixels: fitted.pixels.map { UInt8(min(255, Int($0) + i % 16)) })
        }
        let blockCells = (0..<tiles).map { i in
            HalfBlockCells(image: source.fitted(cols: tileCols, rows: tileRows, mode: .cover)
                .resized(to: PixelSize(width: tileCols, height: tileRows * 2)))
                .withIndex(i)
        }
        print("marvel-bench graphics: \(width)x\(height) cells, \(tiles) tiles of \(tileCols)x\(tileRows) cells "
              + "(\(box.size.width)x\(box.size.height) px)")
        func report(_ name: String, _ work: () throws -> Int) rethrows {
            let start = DispatchTime.now().uptimeNanoseconds
            let bytes = try work()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            print("  \(name.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(format: "%10d", bytes)) bytes  \(String(format: "%8.2f", ms)) ms")
        }
        try report("blocks truecolor, full screen") {
            blockCells.reduce(0) { $0 + HalfBlockEncoder.encode($1, mode: .truecolor).count }
        }
        try report("blocks 256 (dithered), full screen") {
            try pictures.indices.reduce(0) { sum, i in
                let cells = HalfBlockCells(image: pictures[i].fitted(cols: tileCols, rows: tileRows, mode: .cover).dithered(to: .ansi256))
                return sum + HalfBlockEncoder.encode(cells, mode: .ansi256).count
            }
        }
        var pngs: [[UInt8]] = []
        try report("kitty, full screen (transmit+place)") {
            pngs = try pictures.map { try ImageEncoder.png($0) }
            return pngs.enumerated().reduce(0) { sum, p in
                sum + KittyGraphics.transmit(png: p.element, id: UInt32(p.offset + 1)).count
                    + KittyGraphics.place(id: UInt32(p.offset + 1), placement: 1).count
            }
        }
        try report("kitty, one-row scroll (placements)") {
            (0..<tiles).reduce(0) { $0 + KittyGraphics.place(id: UInt32($1 + 1), placement: 1).count + 8 }
        }
        try report("sixel (libsixel), full screen") {
            try pictures.reduce(0) { $0 + (try SixelGraphics.encode($1)).count }
        }
        try report("sixel, one-row scroll (resend all)") {
            try pictures.reduce(0) { $0 + (try SixelGraphics.encode($1)).count }
        }
        try report("iTerm2, full screen") {
            try pictures.reduce(0) { $0 + ITerm2Graphics.show(file: try ImageEncoder.png($1), cols: tileCols, rows: tileRows).count }
        }
    }
}

private extension HalfBlockCells {
    /// Tile `i`'s variant of the picture (a brightness step), so tiles are not identical.
    func withIndex(_ i: Int) -> HalfBlockCells {
        func shift(_ c: RGB?) -> RGB? { c.map { RGB(UInt8(min(255, Int($0.r) + i % 16)), $0.g, $0.b) } }
        return HalfBlockCells(cols: cols, rows: rows, top: top.map(shift), bottom: bottom.map(shift))
    }
}
