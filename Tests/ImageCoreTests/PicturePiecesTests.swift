import Foundation
import ImageCore
import TerminalUI
import XCTest

/// A picture with a hole (the backdrop's panel) in pieces: each piece decodes to exactly its
/// part of the picture fitted to the whole box, the pieces and the hole tile the box, and
/// sixel pieces score like whole sixel pictures.
final class PicturePiecesTests: XCTestCase {
    let mode = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 6, height: 12))
    let hole = Rect(x: 9, y: 2, width: 14, height: 12)

    func testKittyPiecesAreThePicturesPartsAroundTheHole() throws {
        let file = try XCTUnwrap(try TestImages.files(in: "thumbs", ext: "jpg").first)
        let full = try ImageDecoder.decode(try TestImages.bytes(file))
        let pieces = try TerminalImages.pieces(full, cols: 26, rows: 16, fit: .cover, mode: mode, around: hole)
        XCTAssertEqual(pieces.count, 4)
        XCTAssertEqual(Set(pieces.map(\.image.id)).count, 4, "each piece is its own picture")
        let whole = PixelBox(cols: 26, rows: 16, cellWidth: 6, cellHeight: 12).fit(full, mode: .cover)
        var covered = 0
        for piece in pieces {
            let image = piece.image
            XCTAssertFalse(Rect(origin: piece.offset, size: Size(width: image.cols, height: image.rows)).intersects(hole))
            covered += image.cols * image.rows
            XCTAssertEqual(image.pixelSize, Size(width: image.cols * 6, height: image.rows * 12))
            let decoded = try ImageDecoder.decode(image.payload)
            let part = whole.cropped(x: piece.offset.x * 6, y: piece.offset.y * 12, width: image.cols * 6, height: image.rows * 12)
            XCTAssertEqual(decoded.width, part.width)
            XCTAssertEqual(decoded.pixels, part.pixels, "PNG is lossless: exactly its part of the whole")
        }
        XCTAssertEqual(covered + hole.width * hole.height, 26 * 16)
    }

    func testSixelPiecesScoreLikeAWholePicture() throws {
        let file = try XCTUnwrap(try TestImages.files(in: "thumbs", ext: "jpg").first)
        let full = try ImageDecoder.decode(try TestImages.bytes(file))
        let sixel = GraphicsMode(graphics: .sixel, cellPixels: Size(width: 6, height: 12))
        let pieces = try TerminalImages.pieces(full, cols: 26, rows: 16, fit: .cover, mode: sixel, around: hole)
        let whole = PixelBox(cols: 26, rows: 16, cellWidth: 6, cellHeight: 12).fit(full, mode: .cover)
        XCTAssertEqual(pieces.count, 4)
        for piece in pieces {
            let decoded = try SixelGraphics.decode(piece.image.payload)
            let part = whole.cropped(x: piece.offset.x * 6, y: piece.offset.y * 12,
                                     width: piece.image.cols * 6, height: piece.image.rows * 12)
            XCTAssertEqual(decoded.width, part.width)
            XCTAssertGreaterThanOrEqual(decoded.height, part.height)
            let shown = decoded.cropped(x: 0, y: 0, width: part.width, height: part.height)
            let score = psnr(shown.pixels, part.pixels)
            print("PicturePiecesTests sixel piece \(piece.image.cols)x\(piece.image.rows) cells: \(score) dB")
            XCTAssertGreaterThanOrEqual(score, 28)
        }
    }

    func testNoPiecesForHalfBlocksOrAPictureThatDoesNotFillItsBox() throws {
        let full = RGBImage(width: 40, height: 40, fill: RGB(200, 10, 10))
        XCTAssertEqual(try TerminalImages.pieces(full, cols: 26, rows: 16, fit: .cover, mode: .blocks, around: hole), [])
        // Contained (letterboxed) pictures do not fill the box: half-blocks show them whole.
        XCTAssertEqual(try TerminalImages.pieces(full, cols: 26, rows: 16, fit: .contain, mode: mode, around: hole), [])
        // A hole outside the picture: one piece, the whole picture.
        let one = try TerminalImages.pieces(full, cols: 26, rows: 16, fit: .cover, mode: mode, around: Rect(x: 40, y: 0, width: 3, height: 3))
        XCTAssertEqual(one.map(\.offset), [.zero])
        XCTAssertEqual(one.first.map { Size(width: $0.image.cols, height: $0.image.rows) }, Size(width: 26, height: 16))
    }
}
