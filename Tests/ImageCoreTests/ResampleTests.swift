import ImageCore
import XCTest

final class ResampleTests: XCTestCase {
    func testContainAndCoverSizes() {
        let portrait = RGBImage(width: 300, height: 450, fill: .white)
        XCTAssertEqual(portrait.containSize(in: PixelSize(width: 24, height: 36)), PixelSize(width: 24, height: 36))
        XCTAssertEqual(portrait.containSize(in: PixelSize(width: 48, height: 36)), PixelSize(width: 24, height: 36))
        let square = RGBImage(width: 200, height: 200, fill: .white)
        XCTAssertEqual(square.fitted(cols: 24, rows: 18, mode: .contain).width, 24)
        XCTAssertEqual(square.fitted(cols: 24, rows: 18, mode: .contain).height, 24)
        let cover = square.fitted(cols: 24, rows: 18, mode: .cover)
        XCTAssertEqual(cover.width, 24)
        XCTAssertEqual(cover.height, 36)
    }

    func testBoxDownscaleIsTheBlockAverage() {
        // 4x2 -> 2x1: each output is the mean of a 2x2 block.
        let img = RGBImage(width: 4, height: 2, pixels: [
            0, 0, 0, 100, 100, 100, 10, 20, 30, 10, 20, 30,
            200, 200, 200, 100, 100, 100, 10, 20, 31, 10, 20, 31,
        ])
        let out = img.resized(width: 2, height: 1)
        XCTAssertEqual(out[0, 0], RGB(100, 100, 100))
        XCTAssertEqual(out[1, 0], RGB(10, 20, 31))  // 30.5 rounds half up
    }

    func testCoverCropsTheCentre() {
        // 300x100: left third red, middle green, right blue; a square cover sees only green.
        var img = RGBImage(width: 300, height: 100, fill: .black)
        for y in 0..<100 {
            for x in 0..<300 { img[x, y] = x < 100 ? RGB(255, 0, 0) : (x < 200 ? RGB(0, 255, 0) : RGB(0, 0, 255)) }
        }
        let out = img.fitted(into: PixelSize(width: 10, height: 10), mode: .cover)
        for x in 0..<10 { XCTAssertEqual(out[x, 5], RGB(0, 255, 0)) }
    }

    func testCoverKeepsTheTopOfATallPicture() {
        // 100x300 portrait: top third red (the face), middle green, bottom blue. A landscape
        // box (the backdrop) shows the top, not the middle.
        var img = RGBImage(width: 100, height: 300, fill: .black)
        for y in 0..<300 {
            for x in 0..<100 { img[x, y] = y < 100 ? RGB(255, 0, 0) : (y < 200 ? RGB(0, 255, 0) : RGB(0, 0, 255)) }
        }
        for out in [img.fitted(into: PixelSize(width: 30, height: 10), mode: .cover),
                    img.fittedLinearLight(into: PixelSize(width: 30, height: 10), mode: .cover)] {
            XCTAssertEqual(out.width, 30)
            for x in [0, 15, 29] { XCTAssertEqual(out[x, 1], RGB(255, 0, 0)) }
        }
    }

    func testUpscalingIsSmooth() {
        let img = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
        let out = img.resized(width: 8, height: 1)
        let values = (0..<8).map { Int(out[$0, 0].r) }
        XCTAssertEqual(values, values.sorted())
        XCTAssertGreaterThan(Set(values).count, 4, "bilinear enlargement has intermediate values: \(values)")
    }

    func testCropAndLetterbox() {
        var img = RGBImage(width: 4, height: 4, fill: .black)
        img[2, 1] = .white
        let crop = img.cropped(x: 2, y: 1, width: 5, height: 2)
        XCTAssertEqual(crop.width, 2)
        XCTAssertEqual(crop.height, 2)
        XCTAssertEqual(crop[0, 0], .white)
        let boxed = RGBImage(width: 2, height: 2, fill: .white).letterboxed(in: PixelSize(width: 4, height: 2), background: RGB(1, 2, 3))
        XCTAssertEqual(boxed[0, 0], RGB(1, 2, 3))
        XCTAssertEqual(boxed[1, 0], .white)
        XCTAssertEqual(boxed[3, 1], RGB(1, 2, 3))
        XCTAssertEqual(RGBImage(width: 300, height: 100, fill: .white).centreCropped(toAspect: PixelSize(width: 1, height: 1)).width, 100)
    }

    func testEmptyPictureFitsWithoutCrashing() {
        let empty = RGBImage(width: 0, height: 0, pixels: [])
        XCTAssertEqual(empty.fitted(cols: 4, rows: 2, mode: .contain).width, 4)
        XCTAssertEqual(empty.fitted(cols: 4, rows: 2, mode: .cover).height, 4)
    }

    func testLinearLightAveragesIntensity() {
        // Black and white averaged as light is mid-grey intensity = sRGB 188, not 128.
        let img = RGBImage(width: 2, height: 2, pixels: [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255])
        let out = img.fittedLinearLight(into: PixelSize(width: 1, height: 1), mode: .contain)
        XCTAssertEqual(Int(out[0, 0].r), 188, accuracy: 1)
        let flat = RGBImage(width: 8, height: 8, fill: RGB(90, 140, 200))
        XCTAssertEqual(flat.fittedLinearLight(into: PixelSize(width: 2, height: 2), mode: .cover)[1, 1], RGB(90, 140, 200))
    }
}
