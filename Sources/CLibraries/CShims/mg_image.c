// mg_image.c: helpers shared by the codec shims (mg_jpeg.c, mg_png.c, mg_gif.c).
#include "mg_image.h"
#include <stdlib.h>
#include <string.h>

void mg_img_set_status(mg_img_status *status, int code, const char *message) {
    if (!status) return;
    status->code = code;
    if (message) {
        strncpy(status->message, message, sizeof(status->message) - 1);
        status->message[sizeof(status->message) - 1] = 0;
    } else {
        status->message[0] = 0;
    }
}

void mg_img_free(void *p) { free(p); }
