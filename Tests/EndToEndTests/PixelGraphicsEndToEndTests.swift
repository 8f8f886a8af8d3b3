import Foundation
import ImageCore
import TestSupport
import XCTest

/// `render` with the terminal's own pixels, in real terminals under Xvfb: kitty (software GL),
/// `xterm -ti vt340` (sixel) and mlterm (iTerm2's OSC 1337 `File=`). The screen is captured with ImageMagick `import`, the
/// picture is cropped by its bright bounding box and scored against the source scaled to the
/// same box.
final class PixelGraphicsEndToEndTests: XCTestCase {
    /// The sample picture lifted off black (every channel ≥ 48) so its bounding box on a black
    /// terminal is exactly the picture, written as PNG.
    func liftedSample(in dir: URL) throws -> (path: String, image: RGBImage) {
        let source = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg")
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: source)))
        let lifted = RGBImage(width: image.width, height: image.height,
                              pixels: image.pixels.map { UInt8(48 + Int($0) * 207 / 255) })
        let path = dir.appendingPathComponent("sample.png").path
        try Data(try ImageEncoder.png(lifted)).write(to: URL(fileURLWithPath: path))
        return (path, lifted)
    }

    /// Runs `render --graphics <protocol>` in `terminal` and returns the PSNR of what is shown.
    func score(graphics: String, terminal: (String, String) -> [String], tools: [String],
               environment: [String: String] = [:]) throws -> Double {
        let found = try XDisplay.require(["Xvfb", "import"] + tools)
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-pixels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (picture, source) = try liftedSample(in: dir)
        let marker = dir.appendingPathComponent("drawn").path
        let script = dir.appendingPathComponent("run.sh").path
        try """
        #!/bin/sh
        printf '\\033[?25l'
        '\(RepoPaths.executable.path)' render --graphics \(graphics) --size 40x16 '\(picture)'
        touch '\(marker)'
        sleep 300
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)

        let x = try XDisplay(xvfb: found["Xvfb"]!)
        defer { x.stop() }
        try x.launch(terminal(found[tools[0]]!, script), environment: environment)
        XCTAssertTrue(x.waitFor(file: marker), "render finished in the terminal")
        // Poll until the terminal shows the picture itself: a box of the source's aspect, 16 rows
        // of 8 to 32 pixels high (`--size 40x16`, contain: the height fills). Two equal
        // screenshots are no sign: a terminal not drawn yet under load gave its whole window
        // twice (issue 22: 638x359 at 0,0, 5.39 dB), and a sixel comes in bands.
        let aspect = Double(source.width) / Double(source.height)
        var last: (x: Int, y: Int, width: Int, height: Int)?
        var shot: RGBImage?
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            let s = try x.screenshot(importPath: found["import"]!, to: dir.appendingPathComponent("screen.png").path)
            last = brightBox(s)
            if let box = last, DrawnPictures.isExpected(box, aspect: aspect, minHeight: 16 * 8, maxHeight: 16 * 32) {
                shot = s
                break
            }
            usleep(200_000)
        }
        let screen = try XCTUnwrap(shot, "the picture on the screen (last box: \(String(describing: last)))")
        let box = last!
        let shown = screen.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
        let reference = source.resized(to: PixelSize(width: box.width, height: box.height))
        let db = psnr(shown.pixels, reference.pixels)
        print("PixelGraphicsEndToEndTests \(graphics): picture \(box.width)x\(box.height) px at \(box.x),\(box.y): \(db) dB")
        return db
    }

    func testRenderInKittyShowsThePictureAtThirtyDecibels() throws {
        let db = try score(graphics: "kitty", terminal: { kitty, script in
            [kitty, "-o", "background=#000000", "-o", "window_padding_width=0", "-o", "cursor_blink_interval=0", script]
        }, tools: ["kitty"], environment: ["LIBGL_ALWAYS_SOFTWARE": "1"])
        XCTAssertGreaterThanOrEqual(db, 30)
    }

    func testRenderSixelInXtermVT340ShowsThePictureAtTwentySixDecibels() throws {
        let db = try score(graphics: "sixel", terminal: { xterm, script in
            [xterm, "-ti", "vt340", "-geometry", "100x40+0+0", "-bg", "black", "-fg", "white",
             "-xrm", "XTerm*numColorRegisters: 256", "-e", script]
        }, tools: ["xterm"])
        XCTAssertGreaterThanOrEqual(db, 26)
    }

    /// mlterm (Debian) shows iTerm2 inline images; konsole would too but needs a KDE session.
    func testRenderITerm2InMltermShowsThePictureAtThirtyDecibels() throws {
        let db = try score(graphics: "iterm2", terminal: { mlterm, script in
            [mlterm, "-g", "100x40+0+0", "-b", "black", "-f", "white", "-O", "none", "-e", script]
        }, tools: ["mlterm"])
        XCTAssertGreaterThanOrEqual(db, 30)
    }
}
