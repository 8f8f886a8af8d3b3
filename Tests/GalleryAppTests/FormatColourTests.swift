import XCTest
@testable import GalleryApp
import TerminalUI

/// Every comic format's frame colour is told apart from every other one and from the
/// selection's red, in truecolour, in 256 colours and in 16 (a mint for Digital and a teal for
/// Digest would be 29 apart in CIELAB, and Digital, Digest and Trade paperback all cyan in 16).
final class FormatColourTests: XCTestCase {
    private func rgb(_ color: Color) throws -> RGB {
        guard case .rgb(let r, let g, let b) = color else { throw XCTSkip("not an RGB colour: \(color)") }
        return RGB(r, g, b)
    }

    /// CIE76 distance of two sRGB colours in CIELAB (D65): 2.3 is "just noticeable", and the
    /// palette asks for 35.
    private func deltaE(_ a: RGB, _ b: RGB) -> Double {
        func lab(_ c: RGB) -> (Double, Double, Double) {
            func linear(_ v: UInt8) -> Double {
                let x = Double(v) / 255
                return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            }
            let r = linear(c.r), g = linear(c.g), b = linear(c.b)
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        let p = lab(a), q = lab(b)
        return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }

    func testEveryPairIsFarApartInTruecolour() throws {
        let colours = try FormatPalette.Group.allCases.map { ($0, try rgb($0.color)) } + [(nil, try rgb(Theme.standard.accent))]
        for (i, a) in colours.enumerated() {
            for b in colours[(i + 1)...] {
                let distance = deltaE(a.1, b.1)
                XCTAssertGreaterThanOrEqual(distance, 35, "\(a.0.map { "\($0)" } ?? "selection") and \(b.0.map { "\($0)" } ?? "selection"): ΔE \(distance)")
            }
        }
        let digital = try rgb(FormatPalette.Group.digital.color), digest = try rgb(FormatPalette.Group.digest.color)
        XCTAssertGreaterThanOrEqual(deltaE(digital, digest), 50, "the pair the audit could not tell apart")
    }

    /// On the 256-colour cube exactly (the same hue there), and six different entries.
    func testTheSameColoursIn256() throws {
        var seen: Set<UInt8> = []
        for group in FormatPalette.Group.allCases {
            let c = try rgb(group.color)
            let index = try XCTUnwrap(Palette.nearestIndex(c, depth: .ansi256))
            XCTAssertEqual(Palette.rgb(ofIndex: index), c, "\(group) is not on the xterm cube")
            seen.insert(index)
        }
        XCTAssertEqual(seen.count, FormatPalette.Group.allCases.count)
    }

    /// Six different system colours in 16, none the selection's red (or bright red).
    func testSixSystemColoursIn16() throws {
        let accent = try XCTUnwrap(Palette.nearestIndex(try rgb(Theme.standard.accent), depth: .ansi16))
        var seen: [UInt8: FormatPalette.Group] = [:]
        for group in FormatPalette.Group.allCases {
            let index = try XCTUnwrap(Palette.nearestIndex(try rgb(group.color), depth: .ansi16))
            XCTAssertNil(seen[index], "\(group) and \(seen[index].map { "\($0)" } ?? "") share system colour \(index)")
            XCTAssertFalse([accent, 1, 9].contains(index), "\(group) falls to the selection's red")
            XCTAssertFalse([0, 15].contains(index), "\(group) is black or white: invisible on one background")
            seen[index] = group
        }
    }

    /// The legend under the header shows each format in the colour its frames have.
    func testTheLegendShowsTheFrameColours() {
        var buffer = Buffer(size: Size(width: 120, height: 1))
        FormatPalette.renderLegend(strings: Strings(), in: Rect(x: 0, y: 0, width: 120, height: 1), into: &buffer)
        let squares = buffer.row(0).filter { $0.symbol == "■" }.map(\.style.foreground)
        XCTAssertEqual(squares, FormatPalette.Group.allCases.map(\.color))
        for (format, group) in [("Digital Comic", FormatPalette.Group.digital), ("Digest", .digest), ("Comic", .comic),
                                ("Trade Paperback", .tradePaperback), ("Hardcover", .hardcover), ("Magazine", .other)] {
            XCTAssertEqual(FormatPalette.frameStyle(format).foreground, group.color, format)
        }
    }
}
