// mg_sixel.h: the sixel stream of indexed pixels (mg_sixel.c), byte for byte what libsixel's
// sixel_encode writes for them, at a cost linear in the pixels (see mg_sixel.c for why).
#ifndef MG_SIXEL_H
#define MG_SIXEL_H

#include <stdint.h>

/// The sixel stream (DCS … ST) of `indices` (width x height palette numbers, row by row;
/// numbers at or above `ncolors` are left transparent), with `palette` (ncolors RGB triples,
/// 1 ≤ ncolors ≤ 256) as its colour registers. Returns the length and sets `*result` to bytes
/// the caller frees with mg_sixel_free, or returns -1 (bad argument, no memory).
long mg_sixel_encode(const uint8_t *indices, int width, int height, const uint8_t *palette, int ncolors,
                     uint8_t **result);
void mg_sixel_free(uint8_t *bytes);

#endif
