import ArgumentParser
import Foundation
import ImageCore
import TerminalUI

/// `marvel-bench graphics`: bytes and encode time per picture protocol for a screen of
/// thumbnails (default 200x60 cells, 16x12-cell tiles, 10x20-px cells) and for a one-row
/// scroll of it, through the real frame path (`HalfBlockImage`, `Buffer.settleImages`,
/// `ANSIEncoder`). kitty keeps pictures in the terminal, so a scroll sends only the new row's
/// pictures (once) and placements, none at all when that row was sent ahead while idle (as the
/// gallery does with the prefetched row), and scrolling back is placements only; sixel and iTerm2
/// keep nothing, so every tile that moved is sent again.
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
        let columns = width / (tileCols + 1), rows = height / (tileRows + 1)
        let tiles = columns * rows
        let cell = Size(width: 10, height: 20)
        print("marvel-bench graphics: \(width)x\(height) cells, \(tiles) tiles of \(tileCols)x\(tileRows) cells "
              + "(\(tileCols * cell.width)x\(tileRows * cell.height) px), frames through ANSIEncoder")
        // One more row of tiles than the screen shows, for the scroll.
        let count = tiles + columns
        // Slightly different pictures per tile (a brightness step), as a grid of portraits is.
        let sources = (0..<count).map { i in
            RGBImage(width: source.width, height: source.height, pixels: source.pixels.map { UInt8(min(255, Int($0) + i % 16)) })
        }
        func line(_ name: String, _ bytes: Int, _ ms: Double) {
            print("    \(name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(String(format: "%10d", bytes)) bytes  \(String(format: "%8.2f", ms)) ms")
        }
        func timed<T>(_ work: () throws -> T) rethrows -> (T, Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let value = try work()
            return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let modes: [(String, GraphicsMode, ColorDepth)] = [
            ("blocks truecolor", .blocks, .truecolor),
            ("blocks 256 (dithered)", .blocks, .ansi256),
            ("kitty", GraphicsMode(graphics: .kitty, cellPixels: cell), .truecolor),
            ("kitty via tmux placeholders", GraphicsMode(graphics: .kitty, tmuxPlaceholders: true, cellPixels: cell), .truecolor),
            ("sixel (libsixel)", GraphicsMode(graphics: .sixel, cellPixels: cell), .truecolor),
            ("iTerm2", GraphicsMode(graphics: .iterm2, cellPixels: cell), .truecolor),
        ]
        for (name, mode, depth) in modes {
            // The pipeline's work per picture: fit, dither, encode for the protocol.
            let (pictures, prepareMs) = try timed {
                try sources.map { src -> HalfBlockCells in
                    var cells = HalfBlockCells(image: src.fitted(cols: tileCols, rows: tileRows, mode: .cover).dithered(to: depth))
                    cells.pixels = try TerminalImages.make(src, cols: tileCols, rows: tileRows, fit: .cover, mode: mode)
                    return cells
                }
            }
            func frame(firstTile: Int, of pictures: [HalfBlockCells] = pictures) -> Buffer {
                var b = Buffer(size: Size(width: width, height: height))
                for i in 0..<tiles {
                    let area = Rect(x: (i % columns) * (tileCols + 1), y: (i / columns) * (tileRows + 1),
                                    width: tileCols, height: tileRows)
                    b.render(HalfBlockImage(pictures[firstTile + i]), in: area)
                    b.put("tile \(firstTile + i)", at: Point(x: area.x, y: area.maxY))
                }
                b.settleImages()
                return b
            }
            let first = frame(firstTile: 0), scrolled = frame(firstTile: columns)
            var encoder = ANSIEncoder(depth: depth, synchronizedOutput: true)
            let (full, fullMs) = timed { encoder.encode(BufferDiff.fullRepaint(first)) }
            let placedBefore = encoder.imagePlacementsWritten, sentBefore = encoder.imagesTransmitted
            let (scroll, scrollMs) = timed { encoder.encode(BufferDiff(from: first, to: scrolled)) }
            let placedScroll = encoder.imagePlacementsWritten, sentScroll = encoder.imagesTransmitted
            // Back up one row: every picture is one the terminal has seen this run.
            let (back, backMs) = timed { encoder.encode(BufferDiff(from: scrolled, to: first)) }
            print("  \(name)")
            line("prepare \(count) pictures (payload bytes)", pictures.reduce(0) { $0 + ($1.pixels?.payload.count ?? 0) }, prepareMs)
            line("full screen", full.count, fullMs)
            line("one-row scroll down (a new row)", scroll.count, scrollMs)
            line("one-row scroll back", back.count, backMs)
            if mode.usesPixels {
                print("      down: \(sentScroll - sentBefore) pictures sent, \(placedScroll - placedBefore) placed; "
                      + "back: \(encoder.imagesTransmitted - sentScroll) sent, \(encoder.imagePlacementsWritten - placedScroll) placed")
            }
            if mode.graphics == .kitty && !mode.tmuxPlaceholders {
                scrollWithRowAhead(first: first, scrolled: scrolled, next: pictures[tiles..<count], line: line)
                longWalk(pictures, frame: frame(firstTile:of:), line: line)
            }
        }
    }

    /// kitty as the gallery runs it: the next tile row's pictures (decoded by the prefetch) are
    /// sent while the user looks at the screen, so the scroll that brings them in is placements only.
    func scrollWithRowAhead(first: Buffer, scrolled: Buffer, next: ArraySlice<HalfBlockCells>,
                            line: (String, Int, Double) -> Void) {
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        _ = encoder.encode(BufferDiff.fullRepaint(first))
        var idle = first
        for cells in next { if let pixels = cells.pixels { idle.preload(pixels) } }
        func timed(_ diff: BufferDiff) -> (Int, Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let bytes = encoder.encode(diff).count
            return (bytes, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let sentBefore = encoder.imagesTransmitted
        let (ahead, aheadMs) = timed(BufferDiff(from: first, to: idle))
        let sentAhead = encoder.imagesTransmitted
        let (scroll, scrollMs) = timed(BufferDiff(from: idle, to: scrolled))
        line("next row sent ahead (while idle)", ahead, aheadMs)
        line("one-row scroll down (row sent ahead)", scroll, scrollMs)
        print("      ahead: \(sentAhead - sentBefore) pictures sent; scroll: \(encoder.imagesTransmitted - sentAhead) sent")
    }

    /// kitty over a long walk: `screens` pages down, every page new pictures (the prepared
    /// ones under new ids): the terminal's store stays under the encoder's budget.
    func longWalk(_ pictures: [HalfBlockCells], frame: (Int, [HalfBlockCells]) -> Buffer,
                  line: (String, Int, Double) -> Void) {
        let screens = 60
        let tiles = pictures.count
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        var front: Buffer?
        var bytes = 0, ms = 0.0, peak = 0
        for screen in 0..<screens {
            let page = pictures.enumerated().map { i, cells -> HalfBlockCells in
                var copy = cells
                copy.pixels = cells.pixels.map {
                    TerminalImage(id: UInt32(1_000_000 + screen * tiles + i), graphics: .kitty, cols: $0.cols, rows: $0.rows,
                                  payload: $0.payload, pixelSize: $0.pixelSize)
                }
                return copy
            }
            let next = frame(0, page)
            let start = DispatchTime.now().uptimeNanoseconds
            bytes += encoder.encode(front.map { BufferDiff(from: $0, to: next) } ?? BufferDiff.fullRepaint(next)).count
            ms += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            peak = max(peak, encoder.kittyStoredBytes)
            front = next
        }
        line("long walk: \(screens) screens of new pictures", bytes, ms)
        print("      \(encoder.imagesTransmitted) sent, \(encoder.imagesFreed) freed; terminal holds at most "
              + "\(peak >> 20) MiB (budget \(encoder.kittyStoreBudget >> 20) MiB), \(encoder.kittyStoredBytes >> 20) MiB at the end")
    }
}
