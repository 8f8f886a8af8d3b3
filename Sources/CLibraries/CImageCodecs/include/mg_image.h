// mg_image.h: setjmp-guarded codec shims for ImageCore (libjpeg-turbo, libpng, giflib).
//
// Every entry point catches its library's fatal errors inside C (setjmp/longjmp never crosses
// a Swift frame) and reports them through `mg_img_status`. Warning and error output handlers
// are replaced, so the libraries never write to stderr.
//
// Decoding is two-phase so Swift can check the pixel limit from the header and allocate the
// destination itself: open (header only) -> size -> read into a caller buffer -> close.
// Output pixels are always packed 8-bit RGB, alpha composited over the given background.
#ifndef MG_IMAGE_H
#define MG_IMAGE_H

#include <stddef.h>
#include <stdint.h>

enum {
    MG_IMG_OK = 0,
    MG_IMG_CORRUPT = 1,      // the library rejected the data (truncated, bad marker, CRC...)
    MG_IMG_UNSUPPORTED = 2,  // valid but unsupported variant (e.g. 12-bit JPEG)
    MG_IMG_NO_MEMORY = 3,
    MG_IMG_TOO_LARGE = 4,    // a dimension beyond what the shim accepts
    MG_IMG_CANCELLED = 5,    // the cancel flag was raised between rows, scans or frames
    MG_IMG_DAMAGED = 6,      // pixels were written, but the library reported damaged data
};

/// A cancel flag a decode polls between rows/scans (an atomic int behind an opaque pointer, so
/// another thread may raise it while the decode runs). Create, share, raise, free.
typedef struct mg_img_cancel mg_img_cancel;
mg_img_cancel *mg_img_cancel_new(void);
void mg_img_cancel_raise(mg_img_cancel *flag);
int mg_img_cancel_is_raised(const mg_img_cancel *flag);
void mg_img_cancel_free(mg_img_cancel *flag);

/// Work limits a decoder checks before and while decoding (0 = the shim's default).
typedef struct mg_img_limits {
    long max_pixels;          // per frame and per canvas, from the headers
    int max_scans;            // JPEG progressive scans
    const mg_img_cancel *cancel;  // may be NULL
    long max_memory;          // JPEG: bytes libjpeg may hold for whole-image buffers (0 = no limit)
} mg_img_limits;

typedef struct mg_img_status {
    int code;
    char message[200];
} mg_img_status;

// MARK: JPEG (mg_jpeg.c)
typedef struct mg_jpeg_decoder mg_jpeg_decoder;
/// Reads the header. `data` must stay valid until mg_jpeg_close. NULL on error.
mg_jpeg_decoder *mg_jpeg_open(const uint8_t *data, size_t len, mg_img_status *status);
/// Reads the header from the open file `fd` (from its current offset), streaming the rest on
/// demand instead of holding the file in memory; `fd` is duplicated, the caller keeps its own.
mg_jpeg_decoder *mg_jpeg_open_fd(int fd, mg_img_status *status);
/// Source size, component count and whether the data is CMYK/YCCK.
void mg_jpeg_info(const mg_jpeg_decoder *dec, int *width, int *height, int *components, int *is_cmyk);
/// Chooses DCT-domain scaling 1/denom (denom in 1,2,4,8) and reports the output size.
int mg_jpeg_set_scale(mg_jpeg_decoder *dec, int denom, int *out_width, int *out_height,
                      mg_img_status *status);
/// Applies scan and cancel limits (call before mg_jpeg_read_rgb).
void mg_jpeg_set_limits(mg_jpeg_decoder *dec, const mg_img_limits *limits);
/// Decodes into `rgb` (out_width*out_height*3 bytes, rows packed). Returns 0, -1 on failure,
/// or 1 when the picture was decoded but libjpeg warned of truncated/corrupt data (status
/// MG_IMG_DAMAGED: the pixels are what could be recovered).
int mg_jpeg_read_rgb(mg_jpeg_decoder *dec, uint8_t *rgb, mg_img_status *status);
void mg_jpeg_close(mg_jpeg_decoder *dec);
/// Encodes packed RGB (channels 3) or grey (channels 1). *out is malloc'd: free with mg_img_free.
/// `full_chroma`: 4:4:4 instead of libjpeg's default 4:2:0 (small pictures keep their colour edges).
int mg_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality, int full_chroma,
                   uint8_t **out, size_t *out_len, mg_img_status *status);

// MARK: PNG (mg_png.c)
typedef struct mg_png_decoder mg_png_decoder;
mg_png_decoder *mg_png_open(const uint8_t *data, size_t len, mg_img_status *status);
void mg_png_info(const mg_png_decoder *dec, int *width, int *height, int *has_alpha);
/// Applies the cancel flag (checked after every row); call before reading.
void mg_png_set_limits(mg_png_decoder *dec, const mg_img_limits *limits);
/// Decodes every colour type/bit depth/interlace to RGB, alpha composited over (bg_r,bg_g,bg_b).
int mg_png_read_rgb(mg_png_decoder *dec, uint8_t *rgb, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                    mg_img_status *status);
/// Same, keeping alpha: `rgba` gets width*height*4 bytes.
int mg_png_read_rgba(mg_png_decoder *dec, uint8_t *rgba, mg_img_status *status);
void mg_png_close(mg_png_decoder *dec);
/// Encodes packed RGB (channels 3) or RGBA (channels 4), 8-bit. *out is malloc'd.
/// `level` 0-9 (-1: libpng's default); `filter` one of PNG's filter masks (0: libpng's default);
/// `rle`: zlib's run-length strategy (Z_RLE) instead of its default match search.
int mg_png_encode(const uint8_t *pixels, int width, int height, int channels, int level, int filter, int rle,
                  uint8_t **out, size_t *out_len, mg_img_status *status);

// MARK: GIF (mg_gif.c), first frame only
typedef struct mg_gif_decoder mg_gif_decoder;
mg_gif_decoder *mg_gif_open(const uint8_t *data, size_t len, mg_img_status *status);
void mg_gif_info(const mg_gif_decoder *dec, int *width, int *height);
/// Applies the frame pixel limit (a frame may be larger than its canvas) and the cancel flag.
void mg_gif_set_limits(mg_gif_decoder *dec, const mg_img_limits *limits);
int mg_gif_read_rgb(mg_gif_decoder *dec, uint8_t *rgb, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                    mg_img_status *status);
void mg_gif_close(mg_gif_decoder *dec);

void mg_img_free(void *p);

// MARK: versions (mg_versions.c) of the codec libraries this program runs with, for `doctor`.
/// Each returns a static string; never NULL.
const char *mg_img_version_jpeg(void);
const char *mg_img_version_png(void);
const char *mg_img_version_gif(void);

// Internal helpers shared by the codec files.
void mg_img_set_status(mg_img_status *status, int code, const char *message);
/// A library error unwound to a read: CANCELLED when the cancel flag is up (the library was
/// stopped on purpose), else CORRUPT with the library's message. Returns -1.
int mg_img_fail(mg_img_status *status, const mg_img_cancel *cancel, const char *message);

/// Gives every allocation of `threshold` bytes or more its own mapping, returned to the
/// system on free (glibc's M_MMAP_THRESHOLD; fixing it also stops glibc from raising it to the
/// largest block freed). Decoded pictures are such blocks. Returns 0 where it cannot be set.
int mg_map_large_blocks(size_t threshold);

#endif
