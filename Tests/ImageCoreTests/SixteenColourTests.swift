import ImageCore
import TerminalUI
import XCTest

/// `--colors 16`: the 16 system colours are written with their own SGR codes only
/// (30-37/90-97, 40-47/100-107, 39/49 and 0), never `38;5` and never the font-selection codes
/// 10-17 for bright backgrounds (issue 22: with those the picture is noise in xterm).
final class SixteenColourTests: XCTestCase {
    static let allowed = Set([0, 39, 49] + Array(30...37) + Array(90...97) + Array(40...47) + Array(100...107))

    /// Every SGR parameter in `bytes`, in order.
    func sgrParams(_ bytes: [UInt8]) -> [Int] {
        var params: [Int] = []
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == 0x5B {
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == 0x6D {
                    params += String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                        .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                }
                i = j
            }
            i += 1
        }
        return params
    }

    func testBrightBackgroundIsWrittenAsHundredToHundredSeven() {
        // Bright white over bright red, then black over bright blue: both backgrounds bright.
        let img = RGBImage(width: 2, height: 2, pixels: [255, 255, 255, 0, 0, 0, 255, 85, 85, 85, 85, 255])
        let out = HalfBlockEncoder.encode(HalfBlockCells(image: img), mode: .ansi16)
        let params = sgrParams(out)
        XCTAssertTrue(params.contains(101), "bright red background as 101: \(params)")
        XCTAssertTrue(params.contains(104), "bright blue background as 104: \(params)")
        XCTAssertTrue(params.contains(97), "bright white foreground as 97: \(params)")
        XCTAssertEqual(params.filter { !Self.allowed.contains($0) }, [], "\(params)")
    }

    func testRealPicturesUseOnlySystemColourCodes() throws {
        var bright = 0
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let out = try Thumbnail.ansi(try TestImages.bytes(file), cols: 40, rows: 20, colors: .ansi16)
            let params = sgrParams(out)
            XCTAssertEqual(Set(params).subtracting(Self.allowed), [], file)
            bright += params.filter { (100...107).contains($0) }.count
        }
        XCTAssertGreaterThan(bright, 0, "no bright background in any picture: the test would not see the bug")
    }
}
