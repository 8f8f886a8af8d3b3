import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import TestSupport

/// Measures of a screenshot of an overlay over kitty pictures, cell by cell against what the
/// program asked for: its screen (`VirtualTerminal`) and the canvas it sent
/// (`PixelPictureLayer+KittyCanvas`: the cells' backgrounds while pictures lie under the text).
enum OverlayShot {
    typealias CellPixels = (width: Int, height: Int, size: Size)

    /// The last canvas in the program's output: `cols` x `rows` RGBA pixels, one per cell (sent
    /// as kitty's PNG, `KittyPayload`; decoded here as kitty does).
    static func lastCanvas(_ log: [UInt8]) -> (cols: Int, rows: Int, rgba: [UInt8])? {
        let text = String(decoding: log, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}_Ga=t,f=100,t=d,i=\(KittyGraphics.canvasID),", options: .backwards,
                                     range: nil) else { return nil }
        var rest = text[start.lowerBound...]
        var base64 = ""
        while let semi = rest.firstIndex(of: ";"), let end = rest.range(of: "\u{1B}\\") {
            base64 += rest[rest.index(after: semi)..<end.lowerBound]
            let more = rest[..<semi].contains("m=1")
            rest = rest[end.upperBound...]
            guard more else { break }
        }
        guard let data = Data(base64Encoded: base64), let image = try? ImageDecoder.decode([UInt8](data)) else { return nil }
        let rgba = stride(from: 0, to: image.pixels.count, by: 3).flatMap { image.pixels[$0..<($0 + 3)] + [255] }
        return (image.width, image.height, rgba)
    }

    /// The bounding box of the cells whose text differs between two screens, between the
    /// first and the last row (the header and the status bar): the overlay.
    static func changed(_ a: VirtualTerminal, _ b: VirtualTerminal, size: Size) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 1..<(size.height - 1) {
            for x in 0..<size.width where a.screen[x, y].symbol != b.screen[x, y].symbol {
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Blank cells outside every picture whose pixels are not all the colour the canvas gives
    /// them (within 24 a channel, 1 px in from the cell's edges): an old glyph showing through,
    /// or a background drawn in the wrong colour.
    static func staleCells(_ vt: VirtualTerminal, in shot: RGBImage, canvas: (cols: Int, rows: Int, rgba: [UInt8]),
                           cell: CellPixels, pictures: [Rect]) -> Int {
        var stale = 0
        for y in 0..<min(cell.size.height, canvas.rows) {
            for x in 0..<min(cell.size.width, canvas.cols) where vt.screen[x, y].symbol == " "
                && !pictures.contains(where: { $0.contains(Point(x: x, y: y)) }) {
                let i = (y * canvas.cols + x) * 4
                let want = Array(canvas.rgba[i..<(i + 3)])
                let px = pixels(x: x, y: y, inset: 1, shot: shot, cell: cell)
                if stride(from: 0, to: px.count, by: 3).contains(where: { i in
                    (0..<3).contains { abs(Int(px[i + $0]) - Int(want[$0])) > 24 }
                }) { stale += 1 }
            }
        }
        return stale
    }

    /// PSNR of the blank cells of `pictures` inside `panel` against the same pixels of the
    /// grid before, darkened as the veil darkens them (black at 184/255: x 71/255); 1 px in
    /// from the cells' edges (kitty's rasterizer put the veil's top edge 1 px below the cell's).
    static func dimmedPSNR(_ vt: VirtualTerminal, in shot: RGBImage, grid: RGBImage, cell: CellPixels,
                           pictures: [Rect], panel: Rect) -> Double {
        var got: [UInt8] = [], want: [UInt8] = []
        for p in pictures {
            let r = p.intersection(panel)
            guard !r.isEmpty else { continue }
            for y in r.minY..<r.maxY {
                for x in r.minX..<r.maxX where vt.screen[x, y].symbol == " " {
                    let g = pixels(x: x, y: y, inset: 1, shot: shot, cell: cell)
                    let w = pixels(x: x, y: y, inset: 1, shot: grid, cell: cell).map { UInt8((Int($0) * 71 + 127) / 255) }
                    got += g
                    want += w
                }
            }
        }
        return got.isEmpty ? -.infinity : psnr(got, want)
    }

    /// Blank cells inside `box` (its frame left out) with any pixel more than 24 a channel off
    /// `background` (1 px in from the cell's edges): a picture, a dimmed picture or an old
    /// glyph showing through a box that should be opaque (the help, issue 35).
    static func seeThroughCells(_ vt: VirtualTerminal, in shot: RGBImage, box: Rect, cell: CellPixels,
                                background: RGB = RGB(0, 0, 0)) -> Int {
        var n = 0
        let inner = Rect(x: box.x + 1, y: box.y + 1, width: max(0, box.width - 2), height: max(0, box.height - 2))
        for y in inner.minY..<inner.maxY {
            for x in inner.minX..<inner.maxX where vt.screen[x, y].symbol == " " {
                let px = pixels(x: x, y: y, inset: 1, shot: shot, cell: cell)
                let want = [background.r, background.g, background.b]
                if stride(from: 0, to: px.count, by: 3).contains(where: { i in
                    (0..<3).contains { abs(Int(px[i + $0]) - Int(want[$0])) > 24 }
                }) { n += 1 }
            }
        }
        return n
    }

    /// PSNR of every cell outside `panel` between two screenshots (what the overlay must not
    /// change: the other tiles, the header, the status bar).
    static func outsidePSNR(_ a: RGBImage, _ b: RGBImage, cell: CellPixels, panel: Rect) -> Double {
        var pa: [UInt8] = [], pb: [UInt8] = []
        for y in 0..<cell.size.height {
            for x in 0..<cell.size.width where !panel.contains(Point(x: x, y: y)) {
                pa += pixels(x: x, y: y, inset: 0, shot: a, cell: cell)
                pb += pixels(x: x, y: y, inset: 0, shot: b, cell: cell)
            }
        }
        return psnr(pa, pb)
    }

    /// A cell's pixels (RGB), `inset` pixels in from its edges.
    static func pixels(x: Int, y: Int, inset: Int, shot: RGBImage, cell: CellPixels) -> [UInt8] {
        var out: [UInt8] = []
        let x0 = x * cell.width + inset, x1 = min((x + 1) * cell.width - inset, shot.width)
        let y0 = y * cell.height + inset, y1 = min((y + 1) * cell.height - inset, shot.height)
        guard x0 < x1, y0 < y1 else { return out }
        for py in y0..<y1 {
            let row = (py * shot.width + x0) * 3
            out += shot.pixels[row..<(row + (x1 - x0) * 3)]
        }
        return out
    }
}
