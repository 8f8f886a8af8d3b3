import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// `marvel-gallery render` in a real kitty (0.26.5, software GL, under Xvfb) by the gallery's
/// locality decision: the same start-up file probe, so a kitty on this machine reads each
/// picture from a temporary file (`t=t`), a kitty that cannot read them gets them streamed, and
/// `--graphics-transfer stream` streams. Bytes on the wire are what `script` logged; the end of
/// the command is `script`'s own exit, and the pictures are seen in a screenshot.
extension KittyFileTransferEndToEndTests {
    static let renderPictures = 3

    private func renderCommand(_ options: String = "") -> String {
        let sample = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg").path
        return "render --size 16x8 \(options) " + Array(repeating: "'\(sample)'", count: Self.renderPictures).joined(separator: " ")
    }

    func testRenderInALocalKittySendsTemporaryFilesAndLeavesNone() throws {
        let tmp = try privateTemporaryDirectory()
        let run = try KittyRun(renderCommand(), environment: ["TMPDIR": tmp], imageCache: false)
        XCTAssertTrue(run.waitForEnd(), "render ended")
        let vt = run.replay()
        let bytes = run.logBytes().count
        print("KittyFileTransferEndToEndTests: render of \(Self.renderPictures) pictures, \(bytes) B on the wire, \(vt.graphics.transfers)")
        XCTAssertEqual(vt.graphics.transfers["t"] ?? 0, Self.renderPictures, "every picture a temporary file: \(vt.graphics.transfers)")
        XCTAssertEqual(vt.graphics.transfers["d"] ?? 0, 0, "nothing streamed")
        XCTAssertEqual(vt.graphics.placements.count, Self.renderPictures)
        XCTAssertLessThan(bytes, 3_000, "paths, not pixels")
        try renderedScreenshot(run, name: "mg-kitty-render-files.png")
        XCTAssertEqual(files(under: tmp), [], "kitty read and deleted every file, render removed the rest")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "no directory left")
    }

    /// The same pictures streamed (`--graphics-transfer stream`): the figure the files replace.
    func testRenderStreamedWhenAsked() throws {
        let tmp = try privateTemporaryDirectory()
        let run = try KittyRun(renderCommand("--graphics-transfer stream"), environment: ["TMPDIR": tmp], imageCache: false)
        XCTAssertTrue(run.waitForEnd(), "render ended")
        let vt = run.replay()
        print("KittyFileTransferEndToEndTests: render streamed, \(run.logBytes().count) B on the wire, \(vt.graphics.transfers)")
        XCTAssertEqual(vt.graphics.transfers["t"] ?? 0, 0)
        XCTAssertEqual(vt.graphics.transfers["d"] ?? 0, Self.renderPictures)
        XCTAssertGreaterThan(run.logBytes().count, 20_000)
        try renderedScreenshot(run, name: "mg-kitty-render-streamed.png")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
    }

    /// A kitty that cannot read the files (forced `file`, a path over kitty's 2048 bytes: it
    /// answers EINVAL, as one elsewhere answers EBADF): the first picture is streamed after its
    /// error and so are the others; all are drawn and no file is left.
    func testRenderInAKittyThatCannotReadTheFilesStreamsThem() throws {
        let tmp = try privateTemporaryDirectory()
        var deep = tmp
        while deep.utf8.count < 2100 { deep += "/" + String(repeating: "d", count: 200) }
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let run = try KittyRun(renderCommand("--graphics-transfer file"), environment: ["TMPDIR": deep], imageCache: false)
        XCTAssertTrue(run.waitForEnd(), "render ended")
        let vt = run.replay()
        print("KittyFileTransferEndToEndTests: render with refused files: \(vt.graphics.transfers)")
        XCTAssertEqual(vt.graphics.transfers["t"] ?? 0, 1, "one file tried, then streaming")
        XCTAssertEqual(vt.graphics.transfers["d"] ?? 0, Self.renderPictures)
        XCTAssertEqual(vt.graphics.placements.count, Self.renderPictures)
        try renderedScreenshot(run, name: "mg-kitty-render-refused.png")
        let text = try XCTUnwrap(run.textAfterEnd(), "kitty answered the query after the end")
        XCTAssertFalse(text.contains("_G") || text.contains("EINVAL"), "a reply reached the screen: \(text)")
        XCTAssertEqual(files(under: tmp), [], "no file left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: deep), [], "no directory left")
    }

    /// A screenshot once kitty shows every picture (kitty's own output is the signal: blank
    /// cells are one colour, a photo's hundreds), saved as `name` in the temporary directory.
    /// A portrait in a 16x8 box fills its 8 rows, so picture i starts at row 8i (the newline
    /// after each goes on from its last row): the middle of each is looked at.
    private func renderedScreenshot(_ run: KittyRun, name: String, timeout: TimeInterval = 90) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        let deadline = Date().addingTimeInterval(timeout)
        var colours: [Int] = []
        repeat {
            if let cells = run.cells(), cells.width > 0, cells.height > 0 {
                let cell = (Double(run.windowPixels.width) / Double(cells.width), Double(run.windowPixels.height) / Double(cells.height))
                let shot = try run.x.screenshot(importPath: run.found["import"]!, to: path)
                colours = (0..<Self.renderPictures).map { i in
                    DrawnPictures.colours(in: Rect(x: 1, y: 8 * i + 2, width: 3, height: 4), shot: shot, cell: cell)
                }
                if colours.allSatisfy({ $0 >= 20 }) {
                    print("KittyFileTransferEndToEndTests: \(path): colours (4 bits a channel) in each picture \(colours)")
                    return
                }
            }
            usleep(200_000)
        } while Date() < deadline
        XCTFail("kitty never showed the pictures (colours \(colours) in \(path))")
    }
}

extension RenderCommandTests {
    /// stdout a pipe: no terminal reads the files, so even `--graphics-transfer file` streams.
    func testKittyPicturesToAPipeAreStreamedEvenWhenFilesAreAsked() throws {
        let run = try render(["Fixtures/images/sample.jpg", "--graphics", "kitty", "--graphics-transfer", "file", "--size", "10x5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("a=T,f=100,t=d,"), String(run.stdout.prefix(80)))
        XCTAssertFalse(run.stdout.contains("t=t"))
    }
}
