import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import XCTest

/// kitty decodes what the program sends: `KittyPayload`'s PNG (Up filter, ISA-L's igzip) taken
/// out of the command the terminal receives (APC chunks, base64), decompressed by libpng (a
/// decoder the encoder does not share: it checks every chunk's CRC and the zlib stream) and
/// compared with the pixels that went in, for pictures and for the canvas.
final class KittyPayloadTests: XCTestCase {
    /// A picture with smooth parts, edges, noise and flat runs, as thumbnails have.
    static func picture(width: Int, height: Int, channels: Int = 3, seed: UInt32 = 1) -> [UInt8] {
        var state = seed, out = [UInt8]()
        out.reserveCapacity(width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: state >> 24)
                let inFlat = x < width / 3
                out.append(inFlat ? 200 : UInt8(truncatingIfNeeded: x * 255 / max(width, 1)))
                out.append(inFlat ? 40 : UInt8(truncatingIfNeeded: y * 255 / max(height, 1)))
                out.append(y % 7 == 0 ? noise : UInt8(truncatingIfNeeded: (x ^ y) & 0xF0))
                if channels == 4 { out.append(255) }
            }
        }
        return out
    }

    func testThePictureKittyDecodesIsExactlyThePixelsSent() throws {
        for (width, height) in [(1, 1), (2, 1), (1, 3), (7, 5), (240, 360), (257, 3), (1000, 40)] {
            let pixels = Self.picture(width: width, height: height, seed: UInt32(width * 31 + height))
            let image = RGBImage(width: width, height: height, pixels: pixels)
            let command = KittyGraphics.transmitAndShow(png: try TerminalImages.kittyPNG(image), id: 9)
            let (keys, png) = PixelGraphicsTests.kittyPayload(command)
            XCTAssertTrue(keys.hasPrefix("a=T,f=100,t=d,i=9,q=2"), keys)
            XCTAssertEqual(ImageFormat.sniff(png), .png)
            let decoded = try ImageDecoder.decode(png)
            XCTAssertEqual(decoded.width, width)
            XCTAssertEqual(decoded.height, height)
            XCTAssertEqual(decoded.pixels, pixels, "\(width)x\(height): PNG is lossless")
        }
    }

    /// The fast PNG is a PNG any decoder takes: one IHDR, one IDAT, IEND, the fastest zlib
    /// level in its header, every row Up-filtered but the first (which has none above it).
    func testThePNGIsOneIDATWithTheUpFilter() throws {
        let (width, height) = (240, 360)
        let png = try XCTUnwrap(KittyPayload.png(Self.picture(width: width, height: height), width: width, height: height))
        let chunks = Self.chunks(png)
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        XCTAssertEqual(PixelGraphicsTests.zlibLevel(png), 0, "igzip's level 1 says FLEVEL 0 (fastest)")
        // Smaller than the raw pixels chafa sends (RGBA, 4 bytes a pixel) and than raw RGB.
        XCTAssertLessThan(png.count, width * height * 3)
    }

    func testAPictureThatIsNotItsSizeIsRefused() {
        XCTAssertNil(KittyPayload.png([1, 2, 3], width: 2, height: 1))
        XCTAssertNil(KittyPayload.png([], width: 0, height: 0))
        XCTAssertNil(KittyPayload.png([1, 2, 3, 4, 5, 6], width: 1, height: 1, channels: 6))
    }

    /// The canvas (one pixel a cell, under the pictures kept under an overlay's text) goes as
    /// the same PNG, and what kitty decodes is the canvas's RGBA, opaque.
    func testTheCanvasIsSentAsThePNGOfItsPixels() throws {
        let (cols, rows) = (200, 60)
        var rgba = [UInt8]()
        for y in 0..<rows {
            for x in 0..<cols {
                let panel = x > 40 && x < 160 && y > 10 && y < 50
                rgba += panel ? [0x14, 0x14, 0x28, 255] : (y == rows - 1 ? [0xDD, 0xDD, 0xDD, 255] : [0, 0, 0, 255])
            }
        }
        let command = KittyGraphics.transmitCanvas(rgba: rgba, cols: cols, rows: rows)
        let (keys, png) = PixelGraphicsTests.kittyPayload(command)
        XCTAssertTrue(keys.hasPrefix("a=t,f=100,t=d,i=\(KittyGraphics.canvasID),q=2"), keys)
        let decoded = try ImageDecoder.decode(png)
        XCTAssertEqual(decoded.width, cols)
        XCTAssertEqual(decoded.height, rows)
        let rgb = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<($0 + 3)] }
        XCTAssertEqual(decoded.pixels, rgb)
        XCTAssertEqual(Self.chunks(png).first.map { $0.data[9] }, 6, "colour type 6: RGBA, alpha kept")
        print("KittyPayloadTests canvas \(cols)x\(rows): \(command.count) bytes on the wire, raw f=32 base64 would be "
              + "\(Base64Length.of(rgba.count))")
        XCTAssertLessThan(command.count, Base64Length.of(rgba.count) / 20, "a flat canvas compresses to a few KB")
    }

    /// Chunk types and data of a PNG (libpng checks their CRCs when it decodes).
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = [], at = 8
        func u32(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        while at + 12 <= png.count {
            let length = u32(at)
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            out.append((type, Array(png[(at + 8)..<(at + 8 + length)])))
            at += 12 + length
        }
        XCTAssertEqual(at, png.count, "nothing after IEND")
        return out
    }
}

private enum Base64Length {
    static func of(_ count: Int) -> Int { (count + 2) / 3 * 4 }
}
