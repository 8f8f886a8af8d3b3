import ArgumentParser
import TerminalUI

/// `marvel-bench frame`: bytes and encode time of the terminal renderer for a full 200x60 frame
/// of thumbnails, a one-line scroll of it, a one-tile-row scroll (19 lines, as the gallery's grid
/// at 200x60), and a one-cell change.
/// Targets: line scroll <= 50 % and tile-row scroll <= 45 % of the full repaint's bytes, one-cell
/// change <= 32 bytes, full frame encoded in <= 2 ms (release build).
struct FrameBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Renderer cost: full 200x60 thumbnail frame, one-line and one-tile-row scrolls, one-cell change.")

    @OptionGroup var screen: ScreenSizeOptions
    @Option(help: "Timed repetitions per case (the median is printed).") var iterations: Int = 200

    var width: Int { screen.width }
    var height: Int { screen.height }

    func validate() throws {
        guard (1...100_000).contains(iterations) else { throw ValidationError("--iterations must be 1...100000") }
    }

    func run() {
        let size = Size(width: width, height: height)
        let canvas = ThumbnailCanvas(width: width, height: height * 2)
        let frame0 = canvas.frame(size: size, scroll: 0, spinner: 0)
        let frame1 = canvas.frame(size: size, scroll: 1, spinner: 0)
        let frameTileRow = canvas.frame(size: size, scroll: canvas.rowStride, spinner: 0)
        let frameCell = canvas.frame(size: size, scroll: 0, spinner: 1)

        var fresh = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        // The encoder as it is after drawing frame0 (pen and cursor known).
        var warm = fresh
        _ = warm.encode(BufferDiff.fullRepaint(frame0))

        print("marvel-bench frame: \(width)x\(height) cells, thumbnails in truecolor, \(iterations) iterations (median)")
        let full = measure { var e = fresh; return e.encode(BufferDiff.fullRepaint(frame0)) }
        let scroll = measure { var e = warm; return e.encode(BufferDiff(from: frame0, to: frame1)) }
        let scrollPlain = measure { var e = warm; return e.encode(BufferDiff(from: frame0, to: frame1, detectScroll: false)) }
        let tileRow = measure { var e = warm; return e.encode(BufferDiff(from: frame0, to: frameTileRow)) }
        let tileRowPlain = measure { var e = warm; return e.encode(BufferDiff(from: frame0, to: frameTileRow, detectScroll: false)) }
        let cell = measure { var e = warm; return e.encode(BufferDiff(from: frame0, to: frameCell)) }
        var e256 = ANSIEncoder(depth: .ansi256, synchronizedOutput: true)
        let full256 = e256.encode(BufferDiff.fullRepaint(frame0)).count
        fresh = ANSIEncoder(depth: .none, synchronizedOutput: true)
        let fullNone = fresh.encode(BufferDiff.fullRepaint(frame0)).count

        func row(_ name: String, _ m: (bytes: Int, ms: Double)) {
            let pct = Double(m.bytes) * 100 / Double(max(1, full.bytes))
            print("  \(name + String(repeating: " ", count: max(0, 34 - name.count))) \(String(m.bytes).leftPad(8)) bytes  \(pct.fixed(1).leftPad(6)) %  \(m.ms.fixed(3).leftPad(8)) ms (diff + encode)")
        }
        row("full repaint", full)
        row("one-row scroll (scroll region)", scroll)
        row("one-row scroll (cell diff only)", scrollPlain)
        row("tile-row scroll, \(canvas.rowStride) lines (region)", tileRow)
        row("tile-row scroll (cell diff only)", tileRowPlain)
        row("one-cell change", cell)
        print("  full repaint at 256 colours: \(full256) bytes; without colour: \(fullNone) bytes")
        let scrollOK = Double(scroll.bytes) <= 0.5 * Double(full.bytes)
        print("targets: scroll <= 50% of full: \(scrollOK ? "PASS" : "FAIL") (\((Double(scroll.bytes) * 100 / Double(full.bytes)).fixed(2))%)"
              + ", tile-row scroll <= 45% of full: \(Double(tileRow.bytes) <= 0.45 * Double(full.bytes) ? "PASS" : "FAIL")"
              + " (\((Double(tileRow.bytes) * 100 / Double(full.bytes)).fixed(2))%)"
              + ", one cell <= 32 bytes: \(cell.bytes <= 32 ? "PASS" : "FAIL") (\(cell.bytes))"
              + ", full frame <= 2 ms: \(full.ms <= 2 ? "PASS" : "FAIL") (\(full.ms.fixed(3)) ms)")
    }

    /// Bytes of one run and the median wall time of `iterations` runs.
    private func measure(_ body: () -> [UInt8]) -> (bytes: Int, ms: Double) {
        let clock = ContinuousClock()
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<iterations {
            let start = clock.now
            let out = body()
            let d = clock.now - start
            bytes = out.count
            times.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
        }
        times.sort()
        return (bytes, times[times.count / 2])
    }
}

/// A tall page of thumbnail tiles (pseudo-photographic pixels: every cell a different colour
/// pair, as in real JPEG thumbnails) with names under them; frames are windows onto it.
struct ThumbnailCanvas {
    let page: Buffer
    /// Lines from one tile row to the next: 19, as the gallery's grid at 200x60.
    let rowStride: Int

    init(width: Int, height: Int) {
        var b = Buffer(size: Size(width: width, height: height))
        let area = b.area
        let grid = Grid(count: 400, minTileWidth: 18, tileHeight: 18, gap: 2) { i, r, buf in
            let (img, label) = r.splitBottom(1)
            var top: [RGB?] = [], bottom: [RGB?] = []
            var seed = UInt32(truncatingIfNeeded: i &* 2654435761)
            func px(_ x: Int, _ y: Int) -> RGB {
                seed = seed &* 1664525 &+ 1013904223
                let n = Int(seed >> 27)  // a little noise
                return RGB(UInt8(truncatingIfNeeded: (x * 11 + i * 37 + n) & 255),
                           UInt8(truncatingIfNeeded: (y * 13 + i * 53 + n) & 255),
                           UInt8(truncatingIfNeeded: (x * y + i * 91) & 255))
            }
            for y in 0..<img.height {
                for x in 0..<img.width {
                    top.append(px(x, 2 * y))
                    bottom.append(px(x, 2 * y + 1))
                }
            }
            buf.render(HalfBlockImage(HalfBlockCells(cols: img.width, rows: img.height, top: top, bottom: bottom)), in: img)
            buf.put(TextWidth.truncate("Character number \(i)", to: label.width), at: label.origin,
                    style: Style(foreground: .indexed(252)))
        }
        b.render(grid, in: area)
        rowStride = grid.layout(in: area).rowStride
        page = b
    }

    /// Header, the page scrolled by `scroll` rows, status line with a spinner.
    func frame(size: Size, scroll: Int, spinner: Int) -> Buffer {
        var b = Buffer(size: size)
        b.render(SearchField(prompt: "Search: ", text: "", focused: false, placeholder: "type to search"), in: b.area.row(0))
        for y in 1..<(size.height - 1) {
            let src = y - 1 + scroll
            for x in 0..<size.width { b.set(page[x, src], at: Point(x: x, y: y)) }
        }
        let status = b.area.row(size.height - 1)
        b.render(StatusLine(left: "Characters 1-60 of 1562", right: "? help", style: Style(foreground: .indexed(250), background: .indexed(236))), in: status)
        b.render(Spinner(frame: spinner, style: Style(foreground: .indexed(250), background: .indexed(236))),
                 in: Rect(x: status.maxX - 10, y: status.y, width: 1, height: 1))
        return b
    }
}

extension Double {
    func fixed(_ digits: Int) -> String {
        var s = String(Int((self * pow10(digits)).rounded()))
        while s.count <= digits { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
        return s
    }
    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
