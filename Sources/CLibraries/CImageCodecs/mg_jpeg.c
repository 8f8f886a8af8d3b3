// mg_jpeg.c: libjpeg-turbo decode/encode behind setjmp guards.
// libjpeg's default error_exit calls exit() and its output_message writes to stderr: both are
// replaced. Every public function sets its own setjmp before touching libjpeg, so a longjmp only
// ever unwinds C frames of this file.
#include "mg_image.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

// Progressive files can carry thousands of tiny scans (a known CPU-exhaustion trick: 1,500
// scans at 16 MP cost seconds). Encoders write about 10; libjpeg-turbo's own tools allow 500.
#define MG_JPEG_MAX_SCANS 100

struct mg_error_mgr {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int damaged;  // a warning that means truncated or corrupt entropy data was seen
};

struct mg_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct mg_error_mgr err;
    struct jpeg_progress_mgr progress;
    int is_cmyk;
    int created;
    int max_scans;
    FILE *file;  // mg_jpeg_open_fd's stream (closed with the decoder), else NULL
    const mg_img_cancel *cancel;
};

static void mg_jpeg_error_exit(j_common_ptr cinfo) {
    struct mg_error_mgr *err = (struct mg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

// Never print. Warnings that mean the data is truncated or its entropy-coded part corrupt are
// remembered (libjpeg would carry on and paint grey) so the decode reports an error instead;
// benign ones (e.g. extraneous bytes before a marker, common in camera files) are ignored.
static void mg_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }
static void mg_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    struct mg_error_mgr *err = (struct mg_error_mgr *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (!err->damaged && (code == JWRN_JPEG_EOF || code == JWRN_HUFF_BAD_CODE || code == JWRN_MUST_RESYNC ||
                          code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION ||
                          code == JWRN_HIT_MARKER)) {
        err->damaged = 1;
        (*cinfo->err->format_message)(cinfo, err->message);
    }
}

// Runs between MCU rows and scans: the scan limit and the cancel flag are checked here.
static void mg_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        mg_jpeg_decoder *dec = (mg_jpeg_decoder *)d;  // cinfo is the first member
        struct mg_error_mgr *err = (struct mg_error_mgr *)cinfo->err;
        int max_scans = dec->max_scans > 0 ? dec->max_scans : MG_JPEG_MAX_SCANS;
        if (d->input_scan_number > max_scans) {
            snprintf(err->message, sizeof(err->message), "too many progressive scans (> %d)", max_scans);
            longjmp(err->jump, 1);
        }
        if (mg_img_cancel_is_raised(dec->cancel)) {
            snprintf(err->message, sizeof(err->message), "decode cancelled");
            longjmp(err->jump, 1);
        }
    }
}

// `max_memory` bounds what libjpeg may allocate for whole-image buffers (a progressive or
// multi-scan file keeps every DCT coefficient of the full-size picture, 2 bytes a sample, even
// when decoded at 1/8): with no backing store (jmemnobs), more fails at jpeg_start_decompress
// with JERR_NO_BACKING_STORE, before anything that large is allocated.
void mg_jpeg_set_limits(mg_jpeg_decoder *dec, const mg_img_limits *limits) {
    dec->max_scans = limits->max_scans;
    dec->cancel = limits->cancel;
    if (limits->max_memory > 0) dec->cinfo.mem->max_memory_to_use = limits->max_memory;
}

static void mg_jpeg_install_errors(struct jpeg_error_mgr *pub) {
    jpeg_std_error(pub);
    pub->error_exit = mg_jpeg_error_exit;
    pub->output_message = mg_jpeg_output_message;
    pub->emit_message = mg_jpeg_emit_message;
}

static mg_jpeg_decoder *mg_jpeg_open_source(const uint8_t *data, size_t len, FILE *file, mg_img_status *status);

mg_jpeg_decoder *mg_jpeg_open(const uint8_t *data, size_t len, mg_img_status *status) {
    return mg_jpeg_open_source(data, len, NULL, status);
}

// The file is read through libjpeg's stdio source (4 KB at a time) on a duplicate of `fd`, so a
// 4000x6000 photo decoded at 1/8 never has its 10+ MB of compressed bytes in memory at once.
mg_jpeg_decoder *mg_jpeg_open_fd(int fd, mg_img_status *status) {
    int copy = dup(fd);
    FILE *file = copy >= 0 ? fdopen(copy, "rb") : NULL;
    if (!file) {
        if (copy >= 0) close(copy);
        mg_img_set_status(status, MG_IMG_CORRUPT, "cannot read the file");
        return NULL;
    }
    return mg_jpeg_open_source(NULL, 0, file, status);
}

static mg_jpeg_decoder *mg_jpeg_open_source(const uint8_t *data, size_t len, FILE *file, mg_img_status *status) {
    mg_jpeg_decoder *dec = calloc(1, sizeof(*dec));
    if (!dec) {
        if (file) fclose(file);
        mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory");
        return NULL;
    }
    dec->file = file;
    dec->cinfo.err = &dec->err.pub;
    mg_jpeg_install_errors(&dec->err.pub);
    if (setjmp(dec->err.jump)) {
        mg_img_set_status(status, MG_IMG_CORRUPT, dec->err.message);
        mg_jpeg_close(dec);
        return NULL;
    }
    jpeg_create_decompress(&dec->cinfo);
    dec->created = 1;
    dec->progress.progress_monitor = mg_jpeg_progress;
    dec->cinfo.progress = &dec->progress;
    if (dec->file) jpeg_stdio_src(&dec->cinfo, dec->file);
    else jpeg_mem_src(&dec->cinfo, data, (unsigned long)len);
    jpeg_read_header(&dec->cinfo, TRUE);
    if (dec->cinfo.data_precision != 8) {
        mg_img_set_status(status, MG_IMG_UNSUPPORTED, "only 8-bit JPEG is supported");
        mg_jpeg_close(dec);
        return NULL;
    }
    J_COLOR_SPACE cs = dec->cinfo.jpeg_color_space;
    dec->is_cmyk = (cs == JCS_CMYK || cs == JCS_YCCK);
    dec->cinfo.out_color_space = dec->is_cmyk ? JCS_CMYK : JCS_RGB;
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return dec;
}

void mg_jpeg_info(const mg_jpeg_decoder *dec, int *width, int *height, int *components, int *is_cmyk) {
    *width = (int)dec->cinfo.image_width;
    *height = (int)dec->cinfo.image_height;
    *components = dec->cinfo.num_components;
    *is_cmyk = dec->is_cmyk;
}

int mg_jpeg_set_scale(mg_jpeg_decoder *dec, int denom, int *out_width, int *out_height,
                      mg_img_status *status) {
    if (setjmp(dec->err.jump)) {
        mg_img_set_status(status, MG_IMG_CORRUPT, dec->err.message);
        return -1;
    }
    // libjpeg's defaults stay (accurate integer IDCT, fancy chroma upsampling). Measured for
    // 300x450 thumbnails at 24x18/48x36 cells: JDCT_IFAST + plain upsampling saves ~0.03 ms
    // per picture but drops render_quality.py's box score from 56.1/54.0 to 46.9/45.5 dB and
    // the lanczos score below 36 dB; plain upsampling alone saves ~0.025 ms for -1.4/-2.2 dB.
    dec->cinfo.scale_num = 1;
    dec->cinfo.scale_denom = (unsigned)(denom == 2 || denom == 4 || denom == 8 ? denom : 1);
    jpeg_calc_output_dimensions(&dec->cinfo);
    *out_width = (int)dec->cinfo.output_width;
    *out_height = (int)dec->cinfo.output_height;
    return 0;
}

// Adobe writes CMYK inverted (0 = full ink); libjpeg hands the stored values through, so with
// the Adobe marker a sample is already "255 - ink" and R = C*K/255.
static void mg_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

int mg_jpeg_read_rgb(mg_jpeg_decoder *dec, uint8_t *rgb, mg_img_status *status) {
    uint8_t *volatile cmyk_row = NULL;
    if (setjmp(dec->err.jump)) {
        free(cmyk_row);
        if (dec->err.pub.msg_code == JERR_NO_BACKING_STORE) {
            char msg[200];
            snprintf(msg, sizeof(msg), "a progressive or multi-scan %ux%u JPEG needs more than %ld MB of decoder memory",
                     dec->cinfo.image_width, dec->cinfo.image_height, dec->cinfo.mem->max_memory_to_use >> 20);
            mg_img_set_status(status, MG_IMG_TOO_LARGE, msg);
            return -1;
        }
        return mg_img_fail(status, dec->cancel, dec->err.message);
    }
    jpeg_start_decompress(&dec->cinfo);
    int width = (int)dec->cinfo.output_width;
    size_t stride = (size_t)width * 3;
    if (dec->is_cmyk) {
        cmyk_row = malloc((size_t)width * 4);
        if (!cmyk_row) { mg_img_set_status(status, MG_IMG_NO_MEMORY, "out of memory"); return -1; }
    }
    while (dec->cinfo.output_scanline < dec->cinfo.output_height) {
        JDIMENSION y = dec->cinfo.output_scanline;
        if (dec->is_cmyk) {
            JSAMPROW row = cmyk_row;
            jpeg_read_scanlines(&dec->cinfo, &row, 1);
            mg_cmyk_row_to_rgb(cmyk_row, rgb + stride * y, width, dec->cinfo.saw_Adobe_marker);
        } else {
            // Up to one 4:2:0 iMCU row (16 lines) per call: fewer calls into the decoder.
            JSAMPROW rows[16];
            for (int i = 0; i < 16; i++) {
                JDIMENSION yy = y + (JDIMENSION)i;
                if (yy >= dec->cinfo.output_height) yy = dec->cinfo.output_height - 1;
                rows[i] = rgb + stride * yy;
            }
            JDIMENSION left = dec->cinfo.output_height - y;
            jpeg_read_scanlines(&dec->cinfo, rows, left < 16 ? left : 16);
        }
    }
    free(cmyk_row);
    cmyk_row = NULL;
    jpeg_finish_decompress(&dec->cinfo);
    if (dec->err.damaged) {
        // The rows are what libjpeg recovered (grey where data was missing): the caller may
        // show them but must not treat the file as good.
        mg_img_set_status(status, MG_IMG_DAMAGED, dec->err.message);
        return 1;
    }
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return 0;
}

void mg_jpeg_close(mg_jpeg_decoder *dec) {
    if (!dec) return;
    if (dec->created) jpeg_destroy_decompress(&dec->cinfo);
    if (dec->file) fclose(dec->file);
    free(dec);
}

int mg_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality, int full_chroma,
                   uint8_t **out, size_t *out_len, mg_img_status *status) {
    struct jpeg_compress_struct cinfo;
    struct mg_error_mgr err;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500 || (channels != 3 && channels != 1)) {
        mg_img_set_status(status, MG_IMG_UNSUPPORTED, "JPEG encode: bad size or channel count");
        return -1;
    }
    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = &err.pub;
    mg_jpeg_install_errors(&err.pub);
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        mg_img_set_status(status, MG_IMG_CORRUPT, err.message);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *mem = NULL;
    jpeg_mem_dest(&cinfo, &mem, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = channels;
    cinfo.in_color_space = channels == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    cinfo.optimize_coding = TRUE;
    if (full_chroma && channels == 3) {
        // Luma at the chroma's resolution: every component sampled 1x1 (4:4:4).
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)channels;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    buffer = mem;
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_len = (size_t)size;
    mg_img_set_status(status, MG_IMG_OK, NULL);
    return 0;
}
