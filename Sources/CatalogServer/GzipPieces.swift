import CDeflate
import NIOCore

/// Bytes deflated once and stitched into many gzip answers (as pigz joins its blocks): raw
/// deflate that ends on a byte boundary after a sync flush, with its CRC-32 and length, so a
/// page of 100 entities is their pieces copied one after another and a CRC combined 100 times,
/// instead of 250 KB compressed again for every request.
struct DeflatePiece: Sendable {
    /// The deflate blocks without the sync flush's last four bytes (00 00 ff ff): the stream
    /// stops inside an empty stored block's header, so whatever follows first writes that
    /// stored block's length (`GzipStitcher`), either zero or the length of glue bytes.
    let open: [UInt8]
    let crc: UInt32
    let count: Int
    /// `count` as zlib's CRC combination operator, so stitching combines with one multiplication.
    let crcShift: UInt32

    /// zlib's default level: paid once per piece, so the smallest answers win (the whole-page
    /// compression of other answers uses the fastest level instead).
    static let level: Int32 = 6

    /// `bytes` deflated alone, or as the continuation of `after`: the piece then refers back into
    /// those bytes, so it is only valid right after them in the stream. Entities alone compress
    /// to three times what a whole page does (each repeats the keys and URLs its neighbours
    /// already sent); after their neighbour, within a fifth of it. nil when zlib fails (no memory).
    init?(_ bytes: [UInt8], after: [UInt8] = []) {
        let bound = mg_deflate_piece_bound(bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBufferPointer { input in
            after.withUnsafeBufferPointer { dictionary in
                output.withUnsafeMutableBufferPointer { out in
                    mg_deflate_piece(input.baseAddress, input.count, dictionary.baseAddress, dictionary.count,
                                     Self.level, out.baseAddress, out.count)
                }
            }
        }
        guard written >= 4, output[written - 4..<written].elementsEqual([0x00, 0x00, 0xFF, 0xFF]) else { return nil }
        open = Array(output[0..<(written - 4)])
        crc = bytes.withUnsafeBufferPointer { mg_crc32(0, $0.baseAddress, $0.count) }
        count = bytes.count
        crcShift = mg_crc32_combine_gen(bytes.count)
    }
}

/// One gzip member (RFC 1952) written from deflate pieces and uncompressed glue between them
/// (the envelope, the commas): the glue goes in stored blocks, the CRC-32 is combined from the
/// pieces' own, and the stream ends with an empty final block and the trailer.
struct GzipStitcher {
    private(set) var output: ByteBuffer
    private var crc: UInt32 = 0
    private var count = 0
    /// The last piece stopped inside a stored block's header (`DeflatePiece.open`).
    private var awaitingStoredLength = false

    /// The header: deflate, no name or time, from a Unix system.
    init(capacity: Int) {
        output = ByteBuffer()
        output.reserveCapacity(capacity + 32)
        output.writeBytes([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
    }

    /// Uncompressed bytes, in stored blocks of at most 65,535 bytes.
    mutating func appendStored(_ bytes: UnsafeRawBufferPointer) {
        crc = mg_crc32(crc, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        count += bytes.count
        var rest = bytes[...]
        repeat {
            let chunk = rest.prefix(65_535)
            if !awaitingStoredLength { output.writeInteger(UInt8(0)) }  // BFINAL 0, BTYPE 00, padding
            awaitingStoredLength = false
            output.writeInteger(UInt16(chunk.count), endianness: .little)
            output.writeInteger(~UInt16(chunk.count), endianness: .little)
            output.writeBytes(UnsafeRawBufferPointer(rebasing: chunk))
            rest = rest.dropFirst(chunk.count)
        } while !rest.isEmpty
    }

    mutating func appendStored(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { appendStored($0) }
    }

    mutating func append(_ piece: DeflatePiece) {
        closeStoredBlock()
        output.writeBytes(piece.open)
        awaitingStoredLength = true
        crc = mg_crc32_combine_op(crc, piece.crc, piece.crcShift)
        count += piece.count
    }

    /// The final empty block (fixed Huffman: BFINAL 1, BTYPE 01, end-of-block), CRC-32 and size.
    mutating func finish() -> ByteBuffer {
        closeStoredBlock()
        output.writeBytes([0x03, 0x00])
        output.writeInteger(crc, endianness: .little)
        output.writeInteger(UInt32(truncatingIfNeeded: count), endianness: .little)
        return output
    }

    /// Ends a piece's pending stored block as an empty one (its 00 00 ff ff).
    private mutating func closeStoredBlock() {
        guard awaitingStoredLength else { return }
        output.writeBytes([0x00, 0x00, 0xFF, 0xFF])
        awaitingStoredLength = false
    }
}
