import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import XCTest

/// The pixel protocols' byte streams decoded back to pixels and scored against the source at
/// the placed size (the exact area average of the full decode, an independent reference).
final class PixelGraphicsTests: XCTestCase {
    /// A thumbnail fitted to a 16x12-cell box of 4x8-px cells (a reduction, where the area
    /// average is the right reference), and that reference.
    func placed(_ file: String) throws -> (image: RGBImage, reference: [UInt8], box: PixelBox) {
        let full = try ImageDecoder.decode(try TestImages.bytes(file))
        let box = PixelBox(cols: 16, rows: 12, cellWidth: 4, cellHeight: 8)
        let image = box.fit(full)
        return (image, QualityTests.areaAverage(full, width: image.width, height: image.height), box)
    }

    /// The payloads of every APC `ESC _ G … ; payload ESC \` chunk, joined, and the first keys.
    static func kittyPayload(_ bytes: [UInt8]) -> (keys: String, payload: [UInt8]) {
        let s = String(decoding: bytes, as: UTF8.self)
        var keys = "", b64 = ""
        for chunk in s.components(separatedBy: "\u{1B}_G").dropFirst() {
            let body = chunk.components(separatedBy: "\u{1B}\\")[0]
            let parts = body.split(separator: ";", maxSplits: 1)
            if keys.isEmpty { keys = String(parts[0]) }
            if parts.count == 2 { b64 += parts[1] }
        }
        return (keys, [UInt8](Data(base64Encoded: b64) ?? Data()))
    }

    func testKittyStreamDecodesToTheSourcePixels() throws {
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let (image, reference, box) = try placed(file)
            let stream = try XCTUnwrap(PixelPicture.show(image, using: .kitty, id: 7, box: box))
            let (keys, png) = Self.kittyPayload(stream)
            XCTAssertTrue(keys.contains("a=T") && keys.contains("f=100") && keys.contains("i=7") && keys.contains("q=2"), keys)
            XCTAssertEqual(Self.zlibLevel(png), 0, "the fastest zlib level (FLEVEL 0), not libpng's default")
            let decoded = try ImageDecoder.decode(png)
            XCTAssertEqual(decoded.pixels, image.pixels, "PNG is lossless")
            let score = psnr(decoded.pixels, reference)
            print("PixelGraphicsTests kitty \(file) \(image.width)x\(image.height): \(score) dB, \(stream.count) bytes")
            XCTAssertGreaterThanOrEqual(score, 35, file)
        }
    }

    func testKittyChunksStayUnderTheProtocolLimit() throws {
        let big = RGBImage(width: 300, height: 300, pixels: (0..<(300 * 300 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let stream = KittyGraphics.transmit(png: try ImageEncoder.png(big), id: 3)
        let chunks = String(decoding: stream, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst()
        XCTAssertGreaterThan(chunks.count, 1)
        for (i, chunk) in chunks.enumerated() {
            let payload = chunk.components(separatedBy: "\u{1B}\\")[0].split(separator: ";", maxSplits: 1)
            XCTAssertLessThanOrEqual(payload.last?.count ?? 0, 4096)
            XCTAssertTrue(payload[0].contains(i == chunks.count - 1 ? "m=0" : "m=1"), String(payload[0]))
        }
        XCTAssertEqual(String(decoding: KittyGraphics.place(id: 3, placement: 9), as: UTF8.self),
                       "\u{1B}_Ga=p,i=3,p=9,z=-1,C=1,q=2\u{1B}\\")
    }

    func testITerm2StreamDecodesToTheSourcePixels() throws {
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let (image, reference, box) = try placed(file)
            let stream = try XCTUnwrap(PixelPicture.show(image, using: .iterm2, box: box))
            let s = String(decoding: stream, as: UTF8.self)
            XCTAssertTrue(s.hasPrefix("\u{1B}]1337;File=inline=1;"), s.prefix(40).debugDescription)
            XCTAssertEqual(stream.last, 0x07)
            let b64 = s.components(separatedBy: ":").last!.dropLast()
            let jpeg = [UInt8](try XCTUnwrap(Data(base64Encoded: String(b64))))
            XCTAssertEqual(ImageFormat.sniff(jpeg), .jpeg, "iTerm2 gets a JPEG")
            let decoded = try ImageDecoder.decode(jpeg)
            XCTAssertEqual(decoded.width, image.width)
            XCTAssertEqual(decoded.height, image.height)
            let score = psnr(decoded.pixels, reference)
            print("PixelGraphicsTests iterm2 \(file): \(score) dB, \(stream.count) bytes")
            XCTAssertGreaterThanOrEqual(score, 30, file)
        }
    }

    /// The zlib header's FLEVEL (0 = fastest ... 3 = maximum) of a PNG's first IDAT chunk.
    static func zlibLevel(_ png: [UInt8]) -> Int? {
        let idat = Array("IDAT".utf8)
        guard let at = (8..<(png.count - 6)).first(where: { Array(png[$0..<($0 + 4)]) == idat }) else { return nil }
        return Int(png[at + 5] >> 6)
    }

    /// The screens' pictures (`TerminalImages`): kitty's payload is a fast PNG (zlib level 1,
    /// Up filter) of exactly the fitted pixels; iTerm2's is a JPEG of them; the kitty budget
    /// still counts the decoded pixels (4 bytes each).
    func testScreenPicturesAreAFastPNGForKittyAndAJPEGForITerm2() throws {
        for file in try TestImages.files(in: "thumbs", ext: "jpg").prefix(4) {
            let full = try ImageDecoder.decode(try TestImages.bytes(file))
            let kitty = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 7, height: 15))
            let picture = try XCTUnwrap(TerminalImages.make(full, cols: 12, rows: 9, fit: .cover, mode: kitty))
            let fitted = try XCTUnwrap(TerminalImages.fit(full, cols: 12, rows: 9, fit: .cover, mode: kitty)).image
            XCTAssertEqual(picture.pixelSize, Size(width: fitted.width, height: fitted.height))
            XCTAssertEqual(picture.storedBytes, fitted.width * fitted.height * 4)
            XCTAssertEqual(ImageFormat.sniff(picture.payload), .png)
            XCTAssertEqual(Self.zlibLevel(picture.payload), 0, file)
            XCTAssertEqual(try ImageDecoder.decode(picture.payload).pixels, fitted.pixels)
            let (keys, payload) = Self.kittyPayload(KittyGraphics.transmit(png: picture.payload, id: picture.id))
            XCTAssertTrue(keys.hasPrefix("a=t,f=100,t=d,i=\(picture.id),q=2"), keys)
            XCTAssertEqual(payload, picture.payload)

            let iterm = try XCTUnwrap(TerminalImages.make(full, cols: 12, rows: 9, fit: .cover,
                                                          mode: GraphicsMode(graphics: .iterm2, cellPixels: Size(width: 7, height: 15))))
            XCTAssertEqual(ImageFormat.sniff(iterm.payload), .jpeg)
            let jpeg = try ImageDecoder.decode(iterm.payload)
            XCTAssertEqual(Size(width: jpeg.width, height: jpeg.height), iterm.pixelSize)
            XCTAssertGreaterThanOrEqual(psnr(jpeg.pixels, fitted.pixels), 30, file)
        }
    }

    func testSixelStreamDecodesToTheSourcePixels() throws {
        var scores: [Double] = []
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let (image, reference, box) = try placed(file)
            let stream = try XCTUnwrap(PixelPicture.show(image, using: .sixel, box: box))
            XCTAssertTrue(String(decoding: stream.prefix(4), as: UTF8.self).contains("P"), "a DCS sixel stream")
            let decoded = try SixelGraphics.decode(stream)
            XCTAssertEqual(decoded.width, image.width)
            // Sixel bands are 6 px high: the decoder may pad the last band.
            XCTAssertGreaterThanOrEqual(decoded.height, image.height)
            let cropped = decoded.cropped(x: 0, y: 0, width: image.width, height: image.height)
            let score = psnr(cropped.pixels, reference)
            scores.append(score)
            print("PixelGraphicsTests sixel \(file): \(score) dB, \(stream.count) bytes")
            XCTAssertGreaterThanOrEqual(score, 28, file)
        }
        XCTAssertFalse(scores.isEmpty)
    }

    func testPixelBoxKeepsTheAspectAndScalesHugePicturesDown() {
        let wide = RGBImage(width: 400, height: 100, fill: .white)
        let box = PixelBox(cols: 30, rows: 10, cellWidth: 10, cellHeight: 20)
        let fitted = box.fit(wide)
        XCTAssertEqual(fitted.width, 300)
        XCTAssertEqual(fitted.height, 75)
        XCTAssertEqual(box.cells(of: fitted).cols, 30)
        XCTAssertEqual(box.cells(of: fitted).rows, 4)
        let huge = PixelBox(cols: 1000, rows: 1000, cellWidth: 20, cellHeight: 40)
        XCTAssertLessThanOrEqual(huge.size.width, PixelBox.maxPixels)
        XCTAssertLessThanOrEqual(huge.size.height, PixelBox.maxPixels)
    }
}
