// Codec library versions for `marvel-gallery doctor`: what a user pastes into a bug report.
#include "mg_image.h"

#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>

#define MG_STR2(x) #x
#define MG_STR(x) MG_STR2(x)

const char *mg_img_version_jpeg(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return "libjpeg-turbo " MG_STR(LIBJPEG_TURBO_VERSION) " (jpeglib " MG_STR(JPEG_LIB_VERSION) ")";
#else
    return "libjpeg " MG_STR(JPEG_LIB_VERSION);
#endif
}

const char *mg_img_version_png(void) {
    static char buf[64];
    snprintf(buf, sizeof buf, "libpng %s (headers %s)", png_get_libpng_ver(NULL), PNG_LIBPNG_VER_STRING);
    return buf;
}

const char *mg_img_version_gif(void) {
    return "giflib " MG_STR(GIFLIB_MAJOR) "." MG_STR(GIFLIB_MINOR) "." MG_STR(GIFLIB_RELEASE);
}
