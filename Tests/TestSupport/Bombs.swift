import Foundation

/// Hostile pictures made at test time (never committed): small files that ask a decoder for
/// far more work or memory than they are worth. Each is built to the format's rules, so an
/// unbounded decoder really does the work.
public enum Bombs {
    // MARK: GIF

    /// A `canvas` x `canvas` GIF whose one frame claims `frame` x `frame` pixels. Its LZW data
    /// encodes `cycles` runs of index 0 of about 7.3 M pixels each (5.4 kB per run): the file
    /// is small, the pixels are not. 600 cycles = 4.4 G pixels in about 3.2 MB.
    /// `interlaced` frames cannot stop at the canvas's last row: every row of the frame is decoded.
    public static func gifFrameBomb(canvas: Int = 100, frame: Int = 65_535, cycles: Int = 600,
                                    interlaced: Bool = false) -> [UInt8] {
        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(canvas) + le16(canvas)
        out += [0xF0, 0, 0]  // global colour table of 2 entries, 8 bits per primary
        out += [255, 0, 0, 0, 0, 255]
        out += [0x2C] + le16(0) + le16(0) + le16(frame) + le16(frame) + [interlaced ? 0x40 : 0]  // image descriptor
        out.append(8)  // LZW minimum code size
        out += subBlocks(lzwRuns(cycles: cycles))
        out.append(0x3B)
        return out
    }

    /// LZW codes for runs of index 0: after each clear, 0, 258, 259, ... 4000 (each code is the
    /// previous string plus one pixel). Code widths follow giflib's decoder exactly.
    static func lzwRuns(cycles: Int) -> [UInt8] {
        var writer = BitWriter()
        var bits = 9, maxCode1 = 512, running = 258
        func emit(_ code: Int) {
            writer.write(code, bits: bits)
            if running < 4097 {
                running += 1
                if running > maxCode1 && bits < 12 { maxCode1 <<= 1; bits += 1 }
            }
        }
        for _ in 0..<cycles {
            writer.write(256, bits: bits)  // clear
            bits = 9; maxCode1 = 512; running = 258
            emit(0)
            for code in 258...4000 { emit(code) }
        }
        writer.write(257, bits: bits)  // end of information
        return writer.flushed
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 255 + 2)
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n))
            out += data[i..<(i + n)]
            i += n
        }
        out.append(0)
        return out
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var acc: UInt64 = 0
        var count = 0
        mutating func write(_ value: Int, bits: Int) {
            acc |= UInt64(value) << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(acc & 0xFF))
                acc >>= 8
                count -= 8
            }
        }
        var flushed: [UInt8] { count > 0 ? bytes + [UInt8(acc & 0xFF)] : bytes }
    }

    // MARK: PNG

    /// A 1x1 PNG preceded by `chunks` zTXt chunks, each inflating to `inflatedBytes` of zeros
    /// (fixed-Huffman deflate: 13 bits per 258 bytes, so 15 MB takes ~95 kB, shared by all).
    public static func pngTextBomb(chunks: Int = 200, inflatedBytes: Int = 15 << 20) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(1) + be32(1) + [8, 2, 0, 0, 0])
        let ztxt = chunk("zTXt", Array("Comment".utf8) + [0, 0] + zlibZeros(inflatedBytes))
        for _ in 0..<chunks { out += ztxt }
        // One red pixel: filter byte 0, then RGB, stored (uncompressed) deflate block.
        out += chunk("IDAT", zlibStored([0, 255, 0, 0]))
        out += chunk("IEND", [])
        return out
    }

    static func zlibZeros(_ n: Int) -> [UInt8] {
        var w = BitWriter()
        w.write(1, bits: 1)          // BFINAL
        w.write(1, bits: 2)          // fixed Huffman
        func huffman(_ code: Int, _ length: Int) {  // Huffman codes go most significant bit first
            for i in stride(from: length - 1, through: 0, by: -1) { w.write((code >> i) & 1, bits: 1) }
        }
        huffman(0x30, 8)             // literal 0
        var left = n - 1
        while left >= 258 {
            huffman(0xC5, 8)         // length 258 (code 285)
            huffman(0, 5)            // distance 1
            left -= 258
        }
        for _ in 0..<left { huffman(0x30, 8) }
        huffman(0, 7)                // end of block (256)
        // Adler-32 of n zeros: a stays 1, b = n mod 65521.
        let adler = UInt32(n % 65_521) << 16 | 1
        return [0x78, 0x01] + w.flushed + be32(Int(adler))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let n = data.count
        return [0x78, 0x01, 1] + le16(n) + le16(~n & 0xFFFF) + data + be32(Int(b << 16 | a))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    // MARK: JPEG

    /// `progressive` with its last scan (header and data) repeated until there are `scans`
    /// scans: every repeat is one more pass over the whole coefficient buffer.
    public static func jpegScanBomb(from progressive: [UInt8], scans: Int = 1_500) -> [UInt8]? {
        let sos = markerOffsets(progressive, marker: 0xDA)
        guard let last = sos.last, progressive.count >= 2,
              progressive[progressive.count - 2] == 0xFF, progressive.last == 0xD9 else { return nil }
        let lastScan = progressive[last..<(progressive.count - 2)]
        var out = Array(progressive[..<(progressive.count - 2)])
        for _ in 0..<max(0, scans - sos.count) { out += lastScan }
        return out + [0xFF, 0xD9]
    }

    /// A JPEG cut at `fraction` of its length that still ends with an EOI marker, as a broken
    /// download "repaired" by a proxy would look.
    public static func truncatedJPEG(_ jpeg: [UInt8], fraction: Double = 0.6) -> [UInt8] {
        Array(jpeg.prefix(Int(Double(jpeg.count) * fraction))) + [0xFF, 0xD9]
    }

    /// Offsets of every `FF <marker>` outside entropy-coded data (segments are skipped by length).
    static func markerOffsets(_ b: [UInt8], marker: UInt8) -> [Int] {
        var found: [Int] = []
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let m = b[i + 1]
            if m == 0xFF || m == 0x00 || (0xD0...0xD7).contains(m) { i += 2; continue }
            if m == marker { found.append(i) }
            if m == 0xD9 { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            i += 2 + length
            if m == 0xDA {  // skip entropy-coded data up to the next real marker
                while i + 1 < b.count, !(b[i] == 0xFF && b[i + 1] != 0x00 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
            }
        }
        return found
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
