// libcurl for Swift, with what Swift cannot call: curl's setopt/getinfo are C variadics, so each
// argument type gets a typed `static inline` wrapper here, in the system module's own header
// (GRDB's `shim.h` is the model): no C target, no object file.
#ifndef MG_CCURL_SHIM_H
#define MG_CCURL_SHIM_H

#include <curl/curl.h>

/// curl_global_init(CURL_GLOBAL_DEFAULT): the flags are a macro expression Swift does not import.
/// HTTPTransport runs it once per process.
static inline CURLcode mg_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

// curl_easy_setopt, one function per argument type.
static inline CURLcode mg_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

typedef size_t (*mg_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*mg_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                         curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode mg_easy_setopt_write_function(CURL *easy, mg_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode mg_easy_setopt_header_function(CURL *easy, mg_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode mg_easy_setopt_xferinfo_function(CURL *easy, mg_curl_xferinfo_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}

// curl_easy_getinfo, one function per result type (0 / NULL when unavailable).
static inline long mg_easy_getinfo_long(CURL *easy, CURLINFO info) {
    long value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
static inline curl_off_t mg_easy_getinfo_off(CURL *easy, CURLINFO info) {
    curl_off_t value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
static inline double mg_easy_getinfo_double(CURL *easy, CURLINFO info) {
    double value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
/// A string owned by the handle (valid until the handle is cleaned up), or NULL.
static inline const char *mg_easy_getinfo_string(CURL *easy, CURLINFO info) {
    char *value = NULL;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : NULL;
}
/// The private pointer set with CURLOPT_PRIVATE.
static inline void *mg_easy_getinfo_private(CURL *easy) {
    void *value = NULL;
    return curl_easy_getinfo(easy, CURLINFO_PRIVATE, &value) == CURLE_OK ? value : NULL;
}

// curl_multi_setopt.
static inline CURLMcode mg_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// Reads the result of a CURLMSG_DONE message (msg->data is a union).
static inline CURLcode mg_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
