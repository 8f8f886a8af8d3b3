import Foundation
import ImageCore

/// Images of the synthetic catalog, drawn from the token on demand (then cached by the image
/// service): a two-colour gradient, a glow, a bust silhouette and an emblem whose colours and
/// shape come from a hash of the token, so every entity looks different and stable.
enum SyntheticArt {
    static let width = 300, height = 450

    /// JPEG bytes for `sync<id>` / `synk<id>` tokens and the placeholder; nil for other tokens.
    static func draw(token: String) -> Data? {
        if token == "image_not_available" { return encode(placeholder()) }
        guard token.hasPrefix("syn"), token.count > 4, Int(token.dropFirst(4)) != nil else { return nil }
        return encode(figure(seed: SyntheticCatalog.mix(token.hashValueStable)))
    }

    private static func encode(_ image: RGBImage) -> Data? {
        (try? ImageEncoder.jpeg(image, quality: 80)).map { Data($0) }
    }

    static func placeholder() -> RGBImage {
        var pixels = [UInt8](repeating: 40, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width where abs(x * height - y * width) < 900 || abs((width - x) * height - y * width) < 900 {
                let i = (y * width + x) * 3
                pixels[i] = 70; pixels[i + 1] = 70; pixels[i + 2] = 76
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    static func figure(seed: UInt64) -> RGBImage {
        let hue = Double(seed % 360) / 360
        let accentHue = (hue + (seed & 1024 == 0 ? 0.5 : 0.13)).truncatingRemainder(dividingBy: 1)
        let top = hsv(hue, 0.85, 0.25), bottom = hsv(hue, 0.75, 0.65)
        let suit = hsv(hue, 0.7, 0.42), accent = hsv(accentHue, 0.9, 1.0), glow = hsv(hue, 0.35, 0.95)
        let emblem = Int((seed >> 12) % 3)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let cx = Double(width) / 2, headY = 170.0
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            for x in 0..<width {
                let fx = Double(x), fy = Double(y)
                var c = (top.0 + (bottom.0 - top.0) * t, top.1 + (bottom.1 - top.1) * t, top.2 + (bottom.2 - top.2) * t)
                let d = ((fx - cx) * (fx - cx) + (fy - headY) * (fy - headY)).squareRoot()
                let g = max(0, 1 - d / 170) * 0.6
                c = (c.0 + (glow.0 - c.0) * g, c.1 + (glow.1 - c.1) * g, c.2 + (glow.2 - c.2) * g)
                let head = pow((fx - cx) / 58, 2) + pow((fy - headY) / 68, 2) <= 1
                let shoulders = fy > headY + 85 && abs(fx - cx) < 125 - max(0, 40 - (fy - headY - 85)) * 1.2
                let neck = abs(fx - cx) < 24 && fy > headY + 40 && fy <= headY + 95
                if head || shoulders || neck { c = suit }
                if head && abs(fy - (headY - 8)) < 14 { c = accent }          // mask band
                if head && abs(fy - (headY - 8)) < 5 && abs(abs(fx - cx) - 24) < 11 { c = (1, 1, 1) }  // eyes
                let ex = fx - cx, ey = fy - (headY + 190)
                let inEmblem: Bool = switch emblem {
                case 0: ex * ex + ey * ey < 42 * 42 && ex * ex + ey * ey > 24 * 24
                case 1: abs(ex) + abs(ey) * 0.8 < 42
                default: ey < 34 && ey > -38 && abs(ex) < (ey + 38) * 0.6
                }
                if inEmblem { c = accent }
                let i = (y * width + x) * 3
                pixels[i] = UInt8(max(0, min(255, c.0 * 255)))
                pixels[i + 1] = UInt8(max(0, min(255, c.1 * 255)))
                pixels[i + 2] = UInt8(max(0, min(255, c.2 * 255)))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

extension String {
    /// A hash that is the same on every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h)
    }
}
