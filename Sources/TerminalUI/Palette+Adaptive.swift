extension Palette {
    /// Each RGB pixel's nearest entry (Euclidean RGB, as every other match here) of `palette`, a
    /// picture's own palette of at most 256 RGB triples (sixel: libsixel's median cut): the
    /// indexed pixels libsixel's encoder takes as they are.
    ///
    /// Why here and not libsixel's own mapping: libsixel caches each match under the colour's top
    /// 5 bits a channel, so every colour of a 32768th of the cube gets the first one's entry: on
    /// the three photos of `../shared/testimages/photos` at 200x59 cells of 10x20 px (sixel
    /// decoded, against the picture sent) that cost 2.7-3.9 dB against an exact match, and its
    /// exact mode (`SIXEL_QUALITY_FULL`) tries all 256 entries for every pixel, 1 s a photo.
    /// Here a colour's match is exact: the palette is sorted by green and searched outwards from
    /// the pixel's green until the green gap alone exceeds the best distance (15-35 entries a
    /// colour in those photos). Matches are cached under the top bits of each channel: 7 for a
    /// picture of a megapixel or more (a 4 MB table; within 0.16 dB of matching every pixel, in
    /// 9-16 ms a photo), 6 below (512 KB; 0.4-0.7 dB). Equal neighbours reuse the last match.
    public static func nearestIndices(_ pixels: UnsafeBufferPointer<UInt8>, palette: [UInt8]) -> [UInt8] {
        let count = pixels.count / 3
        let entries = palette.count / 3
        guard count > 0, entries > 0 else { return [UInt8](repeating: 0, count: count) }
        // Entries sorted by green, each channel in an array of its own for a tight loop.
        let order: [Int] = (0..<min(entries, 256)).sorted { (a: Int, b: Int) -> Bool in palette[3 * a + 1] < palette[3 * b + 1] }
        let reds: [Int] = order.map { Int(palette[3 * $0]) }
        let greens: [Int] = order.map { Int(palette[3 * $0 + 1]) }
        let blues: [Int] = order.map { Int(palette[3 * $0 + 2]) }
        let numbers: [UInt8] = order.map { UInt8($0) }
        // The sorted entry whose green is nearest each green value: where a search starts.
        var start = [Int](repeating: 0, count: 256)
        var k = 0
        for g in 0..<256 {
            while k + 1 < greens.count, abs(greens[k + 1] - g) <= abs(greens[k] - g) { k += 1 }
            start[g] = k
        }
        let bits = count >= 1 << 20 ? 7 : 6
        let shift = 8 - bits
        // 0: not cached; else the index + 1.
        var cache = [UInt16](repeating: 0, count: 1 << (3 * bits))
        var out = [UInt8](repeating: 0, count: count)
        reds.withUnsafeBufferPointer { rs in
            greens.withUnsafeBufferPointer { gs in
                blues.withUnsafeBufferPointer { bs in
                    cache.withUnsafeMutableBufferPointer { cache in
                        out.withUnsafeMutableBufferPointer { out in
                            let n = rs.count
                            var lastKey = -1
                            var last: UInt8 = 0
                            for p in 0..<count {
                                let r = Int(pixels[3 * p]), g = Int(pixels[3 * p + 1]), b = Int(pixels[3 * p + 2])
                                let key = r << 16 | g << 8 | b
                                if key == lastKey {
                                    out[p] = last
                                    continue
                                }
                                lastKey = key
                                let slot = (r >> shift) << (2 * bits) | (g >> shift) << bits | (b >> shift)
                                let cached = cache[slot]
                                if cached != 0 {
                                    last = UInt8(truncatingIfNeeded: cached - 1)
                                    out[p] = last
                                    continue
                                }
                                let s = start[g]
                                var best = s
                                var dr = r - rs[s], dg = g - gs[s], db = b - bs[s]
                                var bestDistance = dr * dr + dg * dg + db * db
                                var j = s + 1
                                while j < n {
                                    dg = gs[j] - g
                                    if dg * dg >= bestDistance { break }
                                    dr = r - rs[j]
                                    db = b - bs[j]
                                    let d = dr * dr + dg * dg + db * db
                                    if d < bestDistance { bestDistance = d; best = j }
                                    j += 1
                                }
                                j = s - 1
                                while j >= 0 {
                                    dg = g - gs[j]
                                    if dg * dg >= bestDistance { break }
                                    dr = r - rs[j]
                                    db = b - bs[j]
                                    let d = dr * dr + dg * dg + db * db
                                    if d < bestDistance { bestDistance = d; best = j }
                                    j -= 1
                                }
                                last = numbers[best]
                                cache[slot] = UInt16(last) + 1
                                out[p] = last
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
