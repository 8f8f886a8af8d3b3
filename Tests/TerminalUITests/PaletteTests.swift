import XCTest
@testable import TerminalUI

/// The one quantiser: palette mapping, 16 colours, dithering onto exact palette entries, and
/// pictures without colour drawn as shade glyphs by the encoder.
final class PaletteTests: XCTestCase {
    func testNearestEntries() {
        XCTAssertEqual(Palette.nearest256(255, 0, 0), 196)
        XCTAssertEqual(Palette.nearest256(128, 128, 128), 244)
        XCTAssertEqual(Palette.nearest16(250, 10, 10), 9)
        XCTAssertEqual(Palette.nearest16(10, 10, 10), 0)
        XCTAssertEqual(Palette.nearest16(0, 0, 200), 4)
        for i in 16...255 {
            let c = Palette.rgb(ofIndex: UInt8(i))
            XCTAssertEqual(Palette.rgb(ofIndex: Palette.nearest256(c.r, c.g, c.b)), c, "entry \(i) maps to itself")
        }
        XCTAssertEqual(Color.rgb(250, 10, 10).downgraded(to: .ansi16), .indexed(9))
        XCTAssertEqual(Color.indexed(196).downgraded(to: .ansi16), .indexed(9))
        XCTAssertEqual(Color.indexed(3).downgraded(to: .ansi16), .indexed(3))
    }

    /// Error diffusion: every pixel lands on a palette entry, and the mean colour of a flat
    /// area between entries is kept (nearest mapping alone would snap it to one entry); with 16
    /// colours within 16 levels (the error is clamped at the edges of the small gamut).
    func testDitherKeepsTheMeanOnExactPaletteColours() {
        let w = 32, h = 32
        var px = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { px[3 * i] = 200; px[3 * i + 1] = 120; px[3 * i + 2] = 60 }
        for depth in [ColorDepth.ansi256, .ansi16] {
            var out = px
            Palette.dither(&out, width: w, height: h, depth: depth)
            var sum = [0.0, 0.0, 0.0]
            for i in 0..<(w * h) {
                let c = RGB(out[3 * i], out[3 * i + 1], out[3 * i + 2])
                let index = Palette.nearestIndex(c, depth: depth)!
                XCTAssertEqual(Palette.rgb(ofIndex: index), c, "\(depth) pixel \(i) is a palette colour")
                for k in 0..<3 { sum[k] += Double(out[3 * i + k]) }
            }
            let mean = sum.map { $0 / Double(w * h) }
            // Both spread half the error (less speckle, `Palette.dither`) and 256 colours bound the
            // pull, so the mean drifts toward the nearest entry (215,135,95 here: 15, 15 and 35
            // levels off) but stays far closer than it, and the hue stays (red over green over blue).
            XCTAssertEqual(mean[0], 200, accuracy: depth == .ansi16 ? 40 : 12, "\(depth)")
            XCTAssertEqual(mean[1], 120, accuracy: depth == .ansi16 ? 40 : 12, "\(depth)")
            XCTAssertEqual(mean[2], 60, accuracy: depth == .ansi16 ? 40 : 12, "\(depth)")
            XCTAssertTrue(mean[0] > mean[1] && mean[1] > mean[2], "\(depth) \(mean)")
        }
        var same = px
        Palette.dither(&same, width: w, height: h, depth: .truecolor)
        XCTAssertEqual(same, px, "truecolor pixels are left alone")
    }

    /// `--dither`: every method lands on exact palette entries. none is the nearest entry
    /// everywhere (one colour for a flat area); ordered and diffusion mix entries so the mean
    /// stays near the wanted colour; diffusion in 256 colours pulls a pixel at most 12 levels
    /// from its own colour, so a colour that sits on an entry stays that entry (no speckle).
    func testDitherMethods() {
        let w = 32, h = 32
        func flat(_ c: RGB) -> [UInt8] { (0..<(w * h)).flatMap { _ in [c.r, c.g, c.b] } }
        for depth in [ColorDepth.ansi256, .ansi16] {
            for method in Dither.allCases {
                var out = flat(RGB(200, 120, 60))
                Palette.dither(&out, width: w, height: h, depth: depth, method: method)
                var entries = Set<UInt8>()
                var sum = [0.0, 0.0, 0.0]
                for i in 0..<(w * h) {
                    let c = RGB(out[3 * i], out[3 * i + 1], out[3 * i + 2])
                    let index = Palette.nearestIndex(c, depth: depth)!
                    XCTAssertEqual(Palette.rgb(ofIndex: index), c, "\(depth) \(method) pixel \(i)")
                    entries.insert(index)
                    for k in 0..<3 { sum[k] += Double(out[3 * i + k]) }
                }
                if method == .none {
                    XCTAssertEqual(entries.count, 1, "\(depth) none: one entry for a flat area")
                } else {
                    XCTAssertGreaterThan(entries.count, 1, "\(depth) \(method) mixes entries")
                }
                if depth == .ansi256, method != .none {
                    // Closer than the nearest entry (215,135,95); ordered's pattern is one 40-level
                    // step wide, short of the 95-level first step that blue sits in.
                    let mean = sum.map { $0 / Double(w * h) }
                    XCTAssertEqual(mean[0], 200, accuracy: 12, "\(method)")
                    XCTAssertEqual(mean[1], 120, accuracy: 12, "\(method)")
                    XCTAssertEqual(mean[2], 60, accuracy: method == .ordered ? 20 : 12, "\(method)")
                }
            }
        }
        // A colour 8 levels off an entry (the cube's 175,135,95 is 16+36*3+6*2+1 = 137): the
        // gentle diffusion keeps it on that entry; full diffusion would have mixed in others.
        var near = flat(RGB(183, 127, 103))
        Palette.dither(&near, width: w, height: h, depth: .ansi256)
        XCTAssertEqual(Set(stride(from: 0, to: near.count, by: 3).map { Palette.nearest256(near[$0], near[$0 + 1], near[$0 + 2]) }),
                       [137])
    }

    /// NO_COLOR: picture cells become shade glyphs, so two different pictures on one line stay
    /// different; text keeps its symbols.
    func testPicturesWithoutColourBecomeShades() {
        var back = Buffer(size: Size(width: 12, height: 1))
        back.render(HalfBlockImage(.solid(cols: 4, rows: 1, rgb: RGB(250, 250, 250))), in: Rect(x: 0, y: 0, width: 4, height: 1))
        back.render(HalfBlockImage(.solid(cols: 4, rows: 1, rgb: RGB(90, 90, 90))), in: Rect(x: 4, y: 0, width: 4, height: 1))
        back.render(HalfBlockImage(.gradient(cols: 2, rows: 1, from: .white, to: .black)), in: Rect(x: 8, y: 0, width: 2, height: 1))
        back.put("ab", at: Point(x: 10, y: 0), style: Style(foreground: .rgb(1, 2, 3)))
        var encoder = ANSIEncoder(depth: .none, synchronizedOutput: false)
        let text = String(decoding: encoder.encode(BufferDiff(from: Buffer(size: back.size), to: back)), as: UTF8.self)
        let visible = text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        XCTAssertEqual(visible, "████░░░░▀▀ab")
        XCTAssertFalse(text.contains("38;"), "no colour at all")
    }
}
