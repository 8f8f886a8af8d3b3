// mg_gif.c: first frame of a GIF through giflib. giflib reports errors by return code (no
// longjmp, no stderr), so this file only turns them into mg_img_status and clips the frame.
#include "mg_image.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <gif_lib.h>

struct mg_gif_decoder {
    GifFileType *gif;
    const uint8_t *data;
    size_t len, pos;
    long max_pixels;              // per frame; 0 = no limit beyond giflib's own
    const mg_img_cancel *cancel;
};

void mg_gif_set_limits(mg_gif_decoder *dec, const mg_img_limits *limits) {
    dec->max_pixels = limits->max_pixels;
    dec->cancel = limits->cancel;
}

static int mg_gif_input(GifFileType *gif, GifByteType *out, int count) {
    struct mg_gif_decoder *dec = gif->UserData;
    size_t left = dec->len - dec->pos;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > left) n = left;
    memcpy(out, dec->data + dec->pos, n);
    dec->pos += n;
    return (int)n;
}

static void mg_gif_fail(mg_img_status *status, int code, const char *what) {
    const char *reason = GifErrorString(code);
    char msg[200];
    snprintf(msg, sizeof(msg), "%s: %s", what, reason ? reason : "GIF error");
    mg_img_set_status(status, MG_IMG_CORRUPT, msg);
}

mg_gif_decoder *mg_gif_open(const uint8_t *data, size_t len, mg_img_status *status) {
    mg_gif_decoder *dec = calloc(1, sizeof(*dec));
    if (!dec) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return NULL; }
    dec->data = data;
    dec->len = len;
    int err = 0;
    dec->gif = DGifOpen(dec, mg_gif_input, &err);
    if (!dec->gif) {
        mg_gif_fail(status, err, "GIF header");
        free(dec);
        return NULL;
    }
    if (dec->gif->SWidth <= 0 || dec->gif->SHeight <= 0) {
        mg_img_set_status(status, MG_IMG_CORRUPT, "GIF header: empty canvas");
        mg_gif_close(dec);
        return NULL;
    }
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return dec;
}

void mg_gif_info(const mg_gif_decoder *dec, int *width, int *height) {
    *width = dec->gif->SWidth;
    *height = dec->gif->SHeight;
}

int mg_gif_read_rgb(mg_gif_decoder *dec, uint8_t *rgb, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                    mg_img_status *status) {
    GifFileType *gif = dec->gif;
    const int cw = gif->SWidth, ch = gif->SHeight;
    for (size_t i = 0; i < (size_t)cw * (size_t)ch; i++) {
        rgb[3 * i] = bg_r; rgb[3 * i + 1] = bg_g; rgb[3 * i + 2] = bg_b;
    }
    int transparent = -1;
    GifRecordType type;
    for (;;) {
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) { mg_gif_fail(status, gif->Error, "GIF record"); return -1; }
        if (type == TERMINATE_RECORD_TYPE) {
            mg_img_set_status(status, MG_IMG_CORRUPT, "GIF has no image frame");
            return -1;
        }
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) { mg_gif_fail(status, gif->Error, "GIF extension"); return -1; }
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4) {
                GraphicsControlBlock gcb;
                if (DGifExtensionToGCB(ext[0], ext + 1, &gcb) == GIF_OK) transparent = gcb.TransparentColor;
            }
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) { mg_gif_fail(status, gif->Error, "GIF extension"); return -1; }
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { mg_gif_fail(status, gif->Error, "GIF image descriptor"); return -1; }
        break;
    }
    GifImageDesc *d = &gif->Image;
    ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
    if (!map) { mg_img_set_status(status, MG_IMG_CORRUPT, "GIF has no colour map"); return -1; }
    if (d->Width <= 0 || d->Height <= 0) { mg_img_set_status(status, MG_IMG_CORRUPT, "GIF frame is empty"); return -1; }
    // A frame may be far larger than its canvas (a 100x100 canvas with a 65535x65535 frame
    // decodes 4 G pixels to show 10 k): the frame's own size is bounded like the canvas.
    if (dec->max_pixels > 0 && (long long)d->Width * d->Height > dec->max_pixels) {
        char msg[200];
        snprintf(msg, sizeof(msg), "GIF frame %dx%d exceeds the limit of %ld pixels", d->Width, d->Height,
                 dec->max_pixels);
        mg_img_set_status(status, MG_IMG_TOO_LARGE, msg);
        return -1;
    }
    GifPixelType *line = malloc((size_t)d->Width);
    if (!line) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return -1; }
    static const int start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
    int passes = d->Interlace ? 4 : 1;
    for (int p = 0; p < passes; p++) {
        int y0 = d->Interlace ? start[p] : 0, dy = d->Interlace ? step[p] : 1;
        for (int fy = y0; fy < d->Height; fy += dy) {
            // Rows below the canvas are never shown: a progressive frame stops there.
            if (!d->Interlace && d->Top + fy >= ch) break;
            if ((fy & 63) == 0 && mg_img_cancel_is_raised(dec->cancel)) {
                free(line);
                mg_img_set_status(status, MG_IMG_CANCELLED, "decode cancelled");
                return -1;
            }
            if (DGifGetLine(gif, line, d->Width) == GIF_ERROR) {
                free(line);
                mg_gif_fail(status, gif->Error, "GIF pixel data");
                return -1;
            }
            int y = d->Top + fy;
            if (y < 0 || y >= ch) continue;
            uint8_t *row = rgb + (size_t)y * (size_t)cw * 3;
            for (int fx = 0; fx < d->Width; fx++) {
                int x = d->Left + fx;
                int idx = line[fx];
                if (x < 0 || x >= cw || idx == transparent || idx >= map->ColorCount) continue;
                GifColorType c = map->Colors[idx];
                row[3 * x] = c.Red; row[3 * x + 1] = c.Green; row[3 * x + 2] = c.Blue;
            }
        }
    }
    free(line);
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return 0;
}

void mg_gif_close(mg_gif_decoder *dec) {
    if (!dec) return;
    int err;
    if (dec->gif) DGifCloseFile(dec->gif, &err);
    free(dec);
}
