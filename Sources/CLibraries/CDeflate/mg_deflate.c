// mg_deflate.c: see mg_deflate.h.
#include "mg_deflate.h"

#include <limits.h>
#include <string.h>
#include <zlib.h>

size_t mg_deflate_piece_bound(size_t length) {
    // deflateBound's worst case for raw deflate, plus the sync flush's marker (3 bits, padding,
    // then 00 00 ff ff) and a block header the flush may have to close first.
    return compressBound((uLong)length) + 16;
}

size_t mg_deflate_piece(const uint8_t *input, size_t length, const uint8_t *dictionary, size_t dictionary_length,
                        int level, uint8_t *output, size_t capacity) {
    if (length > UINT_MAX || capacity > UINT_MAX || capacity < mg_deflate_piece_bound(length)) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // -15: raw deflate with a 32 KB window (the pieces are stitched under our own gzip header).
    if (deflateInit2(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    // Only the last 32 KB (the window) can be referred to, by zlib as by the decoder.
    if (dictionary != NULL && dictionary_length > 0) {
        if (dictionary_length > 32768) {
            dictionary += dictionary_length - 32768;
            dictionary_length = 32768;
        }
        if (deflateSetDictionary(&stream, dictionary, (uInt)dictionary_length) != Z_OK) {
            deflateEnd(&stream);
            return 0;
        }
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, Z_SYNC_FLUSH);
    size_t written = capacity - stream.avail_out;
    // Everything consumed and room left over: the flush completed (zlib.h, Z_SYNC_FLUSH).
    int complete = status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0;
    deflateEnd(&stream);
    return complete ? written : 0;
}

uint32_t mg_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    return (uint32_t)crc32_z(crc, bytes, length);
}

uint32_t mg_crc32_combine_gen(size_t second_length) {
    return (uint32_t)crc32_combine_gen((z_off_t)second_length);
}

uint32_t mg_crc32_combine_op(uint32_t first, uint32_t second, uint32_t op) {
    return (uint32_t)crc32_combine_op(first, second, op);
}

size_t mg_zlib_bound(size_t length) { return compressBound((uLong)length); }

size_t mg_zlib_compress(const uint8_t *input, size_t length, int level, uint8_t *output, size_t capacity) {
    if (length > ULONG_MAX || capacity < mg_zlib_bound(length)) return 0;
    uLongf written = (uLongf)capacity;
    if (compress2(output, &written, input, (uLong)length, level) != Z_OK) return 0;
    return (size_t)written;
}
