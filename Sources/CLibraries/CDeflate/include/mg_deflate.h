// mg_deflate.h: the zlib calls behind gzip answers stitched from pieces compressed once
// (pigz-style): raw deflate pieces that end on a byte boundary, CRC-32 and its combination.
// Plain integer and byte-pointer types only, so Swift never sees zlib's own header (compress-nio
// brings one module of it already).
#ifndef MG_DEFLATE_H
#define MG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// The most bytes `mg_deflate_piece` writes for `length` input bytes.
size_t mg_deflate_piece_bound(size_t length);

/// Raw deflate (no zlib or gzip wrapper) of `input` at `level` (1-9), finished with a sync
/// flush: the piece is not final, ends on a byte boundary, and its last four bytes are the
/// empty stored block's 00 00 ff ff. With a `dictionary` (may be NULL), the piece may refer back
/// into it: valid only where exactly those bytes come right before the piece's output.
/// Returns the bytes written to `output`, or 0 on failure (no memory, or `capacity` below
/// `mg_deflate_piece_bound(length)`).
size_t mg_deflate_piece(const uint8_t *input, size_t length, const uint8_t *dictionary, size_t dictionary_length,
                        int level, uint8_t *output, size_t capacity);

/// CRC-32 (gzip's) of `length` bytes continuing from `crc` (0 to start).
uint32_t mg_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// The operator that combines a CRC-32 with one of `second_length` bytes (zlib's
/// crc32_combine_gen): made once per piece, so each later combination is one multiplication.
uint32_t mg_crc32_combine_gen(size_t second_length);

/// The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length as its operator
/// (`mg_crc32_combine_gen`): zlib's crc32_combine_op.
uint32_t mg_crc32_combine_op(uint32_t first, uint32_t second, uint32_t op);

/// The most bytes `mg_zlib_compress` writes for `length` input bytes (zlib's compressBound).
size_t mg_zlib_bound(size_t length);

/// One zlib stream (RFC 1950: header, deflate, Adler-32) of `input` at `level` (1-9), what
/// kitty's `o=z` takes: `marvel-bench render` weighs it against a fast PNG for kitty pictures.
/// Returns the bytes written to `output`, or 0 on failure (no memory, or `capacity` below
/// `mg_zlib_bound(length)`).
size_t mg_zlib_compress(const uint8_t *input, size_t length, int level, uint8_t *output, size_t capacity);

#endif
