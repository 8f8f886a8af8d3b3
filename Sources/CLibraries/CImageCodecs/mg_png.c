// mg_png.c: libpng decode/encode behind setjmp guards (classic API: it gives raw sample values,
// ignores gAMA like the other decoders in this project, and handles every colour type).
// The error handler longjmps back into the public function that is running; the warning
// handler is silent, so libpng never writes to stderr.
#include "mg_image.h"
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <png.h>
#include <zlib.h>

/// Where libpng's fatal errors land: its message, and the setjmp of the public function running.
struct mg_png_guard {
    jmp_buf jump;
    char message[200];
};

static void mg_png_error(png_structp png, png_const_charp msg) {
    struct mg_png_guard *guard = png_get_error_ptr(png);
    strncpy(guard->message, msg ? msg : "libpng error", sizeof(guard->message) - 1);
    longjmp(guard->jump, 1);
}

struct mg_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t len, pos;
    int width, height, has_alpha;
    const mg_img_cancel *cancel;
    struct mg_png_guard guard;
};
static void mg_png_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void mg_png_read_data(png_structp png, png_bytep out, size_t count) {
    struct mg_png_decoder *dec = png_get_io_ptr(png);
    if (count > dec->len - dec->pos) png_error(png, "unexpected end of PNG data");
    memcpy(out, dec->data + dec->pos, count);
    dec->pos += count;
}

mg_png_decoder *mg_png_open(const uint8_t *data, size_t len, mg_img_status *status) {
    mg_png_decoder *dec = calloc(1, sizeof(*dec));
    if (!dec) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return NULL; }
    dec->data = data;
    dec->len = len;
    dec->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &dec->guard, mg_png_error, mg_png_warning);
    if (!dec->png) { free(dec); mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return NULL; }
    if (setjmp(dec->guard.jump)) {
        mg_img_set_status(status, MG_IMG_CORRUPT, dec->guard.message);
        mg_png_close(dec);
        return NULL;
    }
    dec->info = png_create_info_struct(dec->png);
    if (!dec->info) png_error(dec->png, "out of memory");
    png_set_read_fn(dec->png, dec, mg_png_read_data);
    // Bound what a hostile file can make libpng allocate before we see the size.
    png_set_user_limits(dec->png, 1000000, 1000000);
    png_set_chunk_malloc_max(dec->png, 8u * 1024 * 1024);
    png_set_chunk_cache_max(dec->png, 128);
    // Text chunks are never shown: discard them unread (handled as unknown, never kept), so
    // 200 zTXt chunks that inflate to 15 MB each cost neither memory nor inflate time.
    static const png_byte text_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0};
    png_set_keep_unknown_chunks(dec->png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    png_read_info(dec->png, dec->info);

    png_uint_32 w, h;
    int depth, color_type, interlace;
    png_get_IHDR(dec->png, dec->info, &w, &h, &depth, &color_type, &interlace, NULL, NULL);
    dec->width = (int)w;
    dec->height = (int)h;
    int trns = png_get_valid(dec->png, dec->info, PNG_INFO_tRNS) != 0;
    dec->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || trns;

    // Everything to 8-bit RGBA: palette -> RGB, grey < 8 bits -> 8, tRNS -> alpha,
    // 16 -> 8 bits with rounding (v * 255 / 65535), grey -> RGB, opaque filler alpha.
    png_set_expand(dec->png);
    if (depth == 16) png_set_scale_16(dec->png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(dec->png);
    if (!dec->has_alpha) png_set_filler(dec->png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(dec->png);
    png_read_update_info(dec->png, dec->info);
    if (png_get_rowbytes(dec->png, dec->info) != (size_t)w * 4)
        png_error(dec->png, "unexpected row layout after transforms");
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return dec;
}

// Called by libpng after every row (inside its error context, so png_error unwinds safely).
static void mg_png_row_done(png_structp png, png_uint_32 row, int pass) {
    (void)row; (void)pass;
    struct mg_png_decoder *dec = png_get_io_ptr(png);
    if (mg_img_cancel_is_raised(dec->cancel)) png_error(png, "decode cancelled");
}

void mg_png_set_limits(mg_png_decoder *dec, const mg_img_limits *limits) {
    dec->cancel = limits->cancel;
    if (dec->cancel) png_set_read_status_fn(dec->png, mg_png_row_done);
}

void mg_png_info(const mg_png_decoder *dec, int *width, int *height, int *has_alpha) {
    *width = dec->width;
    *height = dec->height;
    *has_alpha = dec->has_alpha;
}

int mg_png_read_rgba(mg_png_decoder *dec, uint8_t *rgba, mg_img_status *status) {
    png_bytep *volatile rows = NULL;
    if (setjmp(dec->guard.jump)) {
        free(rows);
        return mg_img_fail(status, dec->cancel, dec->guard.message);
    }
    rows = malloc(sizeof(png_bytep) * (size_t)dec->height);
    if (!rows) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return -1; }
    for (int y = 0; y < dec->height; y++) rows[y] = rgba + (size_t)y * (size_t)dec->width * 4;
    png_read_image(dec->png, rows);
    free(rows);
    rows = NULL;
    // png_read_end is not called: chunks after the pixels are never parsed, so they cost nothing.
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return 0;
}

int mg_png_read_rgb(mg_png_decoder *dec, uint8_t *rgb, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                    mg_img_status *status) {
    size_t n = (size_t)dec->width * (size_t)dec->height;
    uint8_t *rgba = malloc(n * 4);
    if (!rgba) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return -1; }
    if (mg_png_read_rgba(dec, rgba, status) != 0) { free(rgba); return -1; }
    const int bg[3] = {bg_r, bg_g, bg_b};
    for (size_t i = 0; i < n; i++) {
        int a = rgba[4 * i + 3];
        for (int c = 0; c < 3; c++) {
            int v = rgba[4 * i + c];
            rgb[3 * i + c] = (uint8_t)((v * a + bg[c] * (255 - a) + 127) / 255);
        }
    }
    free(rgba);
    return 0;
}

void mg_png_close(mg_png_decoder *dec) {
    if (!dec) return;
    if (dec->png) png_destroy_read_struct(&dec->png, dec->info ? &dec->info : NULL, NULL);
    free(dec);
}

// MARK: encode

struct mg_png_writer {
    uint8_t *buf;
    size_t len, cap;
    int failed;
    struct mg_png_guard guard;
};

static void mg_png_write_data(png_structp png, png_bytep data, size_t count) {
    struct mg_png_writer *w = png_get_io_ptr(png);
    if (w->len + count > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + count) cap *= 2;
        uint8_t *grown = realloc(w->buf, cap);
        if (!grown) png_error(png, "out of memory");
        w->buf = grown;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, data, count);
    w->len += count;
}
static void mg_png_flush(png_structp png) { (void)png; }

int mg_png_encode(const uint8_t *pixels, int width, int height, int channels, int level, int filter, int rle,
                  uint8_t **out, size_t *out_len, mg_img_status *status) {
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || (channels != 3 && channels != 4)) {
        mg_img_set_status(status, MG_IMG_UNSUPPORTED, "PNG encode: bad size or channel count");
        return -1;
    }
    struct mg_png_writer *w = calloc(1, sizeof(*w));
    if (!w) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return -1; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w->guard, mg_png_error, mg_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        free(w);
        mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory");
        return -1;
    }
    if (setjmp(w->guard.jump)) {
        png_destroy_write_struct(&png, &info);
        mg_img_set_status(status, MG_IMG_CORRUPT, w->guard.message);
        free(w->buf);
        free(w);
        return -1;
    }
    png_set_write_fn(png, w, mg_png_write_data, mg_png_flush);
    if (level >= 0 && level <= 9) png_set_compression_level(png, level);
    if (filter != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    if (rle) png_set_compression_strategy(png, Z_RLE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + stride * (size_t)y));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = w->buf;
    *out_len = w->len;
    free(w);
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return 0;
}
