import ImageCore
import PictureProtocols
import TerminalUI
import XCTest

/// What `render` sends a pixel terminal: never more than the picture's own pixels; a smaller
/// picture at its own size with its cells where the terminal scales well, else scaled up here.
final class SentPictureTests: XCTestCase {
    let box = PixelBox(cols: 80, rows: 40, cellWidth: 9, cellHeight: 18)  // 720x720 px

    func testALargerPictureIsScaledDownToItsSizeInTheBoxWhoeverScales() {
        let big = RGBImage(width: 1600, height: 1200, fill: .white)
        for scales in [false, true] {
            let sent = box.sent(big, terminalScales: scales)
            XCTAssertEqual(sent.image.width, 720)
            XCTAssertEqual(sent.image.height, 540)
            XCTAssertNil(sent.cells, "drawn at its pixels")
        }
    }

    func testASmallerPictureGoesAtItsOwnSizeWhereTheTerminalScales() {
        let small = RGBImage(width: 640, height: 427, fill: .white)
        let sent = box.sent(small, terminalScales: true)
        XCTAssertEqual(sent.image.width, 640)
        XCTAssertEqual(sent.image.height, 427)
        // 720x480 in the box: 80 columns, 27 rows of 18 px.
        XCTAssertEqual(sent.cells?.cols, 80)
        XCTAssertEqual(sent.cells?.rows, 27)
    }

    func testASmallerPictureIsScaledUpHereWhereTheTerminalDoesNotScaleWell() {
        let small = RGBImage(width: 640, height: 427, fill: .white)
        let sent = box.sent(small, terminalScales: false)
        XCTAssertEqual(sent.image.width, 720)
        XCTAssertEqual(sent.image.height, 480)
        XCTAssertNil(sent.cells)
    }

    func testCoverSendsTheCroppedSourceForTheWholeBox() {
        let small = RGBImage(width: 600, height: 400, fill: .white)
        let sent = box.sent(small, fit: .cover, terminalScales: true)
        XCTAssertEqual(sent.image.width, 400, "the centre square of a 600x400 picture")
        XCTAssertEqual(sent.image.height, 400)
        XCTAssertEqual(sent.cells?.cols, 80)
        XCTAssertEqual(sent.cells?.rows, 40)
        let upscaled = box.sent(small, fit: .cover, terminalScales: false)
        XCTAssertEqual(upscaled.image.width, 720)
        XCTAssertEqual(upscaled.image.height, 720)
        XCTAssertNil(upscaled.cells)
    }

    func testTheKittyPlacementCarriesTheCells() throws {
        let small = RGBImage(width: 64, height: 40, fill: .white)
        let sent = box.sent(small, terminalScales: true)
        let bytes = try XCTUnwrap(PixelPicture.show(sent, using: .kitty, id: 7, box: box))
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}_Ga=T,f=100,t=d,i=7,c=80,r=25,"), text)
        let file = try XCTUnwrap(PixelPicture.show(sent, using: .kitty, id: 7, box: box, kittyFile: { _, _ in true }))
        XCTAssertEqual(String(decoding: file, as: UTF8.self), "\u{1B}_Ga=p,i=7,c=80,r=25,q=2\u{1B}\\")
        let own = try XCTUnwrap(PixelPicture.show(box.sent(small, terminalScales: false), using: .kitty, id: 7, box: box))
        XCTAssertFalse(String(decoding: own.prefix(64), as: UTF8.self).contains("c="), "drawn at its pixels")
    }

    func testITerm2GetsTheCellsOfTheDrawnSize() throws {
        let small = RGBImage(width: 64, height: 40, fill: .white)
        let bytes = try XCTUnwrap(PixelPicture.show(box.sent(small, terminalScales: true), using: .iterm2, box: box))
        XCTAssertTrue(String(decoding: bytes.prefix(80), as: UTF8.self).contains("width=80;height=25;"))
    }
}
