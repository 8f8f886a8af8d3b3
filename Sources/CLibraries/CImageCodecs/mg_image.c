// mg_image.c: helpers shared by the codec shims (mg_jpeg.c, mg_png.c, mg_gif.c).
#include "mg_image.h"
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>

struct mg_img_cancel { atomic_int raised; };

mg_img_cancel *mg_img_cancel_new(void) { return calloc(1, sizeof(mg_img_cancel)); }
void mg_img_cancel_raise(mg_img_cancel *flag) { if (flag) atomic_store(&flag->raised, 1); }
int mg_img_cancel_is_raised(const mg_img_cancel *flag) {
    return flag ? atomic_load(&((mg_img_cancel *)flag)->raised) : 0;
}
void mg_img_cancel_free(mg_img_cancel *flag) { free(flag); }

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

int mg_img_fail(mg_img_status *status, const mg_img_cancel *cancel, const char *message) {
    mg_img_set_status(status, mg_img_cancel_is_raised(cancel) ? MG_IMG_CANCELLED : MG_IMG_CORRUPT, message);
    return -1;
}
