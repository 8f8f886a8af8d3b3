import ImageCore
import TerminalUI
import XCTest

final class HalfBlockEncoderTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ colors: [RGB]) -> RGBImage {
        RGBImage(width: w, height: h, pixels: colors.flatMap { [$0.r, $0.g, $0.b] })
    }

    func ansi(_ image: RGBImage, _ mode: ColorMode = .truecolor) -> String {
        String(decoding: HalfBlockEncoder.encode(HalfBlockCells(image: image), mode: mode), as: UTF8.self)
    }

    let red = RGB(255, 0, 0), green = RGB(0, 255, 0), blue = RGB(0, 0, 255)

    func testGoldenTwoByTwo() {
        let img = image(2, 2, [red, green, blue, blue])
        XCTAssertEqual(ansi(img), "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0m▀\u{1B}[0m\n")
    }

    func testGoldenUniformUsesSpacesWithBackgroundOnly() {
        let c = RGB(10, 20, 30)
        XCTAssertEqual(ansi(image(3, 2, Array(repeating: c, count: 6))), "\u{1B}[48;2;10;20;30m   \u{1B}[0m\n")
    }

    func testGoldenOddHeightLeavesLastBottomTransparent() {
        let img = image(1, 3, [.white, .black, .white])
        XCTAssertEqual(ansi(img), "\u{1B}[38;2;255;255;255;48;2;0;0;0m▀\u{1B}[0m\n\u{1B}[38;2;255;255;255m▀\u{1B}[0m\n")
    }

    func testGoldenSwappedPairNeedsOneSGR() {
        // The second cell reuses both colours by switching between ▀ and ▄.
        let img = image(2, 2, [red, blue, blue, red])
        XCTAssertEqual(ansi(img), "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▄\u{1B}[0m\n")
    }

    func testGoldenToleranceReusesNearlyEqualColours() {
        let a = RGB(100, 100, 100), b = RGB(101, 99, 100)
        let img = image(2, 1, [a, b])
        let cells = HalfBlockCells(image: img)
        let exact = String(decoding: HalfBlockEncoder.encode(cells, mode: .truecolor, tolerance: 0), as: UTF8.self)
        let reused = String(decoding: HalfBlockEncoder.encode(cells, mode: .truecolor, tolerance: 1), as: UTF8.self)
        XCTAssertEqual(exact, "\u{1B}[38;2;100;100;100m▀\u{1B}[38;2;101;99;100m▀\u{1B}[0m\n")
        XCTAssertEqual(reused, "\u{1B}[38;2;100;100;100m▀▀\u{1B}[0m\n")
    }

    func testGoldenCentredInBox() {
        let cells = HalfBlockCells(image: image(1, 1, [red]), boxCols: 3, boxRows: 1)
        XCTAssertEqual(cells.cols, 3)
        XCTAssertEqual(cells.rows, 1)
        XCTAssertEqual(cells[1, 0].top, red)
        XCTAssertNil(cells[1, 0].bottom)
        XCTAssertNil(cells[0, 0].top)
        let text = String(decoding: HalfBlockEncoder.encode(cells, mode: .truecolor), as: UTF8.self)
        XCTAssertEqual(text, " \u{1B}[38;2;255;0;0m▀\u{1B}[0m\n")
    }

    func testGolden256Colours() {
        XCTAssertEqual(ansi(image(1, 2, [red, blue]), .ansi256), "\u{1B}[38;5;196;48;5;21m▀\u{1B}[0m\n")
        XCTAssertEqual(Palette.nearest256(128, 128, 128), 244)
        XCTAssertEqual(Palette.nearest256(0, 0, 0), 16)
        XCTAssertEqual(Palette.nearest256(255, 255, 255), 231)
    }

    func testGoldenNoColourShades() {
        let grey = RGB(128, 128, 128)
        let img = image(3, 2, [.white, grey, .black, .black, grey, .black])
        XCTAssertEqual(ansi(img, .none), "▀▒\n")
        XCTAssertFalse(ansi(img, .none).contains("\u{1B}"))
    }

    func testNoRedundantSGROnRealImages() throws {
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let bytes = try TestImages.bytes(file)
            for (cols, rows) in [(24, 18), (48, 36)] {
                for mode in [ColorMode.truecolor, .ansi256] {
                    let out = try Thumbnail.ansi(bytes, cols: cols, rows: rows, colors: mode)
                    let frame = ANSIParser.parse(out)
                    XCTAssertEqual(frame.redundantSGRs, 0, "\(file) \(cols)x\(rows) \(mode)")
                    XCTAssertEqual(frame.consecutiveSGRs, 0, "\(file): SGRs not merged")
                    XCTAssertGreaterThan(frame.sgrs.count, 0)
                    // Every line ends with a reset when colours are set.
                    for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
                        XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "\(file): line without reset")
                    }
                }
            }
        }
    }

    func testEncoderOutputParsesBackToTheCells() throws {
        let img = try TestImages.decode("thumbs/coffee_standard_xlarge.jpg").fitted(cols: 30, rows: 10, mode: .contain)
        let cells = HalfBlockCells(image: img)
        let frame = ANSIParser.parse(HalfBlockEncoder.encode(cells, mode: .truecolor, tolerance: 0))
        XCTAssertEqual(frame.rows.count, cells.rows)
        for r in 0..<cells.rows {
            for c in 0..<cells.cols {
                XCTAssertEqual(frame.rows[r][c].top, cells[c, r].top)
                XCTAssertEqual(frame.rows[r][c].bottom, cells[c, r].bottom)
            }
        }
        // Default tolerance: every colour within one level per channel, and fewer bytes.
        let loose = HalfBlockEncoder.encode(cells, mode: .truecolor)
        XCTAssertLessThan(loose.count, HalfBlockEncoder.encode(cells, mode: .truecolor, tolerance: 0).count)
        let approx = ANSIParser.parse(loose)
        func close(_ a: RGB?, _ b: RGB?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1
        }
        for r in 0..<cells.rows {
            for c in 0..<cells.cols {
                XCTAssertTrue(close(approx.rows[r][c].top, cells[c, r].top), "(\(c),\(r))")
                XCTAssertTrue(close(approx.rows[r][c].bottom, cells[c, r].bottom), "(\(c),\(r))")
            }
        }
    }

    func testByteCostCountsBothColourArrays() {
        let small = HalfBlockCells(image: RGBImage(width: 4, height: 4, fill: red))
        let big = HalfBlockCells(image: RGBImage(width: 8, height: 8, fill: red))
        XCTAssertEqual(big.byteCost - small.byteCost, 2 * (32 - 8) * MemoryLayout<RGB?>.stride)
    }
}
