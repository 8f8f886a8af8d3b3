import TerminalUI

/// Colour capability of the output: the terminal layer's one colour-depth type.
public typealias ColorMode = TerminalUI.ColorDepth

/// Turns `HalfBlockCells` into an ANSI byte stream, one line per cell row.
///
/// Per cell one of the equivalent forms is used: `▀` (fg = top, bg = bottom) or `▄` (fg =
/// bottom, bg = top), a space with only a background or `█` with only a foreground for uniform
/// cells; the cheapest form given the current colours is used. SGR is written only when a colour changes (fg and bg changes
/// share one sequence), attributes are reset at each line end, and trailing transparent cells
/// are not written.
public enum HalfBlockEncoder {
    /// Colours within this many levels per channel of the current SGR colour reuse it
    /// (truecolor only). Measured with render_quality.py over the 16 shared thumbnails (box
    /// reference, 24x18 / 48x36 cells): tolerance 0 scores 58.8 / 56.4 dB at 12262 / 47233
    /// bytes; 1 scores 56.1 / 54.0 dB (an error of at most one level, invisible) at 10976 /
    /// 41003 bytes; 2 scores 52.1 / 50.5 dB at 9820 / 35623 bytes. Default 1: 10-13% fewer
    /// bytes for no visible change.
    public static let defaultTolerance = 1

    public static func encode(_ cells: HalfBlockCells, mode: ColorMode,
                              tolerance: Int = HalfBlockEncoder.defaultTolerance) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(cells.cols * cells.rows * 12)
        encode(cells, mode: mode, tolerance: tolerance, into: &out)
        return out
    }

    public static func encode(_ cells: HalfBlockCells, mode: ColorMode,
                              tolerance: Int = HalfBlockEncoder.defaultTolerance, into out: inout [UInt8]) {
        if mode == .none {
            ShadeEncoder.encode(cells, into: &out)
            return
        }
        // Worst case per cell: one SGR setting both 24-bit colours (36 bytes) and a 3-byte
        // glyph; per line a reset and a newline. Writing through a pointer into a buffer of
        // that bound avoids per-byte append checks (a 48x36 thumbnail is ~47 KB of output).
        let bound = cells.cols * cells.rows * 40 + cells.rows * 5
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: bound))
        let written = out.withUnsafeMutableBufferPointer { buf in
            var sink = ByteSink(base: buf.baseAddress! + start)
            var writer = SGRWriter(depth: mode)
            let tolerance = mode == .truecolor ? Int32(max(tolerance, 0)) : 0
            cells.top.withUnsafeBufferPointer { top in
                cells.bottom.withUnsafeBufferPointer { bottom in
                    for row in 0..<cells.rows {
                        let rowStart = row * cells.cols
                        var end = cells.cols
                        while end > 0, top[rowStart + end - 1] == nil, bottom[rowStart + end - 1] == nil { end -= 1 }
                        for col in 0..<end {
                            writer.cell(top: writer.key(top[rowStart + col]), bottom: writer.key(bottom[rowStart + col]),
                                        tolerance: tolerance, into: &sink)
                        }
                        writer.endLine(into: &sink)
                    }
                }
            }
            return sink.count
        }
        out.removeLast(bound - written)
    }
}

/// Unchecked byte writer over a buffer sized by the caller's bound.
struct ByteSink {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always) mutating func append(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always) mutating func append(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
        base[count] = a
        base[count + 1] = b
        base[count + 2] = c
        count += 3
    }
}
