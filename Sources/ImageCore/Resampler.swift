import Foundation

/// Separable convolution resampling with precomputed fixed-point coefficients.
///
/// The coefficient layout follows Pillow's `Resample.c`, so `.box` selects the same source
/// pixels as the reference tools' area average: an output pixel averages the source pixels
/// whose centres fall inside its footprint. Box downscaling is summed exactly and rounded once
/// (`boxAverage`), which is within one level of Pillow's two-pass 8-bit rounding; other filters
/// use Pillow's 22-bit fixed point with the horizontal pass first. Downscaling uses the filter
/// stretched by the scale factor; upscaling uses it unstretched, so `.bilinear` gives smooth
/// (not blocky) enlargement.
public enum ResampleFilter: Sendable, Equatable {
    case box, bilinear, lanczos

    var support: Double {
        switch self {
        case .box: return 0.5
        case .bilinear: return 1.0
        case .lanczos: return 3.0
        }
    }

    func weight(_ x: Double) -> Double {
        switch self {
        case .box:
            return x > -0.5 && x <= 0.5 ? 1.0 : 0.0
        case .bilinear:
            let a = abs(x)
            return a < 1.0 ? 1.0 - a : 0.0
        case .lanczos:
            if x > -3.0 && x < 3.0 { return sinc(x) * sinc(x / 3.0) }
            return 0.0
        }
    }

    private func sinc(_ x: Double) -> Double {
        if x == 0 { return 1.0 }
        let px = x * Double.pi
        return sin(px) / px
    }
}

/// Per-axis coefficients: for output i, `count[i]` taps from source index `first[i]`.
struct ResampleAxis {
    /// Every output averages its taps with equal weight (box filter, never empty).
    var isUniform: Bool { !uniform.contains(0) }

    static let precisionBits: Int32 = 22
    let outSize: Int
    let taps: Int
    var first: [Int]
    var count: [Int]
    var weights: [Int32]
    /// For each output, the common weight when all its taps weigh the same (box filter), else 0:
    /// then the sum of the samples times that weight is bit-identical to the weighted sum.
    var uniform: [Int32]

    /// `in0..<in1` is the source region (fractional, as Pillow's `box`) mapped onto `outSize`.
    init(inSize: Int, outSize: Int, in0: Double, in1: Double, filter: ResampleFilter) {
        let scale = (in1 - in0) / Double(outSize)
        let filterScale = max(scale, 1.0)
        let support = filter.support * filterScale
        let taps = Int(support.rounded(.up)) * 2 + 1
        self.outSize = outSize
        self.taps = taps
        first = [Int](repeating: 0, count: outSize)
        count = [Int](repeating: 0, count: outSize)
        weights = [Int32](repeating: 0, count: outSize * taps)
        uniform = [Int32](repeating: 0, count: outSize)
        var k = [Double](repeating: 0, count: taps)
        let one = Double(1 << ResampleAxis.precisionBits)
        for xx in 0..<outSize {
            let center = in0 + (Double(xx) + 0.5) * scale
            let ss = 1.0 / filterScale
            let xmin = max(Int(center - support + 0.5), 0)
            var xmax = min(Int(center + support + 0.5), inSize)
            xmax -= xmin
            xmax = min(max(xmax, 0), taps)
            var total = 0.0
            for x in 0..<xmax {
                let w = filter.weight((Double(x + xmin) - center + 0.5) * ss)
                k[x] = w
                total += w
            }
            first[xx] = xmin
            count[xx] = xmax
            for x in 0..<xmax {
                let w = total != 0 ? k[x] / total : 0
                weights[xx * taps + x] = w < 0 ? Int32(-0.5 + w * one) : Int32(0.5 + w * one)
            }
            if xmax > 0, (0..<xmax).allSatisfy({ weights[xx * taps + $0] == weights[xx * taps] }) {
                uniform[xx] = weights[xx * taps]
            }
        }
    }
}

extension RGBImage {
    /// Resamples the source region `box` (fractional pixels; whole image by default) to
    /// `width` x `height` with `filter` (`.box` for downscaling; see `resize(to:)`).
    public func resampled(width outW: Int, height outH: Int, filter: ResampleFilter,
                          box: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil) -> RGBImage {
        resampled(width: outW, height: outH, horizontalFilter: filter, verticalFilter: filter, box: box)
    }

    /// As above with one filter per axis (e.g. box across a shrinking axis, bilinear along an
    /// enlarging one).
    public func resampled(width outW: Int, height outH: Int, horizontalFilter: ResampleFilter,
                          verticalFilter: ResampleFilter,
                          box: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil) -> RGBImage {
        precondition(outW > 0 && outH > 0, "resampled: empty target")
        let b = box ?? (0, 0, Double(width), Double(height))
        if outW == width && outH == height && b == (0, 0, Double(width), Double(height)) { return self }
        let horizontal = ResampleAxis(inSize: width, outSize: outW, in0: b.x0, in1: b.x1, filter: horizontalFilter)
        let vertical = ResampleAxis(inSize: height, outSize: outH, in0: b.y0, in1: b.y1, filter: verticalFilter)
        if horizontal.isUniform && vertical.isUniform {
            return boxAverage(horizontal: horizontal, vertical: vertical)
        }
        // Only the source rows the vertical pass reads go through the horizontal pass.
        var rowFirst = height, rowLast = 0
        for i in 0..<outH where vertical.count[i] > 0 {
            rowFirst = min(rowFirst, vertical.first[i])
            rowLast = max(rowLast, vertical.first[i] + vertical.count[i])
        }
        if rowFirst >= rowLast { rowFirst = 0; rowLast = min(1, height) }
        let tempH = rowLast - rowFirst
        var temp = [UInt8](repeating: 0, count: outW * tempH * 3)
        pixels.withUnsafeBufferPointer { src in
            temp.withUnsafeMutableBufferPointer { dst in
                Self.horizontalPass(src: src.baseAddress!, srcWidth: width, rows: rowFirst..<rowLast,
                                    axis: horizontal, dst: dst.baseAddress!)
            }
        }
        var out = [UInt8](repeating: 0, count: outW * outH * 3)
        temp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                Self.verticalPass(src: src.baseAddress!, width: outW, rowOffset: rowFirst,
                                  axis: vertical, dst: dst.baseAddress!)
            }
        }
        return RGBImage(width: outW, height: outH, pixels: out)
    }

    @inline(__always)
    static func clip8(_ v: Int32) -> UInt8 {
        let s = v >> ResampleAxis.precisionBits
        return s < 0 ? 0 : (s > 255 ? 255 : UInt8(truncatingIfNeeded: s))
    }

    static func horizontalPass(src: UnsafePointer<UInt8>, srcWidth: Int, rows: Range<Int>,
                               axis: ResampleAxis, dst: UnsafeMutablePointer<UInt8>) {
        let outW = axis.outSize, taps = axis.taps
        let half: Int32 = 1 << (ResampleAxis.precisionBits - 1)
        axis.weights.withUnsafeBufferPointer { wbuf in
            axis.first.withUnsafeBufferPointer { firsts in
                axis.count.withUnsafeBufferPointer { counts in
                  axis.uniform.withUnsafeBufferPointer { uniforms in
                    let wts = wbuf.baseAddress!
                    var d = dst
                    for y in rows {
                        let row = src + y * srcWidth * 3
                        for xx in 0..<outW {
                            var p = row + firsts[xx] * 3
                            let n = counts[xx]
                            let u = uniforms[xx]
                            if u != 0 {
                                // Box: add the samples, multiply once.
                                var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                                for _ in 0..<n {
                                    r &+= Int32(p[0])
                                    g &+= Int32(p[1])
                                    b &+= Int32(p[2])
                                    p += 3
                                }
                                d[0] = clip8(half &+ r &* u)
                                d[1] = clip8(half &+ g &* u)
                                d[2] = clip8(half &+ b &* u)
                            } else {
                                let k = wts + xx * taps
                                var r = half, g = half, b = half
                                for i in 0..<n {
                                    let w = k[i]
                                    r &+= Int32(p[0]) &* w
                                    g &+= Int32(p[1]) &* w
                                    b &+= Int32(p[2]) &* w
                                    p += 3
                                }
                                d[0] = clip8(r)
                                d[1] = clip8(g)
                                d[2] = clip8(b)
                            }
                            d += 3
                        }
                    }
                  }
                }
            }
        }
    }

    static func verticalPass(src: UnsafePointer<UInt8>, width: Int, rowOffset: Int,
                             axis: ResampleAxis, dst: UnsafeMutablePointer<UInt8>) {
        let taps = axis.taps, stride = width * 3
        let half: Int32 = 1 << (ResampleAxis.precisionBits - 1)
        // Row-wise accumulation (acc[x] += row[x]) so the inner loop runs along memory and
        // vectorises; same integer sums as the per-pixel form.
        let acc = UnsafeMutablePointer<Int32>.allocate(capacity: stride)
        defer { acc.deallocate() }
        axis.weights.withUnsafeBufferPointer { wbuf in
            let wts = wbuf.baseAddress!
            var d = dst
            for yy in 0..<axis.outSize {
                let k = wts + yy * taps
                let top = src + (axis.first[yy] - rowOffset) * stride
                let n = axis.count[yy]
                let u = axis.uniform[yy]
                acc.initialize(repeating: 0, count: stride)
                for i in 0..<n {
                    let row = top + i * stride
                    if u != 0 {
                        for x in 0..<stride { acc[x] &+= Int32(row[x]) }
                    } else {
                        let w = k[i]
                        for x in 0..<stride { acc[x] &+= Int32(row[x]) &* w }
                    }
                }
                if u != 0 {
                    for x in 0..<stride { d[x] = clip8(half &+ acc[x] &* u) }
                } else {
                    for x in 0..<stride { d[x] = clip8(half &+ acc[x]) }
                }
                d += stride
            }
        }
    }

    /// Box downscale in both axes: column sums over each output row's source rows (a
    /// vectorisable pass along memory), then sums of those over each output column's taps,
    /// divided once and rounded to nearest (halves up). Integer sums are exact and so is the
    /// division (`RoundedDivision`), so this is the exact mean of the selected source pixels.
    func boxAverage(horizontal: ResampleAxis, vertical: ResampleAxis) -> RGBImage {
        let outW = horizontal.outSize, outH = vertical.outSize
        let stride = width * 3
        var out = [UInt8](repeating: 0, count: outW * outH * 3)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: stride)
        defer { sums.deallocate() }
        // One divisor a column for each count of rows (a box scale has one or two of them).
        var divisions: [Int: [RoundedDivision]] = [:]
        pixels.withUnsafeBufferPointer { srcBuf in
            out.withUnsafeMutableBufferPointer { dstBuf in
                horizontal.first.withUnsafeBufferPointer { firsts in
                    horizontal.count.withUnsafeBufferPointer { counts in
                        let src = srcBuf.baseAddress!
                        var d = dstBuf.baseAddress!
                        for yy in 0..<outH {
                            let n = vertical.count[yy]
                            sums.initialize(repeating: 0, count: stride)
                            var row = src + vertical.first[yy] * stride
                            for _ in 0..<n {
                                for x in 0..<stride { sums[x] &+= UInt32(row[x]) }
                                row += stride
                            }
                            let divide = divisions[n] ?? {
                                let made = counts.map { RoundedDivision(by: n * $0) }
                                divisions[n] = made
                                return made
                            }()
                            divide.withUnsafeBufferPointer { divisors in
                                for xx in 0..<outW {
                                    var p = sums + firsts[xx] * 3
                                    // 64 bits: a whole picture into one pixel overflows 32.
                                    var r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                                    for _ in 0..<counts[xx] {
                                        r &+= UInt64(p[0])
                                        g &+= UInt64(p[1])
                                        b &+= UInt64(p[2])
                                        p += 3
                                    }
                                    let divisor = divisors[xx]
                                    d[0] = divisor.rounded(r)
                                    d[1] = divisor.rounded(g)
                                    d[2] = divisor.rounded(b)
                                    d += 3
                                }
                            }
                        }
                    }
                }
            }
        }
        return RGBImage(width: outW, height: outH, pixels: out)
    }
}

/// `sum / count` rounded to nearest, halves up, for a sum of `count` samples (0...255 each),
/// by one multiplication: `(2 sum + count) * m >> 48` with `m = ceil(2^48 / 2 count)` is
/// exactly `floor((2 sum + count) / 2 count)` while `2 count * (2 sum + count) < 2^48`, that is
/// for counts up to 2^19 samples; beyond, a division. Dividing through two Doubles and a
/// float-to-int conversion a sample would be 14 % of a kitty `render`'s CPU.
struct RoundedDivision {
    let count: UInt64
    let multiplier: UInt64

    static let shift: UInt64 = 48
    static let largestExact: UInt64 = 1 << 19

    init(by count: Int) {
        self.count = UInt64(max(count, 1))
        let twice = 2 * self.count
        multiplier = self.count <= Self.largestExact ? ((1 << Self.shift) + twice - 1) / twice : 0
    }

    @inline(__always)
    func rounded(_ sum: UInt64) -> UInt8 {
        let numerator = 2 &* sum &+ count
        let mean = multiplier != 0 ? (numerator &* multiplier) >> Self.shift : numerator / (2 * count)
        return UInt8(truncatingIfNeeded: min(mean, 255))
    }
}
