// Library versions for `marvel-gallery doctor`: what a user pastes into a bug report.
#define _GNU_SOURCE
#include "mg_terminal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <curl/curl.h>
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>

#define MG_STR2(x) #x
#define MG_STR(x) MG_STR2(x)

const char *mg_doctor_curl_version(void) {
    const char *v = curl_version();
    return v ? v : "";
}

const char *mg_doctor_jpeg_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return "libjpeg-turbo " MG_STR(LIBJPEG_TURBO_VERSION) " (jpeglib " MG_STR(JPEG_LIB_VERSION) ")";
#else
    return "libjpeg " MG_STR(JPEG_LIB_VERSION);
#endif
}

const char *mg_doctor_png_version(void) {
    static char buf[64];
    snprintf(buf, sizeof buf, "libpng %s (headers %s)", png_get_libpng_ver(NULL), PNG_LIBPNG_VER_STRING);
    return buf;
}

const char *mg_doctor_gif_version(void) {
    return "giflib " MG_STR(GIFLIB_MAJOR) "." MG_STR(GIFLIB_MINOR) "." MG_STR(GIFLIB_RELEASE);
}

const char *mg_doctor_sqlite_version(void) {
    // Looked up at run time: SQLite comes in through GRDB, which this C target does not link.
    const char *(*fn)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "sqlite3_libversion");
    return fn ? fn() : "";
}
