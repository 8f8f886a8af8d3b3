import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// `render --colors 16` as a 16-colour terminal reads it (issue 22: bright backgrounds came out
/// as SGR 10-17, font selection, and xterm showed noise). The real program's bytes are decoded
/// the way xterm does: only 30-37/90-97, 40-47/100-107, 39/49 and 0 may appear, and the
/// half-blocks they colour, on xterm's 16 colours, must still be the picture.
final class SixteenColourRenderTests: XCTestCase {
    /// Half-block cells to pixels (cols x 2*rows), xterm's colours, default background black.
    static func decode(_ text: String, cols: Int) throws -> (image: RGBImage, params: Set<Int>) {
        var rows: [[RGB]] = []
        var top: [RGB] = [], bottom: [RGB] = []
        var fg = RGB(229, 229, 229), bg = RGB(0, 0, 0)
        var params = Set<Int>()
        let s = Array(text.unicodeScalars)
        var i = 0
        func endLine() {
            if !top.isEmpty {
                while top.count < cols { top.append(.black); bottom.append(.black) }
                rows.append(Array(top.prefix(cols))); rows.append(Array(bottom.prefix(cols)))
            }
            top = []; bottom = []
        }
        while i < s.count {
            let c = s[i]
            if c == "\u{1B}", i + 1 < s.count, s[i + 1] == "[" {
                var j = i + 2
                while j < s.count, !(0x40...0x7E).contains(s[j].value) { j += 1 }
                if j < s.count, s[j] == "m" {
                    let ps = String(String.UnicodeScalarView(s[(i + 2)..<j])).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    for p in ps {
                        params.insert(p)
                        switch p {
                        case 0: fg = RGB(229, 229, 229); bg = .black
                        case 30...37: fg = Palette.system16[p - 30]
                        case 90...97: fg = Palette.system16[p - 90 + 8]
                        case 40...47: bg = Palette.system16[p - 40]
                        case 100...107: bg = Palette.system16[p - 100 + 8]
                        case 39: fg = RGB(229, 229, 229)
                        case 49: bg = .black
                        default: break
                        }
                    }
                }
                i = j + 1
                continue
            }
            switch c {
            case "\n": endLine()
            case "▀": top.append(fg); bottom.append(bg)
            case "▄": top.append(bg); bottom.append(fg)
            case "█": top.append(fg); bottom.append(fg)
            default: top.append(bg); bottom.append(bg)
            }
            i += 1
        }
        endLine()
        let h = rows.count
        return (RGBImage(width: cols, height: h, pixels: rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b] } }), params)
    }

    /// A 3x3 box blur: what the eye sees of dithered cells a step away.
    static func blurred(_ image: RGBImage) -> [UInt8] {
        var out = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                for ch in 0..<3 {
                    var sum = 0, n = 0
                    for dy in -1...1 { for dx in -1...1 {
                        let xx = x + dx, yy = y + dy
                        guard xx >= 0, yy >= 0, xx < image.width, yy < image.height else { continue }
                        sum += Int(image.pixels[(yy * image.width + xx) * 3 + ch]); n += 1
                    } }
                    out[(y * image.width + x) * 3 + ch] = UInt8(sum / n)
                }
            }
        }
        return out
    }

    func testSixteenColoursAreSystemColourCodesAndStillThePicture() throws {
        let executable = RepoPaths.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("build marvel-gallery first (swift build --product marvel-gallery)")
        }
        let sample = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg")
        let p = Process()
        p.executableURL = executable
        p.arguments = ["render", "--colors", "16", "--graphics", "blocks", "--size", "40x30", sample.path]
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let (shown, params) = try Self.decode(String(decoding: data, as: UTF8.self), cols: 40)
        let allowed = Set([0, 39, 49] + Array(30...37) + Array(90...97) + Array(40...47) + Array(100...107))
        XCTAssertEqual(params.subtracting(allowed), [], "SGR parameters a 16-colour terminal does not colour with")
        // The picture's box: the source is 2:3, so 40 columns by 30 rows fits it 40 wide, 60 high.
        let source = try ImageDecoder.decode([UInt8](try Data(contentsOf: sample)))
        let content = shown.cropped(x: 0, y: 0, width: 40, height: min(shown.height, 60))
        let reference = source.resized(width: content.width, height: content.height)
        let plain = psnr(content.pixels, reference.pixels)
        let soft = psnr(Self.blurred(content), Self.blurred(reference))
        print("SixteenColourRenderTests: \(content.width)x\(content.height) px, \(plain) dB, \(soft) dB blurred; SGR \(params.sorted())")
        XCTAssertGreaterThanOrEqual(plain, 12)
        XCTAssertGreaterThanOrEqual(soft, 18)
    }
}
