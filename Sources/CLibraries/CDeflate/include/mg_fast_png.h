// mg_fast_png.h: the PNG that kitty pictures travel as (`f=100`), written in one pass over a
// contiguous buffer: every row Up-filtered, one zlib stream deflated by ISA-L's igzip at level 1,
// one IDAT. libpng with zlib's level 1 does the same job row by row, and that deflate would be
// half of the program's CPU in `render`; libdeflate's level 1 takes twice igzip's time.
#ifndef MG_FAST_PNG_H
#define MG_FAST_PNG_H

#include <stddef.h>
#include <stdint.h>

/// The most bytes `mg_fast_png` writes for a `width` x `height` picture of `channels` (3: RGB,
/// 4: RGBA) 8-bit samples; 0 when the size is out of range.
size_t mg_fast_png_bound(int width, int height, int channels);

/// Writes the PNG of `pixels` (packed rows, `channels` samples a pixel) to `output`; the bytes
/// written, or 0 on failure (bad size, `capacity` below the bound, no memory).
size_t mg_fast_png(const uint8_t *pixels, int width, int height, int channels, uint8_t *output, size_t capacity);

#endif
