import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import TestSupport
import XCTest

/// The kitty canvas (under a picture kept beneath an overlay's text) takes the terminal's
/// default background from an answer that came after the start-up budget: dropping a loaded
/// kitty's late OSC 11 would leave the canvas kitty's black under a themed window.
final class LateDefaultColorCanvasTests: XCTestCase {
    /// A kitty picture with a word over part of it: the canvas is under the text.
    static let covered = OneScreenProgram { b in
        var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(10, 90, 200))
        cells.pixels = TerminalImage(id: 5, graphics: .kitty, cols: 4, rows: 2, payload: Array(repeating: 5, count: 3000),
                                     pixelSize: Size(width: 40, height: 40))
        b.render(HalfBlockImage(cells, staysUnderText: true), in: Rect(x: 2, y: 1, width: 4, height: 2))
        b.put("help", at: Point(x: 3, y: 2))
        b.settleImages()
    }

    /// The canvases sent in `output`, decoded: the first pixel of each (cell 0,0, empty, on
    /// the default background).
    static func canvasCorners(_ output: [UInt8]) throws -> [[UInt8]] {
        let text = String(decoding: output, as: UTF8.self)
        var corners: [[UInt8]] = []
        for piece in text.components(separatedBy: "\u{1B}_Ga=t,f=100,t=d,i=\(KittyGraphics.canvasID),").dropFirst() {
            // The command's chunks: this one and every `m=` continuation right after it.
            var b64 = "", rest = Substring(piece)
            while true {
                guard let semicolon = rest.firstIndex(of: ";"), let end = rest.range(of: "\u{1B}\\") else { break }
                b64 += rest[rest.index(after: semicolon)..<end.lowerBound]
                rest = rest[end.upperBound...]
                guard rest.hasPrefix("\u{1B}_Gm=") else { break }
                rest = rest.dropFirst(3)
            }
            let png = [UInt8](try XCTUnwrap(Data(base64Encoded: b64)))
            let decoded = try ImageDecoder.decode(png)
            corners.append(Array(decoded.pixels[0..<3]))
        }
        return corners
    }

    func testALateBackgroundAnswerRepaintsTheCanvasInIt() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4), graphics: GraphicsMode(graphics: .kitty))
        let runner = ProgramRunner(program: Self.covered, backend: backend, pictures: PixelPictureLayer()) { _, _ in }
        let task = Task { try await runner.run(OneScreenProgram.Model()) }
        await eventually(.seconds(5)) { await backend.frames.count >= 1 }
        let before = await backend.output
        let first = try Self.canvasCorners(before)
        XCTAssertEqual(first, [[0, 0, 0]], "kitty's default black, before any answer")
        await backend.send(.input(.defaultColorReply(DefaultColorReply(slot: .background, color: RGB(0x1E, 0x1E, 0x2E)))))
        await eventually(.seconds(5)) { await backend.frames.count >= 2 }
        await backend.type("q")
        _ = try await task.value
        let output = await backend.output
        XCTAssertEqual(try Self.canvasCorners(output), [[0, 0, 0], [0x1E, 0x1E, 0x2E]], "sent again in the terminal's background")
    }
}
