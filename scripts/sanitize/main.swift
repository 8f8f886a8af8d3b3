// The codec shims (mg_jpeg.c, mg_png.c, mg_gif.c) under AddressSanitizer and
// UndefinedBehaviorSanitizer: scripts/sanitize-shims.sh compiles them with
// -fsanitize=address,undefined and links this driver, which feeds them every test image, the
// bombs (small editions, from Tests/TestSupport/Bombs.swift) and seeded mutations of both,
// through the same open -> info -> limit -> read -> close sequence ImageCore uses. Any memory
// error or undefined behaviour in the shims or in how they drive the libraries aborts the run.
import CodecShims
import Foundation

let maxPixels = 16_000_000

/// One decode through the shim of the format the magic bytes name; the status code it ended with.
func decode(_ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBufferPointer { buf -> Int32 in
        var status = mg_img_status()
        let cancel = mg_img_cancel_new()
        defer { mg_img_cancel_free(cancel) }
        var limits = mg_img_limits(max_pixels: maxPixels, max_scans: 1_000, cancel: cancel, max_memory: Int(maxPixels) * 8)
        var w: Int32 = 0, h: Int32 = 0
        func read(_ channels: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int32) -> Int32 {
            guard w > 0, h > 0, Int(w) * Int(h) <= maxPixels else { return -2 }
            var out = [UInt8](repeating: 0, count: Int(w) * Int(h) * channels)
            let rc = out.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
            return rc == 0 ? 0 : status.code
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            guard let dec = mg_jpeg_open(buf.baseAddress, buf.count, &status) else { return status.code }
            defer { mg_jpeg_close(dec) }
            var comps: Int32 = 0, cmyk: Int32 = 0
            mg_jpeg_info(dec, &w, &h, &comps, &cmyk)
            guard Int(w) * Int(h) <= maxPixels else { return -2 }
            mg_jpeg_set_limits(dec, &limits)
            let denom: Int32 = w > 64 ? 2 : 1
            if mg_jpeg_set_scale(dec, denom, &w, &h, &status) != 0 { return status.code }
            return read(3) { mg_jpeg_read_rgb(dec, $0, &status) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard let dec = mg_png_open(buf.baseAddress, buf.count, &status) else { return status.code }
            defer { mg_png_close(dec) }
            var alpha: Int32 = 0
            mg_png_info(dec, &w, &h, &alpha)
            mg_png_set_limits(dec, &limits)
            return alpha != 0 ? read(4) { mg_png_read_rgba(dec, $0, &status) }
                              : read(3) { mg_png_read_rgb(dec, $0, 0, 0, 0, &status) }
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            guard let dec = mg_gif_open(buf.baseAddress, buf.count, &status) else { return status.code }
            defer { mg_gif_close(dec) }
            mg_gif_info(dec, &w, &h)
            mg_gif_set_limits(dec, &limits)
            return read(3) { mg_gif_read_rgb(dec, $0, 255, 255, 255, &status) }
        }
        return -3
    }
}

/// Encoders too: what `render --graphics` and the catalog's image service write.
func encodeRoundTrip(width: Int, height: Int) -> Bool {
    let pixels = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var out: UnsafeMutablePointer<UInt8>?
    var length = 0
    var status = mg_img_status()
    var encoded: [[UInt8]] = []
    // libpng's defaults (the catalog's image service) and kitty's fast PNG (level 1, Up filter
    // 0x20 = PNG_FILTER_UP, run-length strategy).
    for (level, filter, rle): (Int32, Int32, Int32) in [(-1, 0, 0), (1, 0x20, 1)] {
        guard mg_png_encode(pixels, Int32(width), Int32(height), 3, level, filter, rle, &out, &length, &status) == 0,
              let png = out else { return false }
        encoded.append(Array(UnsafeBufferPointer(start: png, count: length)))
        mg_img_free(png)
    }
    // 4:2:0 (the catalog) and 4:4:4 (iTerm2 pictures).
    for fullChroma: Int32 in [0, 1] {
        guard mg_jpeg_encode(pixels, Int32(width), Int32(height), 3, 80, fullChroma, &out, &length, &status) == 0,
              let jpeg = out else { return false }
        encoded.append(Array(UnsafeBufferPointer(start: jpeg, count: length)))
        mg_img_free(jpeg)
    }
    return encoded.allSatisfy { decode($0) == 0 }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let mutationsPerSeed = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: shim-sanitizer MUTATIONS_PER_SEED IMAGE...\n".utf8))
    exit(2)
}
var seeds = arguments.dropFirst(2).compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
let jpeg = seeds.first { $0.starts(with: [0xFF, 0xD8]) } ?? []
seeds += [
    Bombs.gifFrameBomb(canvas: 100, frame: 65_535, cycles: 2),
    Bombs.gifFrameBomb(canvas: 64, frame: 1_500, cycles: 1, interlaced: true),
    Bombs.pngTextBomb(chunks: 3, inflatedBytes: 1 << 20),
    Bombs.truncatedJPEG(jpeg),
]
/// Progressive JPEGs have an SOF2 marker.
func isProgressive(_ b: [UInt8]) -> Bool { b.starts(with: [0xFF, 0xD8]) && zip(b, b.dropFirst()).contains { $0 == (0xFF, 0xC2) } }
if let progressive = seeds.first(where: isProgressive), let scans = Bombs.jpegScanBomb(from: progressive, scans: 150) {
    seeds.append(scans)
}

let start = Date()
var outcomes: [Int32: Int] = [:]
var rng = SplitMix64(state: 2026_11_23)
guard encodeRoundTrip(width: 37, height: 23) else { print("shim-sanitizer: encode round trip failed"); exit(1) }
for seed in seeds where !seed.isEmpty {
    outcomes[decode(seed), default: 0] += 1
    for _ in 0..<mutationsPerSeed {
        outcomes[decode(rng.mutation(of: seed)), default: 0] += 1
    }
}
let total = outcomes.values.reduce(0, +)
let summary = outcomes.sorted { $0.key < $1.key }.map { "status \($0.key): \($0.value)" }.joined(separator: ", ")
print("shim-sanitizer: \(total) decodes of \(seeds.count) seeds under ASan+UBSan in "
      + String(format: "%.1f s", Date().timeIntervalSince(start)) + " (\(summary)); no sanitizer report")
