import Foundation
import ImageCore
import TestSupport
import XCTest

/// `render` of a JPEG above the 40 MP limit: decoded at the drawn size (DCT scaling), it is
/// drawn, not refused; the limit holds for the decoded pixels (`ScaledDecodeLimitTests`).
extension RenderCommandTests {
    func testAJPEGAbove40MegapixelsIsDrawnAtTheBoxSize() throws {
        // 8200x5000 = 41 MP, red left half, blue right half; made here, never committed.
        let width = 8200, height = 5000
        var row = [UInt8](repeating: 0, count: width * 3)
        for x in 0..<width { row[x * 3 + (x < width / 2 ? 0 : 2)] = 220 }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<height { pixels.append(contentsOf: row) }
        let jpeg = try ImageEncoder.jpeg(RGBImage(width: width, height: height, pixels: pixels), quality: 80)
        pixels = []
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mg-big-\(getpid()).jpg")
        try Data(jpeg).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }

        let run = try render([path.path, "--graphics", "kitty", "--graphics-transfer", "stream",
                                                   "--size", "40x12"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        // The kitty PNG: the picture fitted into 40x12 cells of 10x20 px (400x240), contain.
        let chunks = run.stdout.components(separatedBy: "\u{1B}_G").dropFirst().map { command -> String in
            let body = command.components(separatedBy: "\u{1B}\\")[0]
            return body.split(separator: ";", maxSplits: 1).last.map(String.init) ?? ""
        }
        let png = try XCTUnwrap(Data(base64Encoded: chunks.joined()), "one base64 PNG")
        let image = try ImageDecoder.decode([UInt8](png))
        XCTAssertEqual(image.width, 394)
        XCTAssertEqual(image.height, 240)
        let left = image.pixels[(120 * image.width + 50) * 3], right = image.pixels[(120 * image.width + 340) * 3 + 2]
        XCTAssertGreaterThan(left, 180, "red on the left")
        XCTAssertGreaterThan(right, 180, "blue on the right")
    }
}
