import Foundation
import ImageCore
import XCTest

/// Test images bundled in `Resources/` (see `Resources/SOURCES.md`).
enum TestImages {
    /// `.copy("Resources")` keeps the folder name; where it lands inside the bundle differs
    /// between platforms, so look in both places.
    static var root: URL {
        let candidates = [Bundle.module.bundleURL.appendingPathComponent("Resources"),
                          Bundle.module.resourceURL?.appendingPathComponent("Resources")].compactMap { $0 }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("SOURCES.md").path)
        } ?? candidates[0]
    }

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    static func decode(_ relative: String, background: RGB = .black) throws -> RGBImage {
        try ImageDecoder.decode(try bytes(relative), options: DecodeOptions(background: background))
    }

    static func files(in folder: String, ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path)
            .filter { $0.hasSuffix("." + ext) }.sorted().map { folder + "/" + $0 }
    }
}

func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count && !a.isEmpty)
    var sum = 0.0
    for i in 0..<a.count {
        let d = Double(a[i]) - Double(b[i])
        sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
