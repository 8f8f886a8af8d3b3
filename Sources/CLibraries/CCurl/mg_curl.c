// libcurl opened on first use (see mg_curl.h for why it is not linked).
#include "mg_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct mg_curl_api loaded;
static const struct mg_curl_api *api;
static char load_error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int resolve(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot) return 1;
    snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s", name);
    return 0;
}

static void load(void) {
    // The SONAME the -dev package's link would have recorded (libcurl4-openssl-dev). RTLD_NOW:
    // a missing symbol fails here, once, not in the middle of a transfer.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : "cannot open libcurl.so.4");
        return;
    }
    struct mg_curl_api *t = &loaded;
    int ok = resolve(library, "curl_global_init", (void **)&t->global_init)
        && resolve(library, "curl_version", (void **)&t->version)
        && resolve(library, "curl_easy_init", (void **)&t->easy_init)
        && resolve(library, "curl_easy_cleanup", (void **)&t->easy_cleanup)
        && resolve(library, "curl_easy_setopt", (void **)&t->easy_setopt)
        && resolve(library, "curl_easy_getinfo", (void **)&t->easy_getinfo)
        && resolve(library, "curl_easy_strerror", (void **)&t->easy_strerror)
        && resolve(library, "curl_slist_append", (void **)&t->slist_append)
        && resolve(library, "curl_slist_free_all", (void **)&t->slist_free_all)
        && resolve(library, "curl_multi_init", (void **)&t->multi_init)
        && resolve(library, "curl_multi_cleanup", (void **)&t->multi_cleanup)
        && resolve(library, "curl_multi_setopt", (void **)&t->multi_setopt)
        && resolve(library, "curl_multi_add_handle", (void **)&t->multi_add_handle)
        && resolve(library, "curl_multi_remove_handle", (void **)&t->multi_remove_handle)
        && resolve(library, "curl_multi_perform", (void **)&t->multi_perform)
        && resolve(library, "curl_multi_poll", (void **)&t->multi_poll)
        && resolve(library, "curl_multi_wakeup", (void **)&t->multi_wakeup)
        && resolve(library, "curl_multi_info_read", (void **)&t->multi_info_read);
    // The library stays open for the life of the process (curl's global state lives in it).
    if (ok) api = t;
}

const struct mg_curl_api *mg_curl_api(void) {
    pthread_once(&once, load);
    return api;
}

const char *mg_curl_load_error(void) {
    pthread_once(&once, load);
    return api ? NULL : load_error;
}
