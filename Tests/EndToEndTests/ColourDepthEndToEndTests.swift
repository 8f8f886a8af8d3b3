import Foundation
import TestSupport
import XCTest

/// The gallery's pictures keep their colour where the terminal has fewer colours: in tmux with
/// its default settings (no COLORTERM, no RGB client) the grid is drawn in 256 colours,
/// dithered, and must keep ≥ 75 % of the truecolour screen's mean chroma.
final class ColourDepthEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    /// Colours of the picture cells (`▀`/`▄` foreground and background) in a `capture-pane -e`
    /// screen, as RGB.
    static func pictureColours(_ screen: String) -> [(Int, Int, Int)] {
        func palette(_ n: Int) -> (Int, Int, Int) {
            if n >= 232 { let v = 8 + 10 * (n - 232); return (v, v, v) }
            if n >= 16 {
                let l = [0, 95, 135, 175, 215, 255], c = n - 16
                return (l[c / 36], l[(c / 6) % 6], l[c % 6])
            }
            return (128, 128, 128)
        }
        var fg: (Int, Int, Int)?, bg: (Int, Int, Int)?
        var out: [(Int, Int, Int)] = []
        let chars = Array(screen.unicodeScalars)
        var i = 0
        while i < chars.count {
            if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
                var j = i + 2
                while j < chars.count, !("@"..."~").contains(chars[j]) { j += 1 }
                if j < chars.count, chars[j] == "m" {
                    let p = String(String.UnicodeScalarView(chars[(i + 2)..<j])).split(separator: ";", omittingEmptySubsequences: false)
                        .map { Int($0) ?? 0 }
                    var k = 0
                    while k < p.count {
                        let code = p[k]
                        let mode = k + 1 < p.count ? p[k + 1] : -1
                        if (code == 38 || code == 48) && mode == 5 && k + 2 < p.count {
                            if code == 38 { fg = palette(p[k + 2]) } else { bg = palette(p[k + 2]) }
                            k += 3
                        } else if (code == 38 || code == 48) && mode == 2 && k + 4 < p.count {
                            let c = (p[k + 2], p[k + 3], p[k + 4])
                            if code == 38 { fg = c } else { bg = c }
                            k += 5
                        } else {
                            if code == 0 { fg = nil; bg = nil }
                            if code == 39 { fg = nil }
                            if code == 49 { bg = nil }
                            k += 1
                        }
                    }
                }
                i = j + 1
                continue
            }
            if chars[i] == "▀" || chars[i] == "▄" {
                if let fg { out.append(fg) }
                if let bg { out.append(bg) }
            }
            i += 1
        }
        return out
    }

    static func meanChroma(_ colours: [(Int, Int, Int)]) -> Double {
        guard !colours.isEmpty else { return 0 }
        return Double(colours.map { max($0.0, $0.1, $0.2) - min($0.0, $0.1, $0.2) }.reduce(0, +)) / Double(colours.count)
    }

    /// The picture colours of the gallery's first screen once every tile is drawn: tiles on
    /// screen and none still showing the loading mark (`···`: each tile has its picture or its
    /// placeholder), then the help opened and closed, the program's own sign that the frames
    /// before it reached tmux whole (a screen captured while a frame is being written is not).
    /// `environment` is an `env` command put before the program's.
    func completeScreen(environment: String) throws -> [(Int, Int, Int)] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-chroma-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let command = "\(environment) '\(RepoPaths.executable.path)' characters --image-cache '\(cache.path)'"
        let tmux = try TmuxSession(command: command, width: 120, height: 40)
        tmux.waitFor("every tile drawn", timeout: 120) { GalleryScreen($0).everyTileDrawn }
        tmux.waitForKeysRead()
        let screen = tmux.captureWithEscapes()
        XCTAssertTrue(GalleryScreen(tmux.capture()).everyTileDrawn, "every tile still drawn:\n\(tmux.capture())")
        return Self.pictureColours(screen)
    }

    func testTmuxDefaultSettingsKeepThreeQuartersOfTheChroma() throws {
        // TmuxSession's own: truecolour (TERM=xterm-256color, COLORTERM=truecolor, no NO_COLOR).
        let truecolorColours = try completeScreen(environment: "env")
        // tmux's own defaults: TERM=tmux-256color, no COLORTERM; no client, so no RGB feature.
        let tmuxDefaultColours = try completeScreen(environment: "env -u COLORTERM TERM=tmux-256color")
        // A whole grid of pictures (21 tiles of about 14x7 half-block cells, two colours each).
        XCTAssertGreaterThan(truecolorColours.count, 2000)
        XCTAssertGreaterThan(tmuxDefaultColours.count, 2000)
        let truecolor = Self.meanChroma(truecolorColours), tmuxDefault = Self.meanChroma(tmuxDefaultColours)
        print("ColourDepthEndToEndTests mean chroma: truecolor \(truecolor), tmux default (256, dithered) \(tmuxDefault), "
              + "\(truecolor > 0 ? Int((tmuxDefault / truecolor * 100).rounded()) : 0) %")
        XCTAssertGreaterThan(truecolor, 10)
        XCTAssertGreaterThanOrEqual(tmuxDefault, 0.75 * truecolor)
    }
}
