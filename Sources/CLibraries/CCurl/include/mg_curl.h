// mg_curl.h: libcurl for Swift. The program does not link libcurl: mg_curl.c opens
// libcurl.so.4 with dlopen the first time a request needs it, because libcurl brings 28 more
// shared libraries (TLS, Kerberos, LDAP, SSH, IDN...) whose loading and constructors cost about
// 4 ms of CPU at every start, and `render`, `--version` and `--help` never make a request.
// curl's setopt/getinfo are C variadics, so each argument type gets a typed wrapper; every other
// function used gets a wrapper of the same name with an mg_ prefix.
#ifndef MG_CURL_H
#define MG_CURL_H

#include <curl/curl.h>
#include <stddef.h>

/// libcurl's entry points that the program uses, resolved together from one dlopen.
struct mg_curl_api {
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_version) version;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
    __typeof__(&curl_multi_init) multi_init;
    __typeof__(&curl_multi_cleanup) multi_cleanup;
    __typeof__(&curl_multi_setopt) multi_setopt;
    __typeof__(&curl_multi_add_handle) multi_add_handle;
    __typeof__(&curl_multi_remove_handle) multi_remove_handle;
    __typeof__(&curl_multi_perform) multi_perform;
    __typeof__(&curl_multi_poll) multi_poll;
    __typeof__(&curl_multi_wakeup) multi_wakeup;
    __typeof__(&curl_multi_info_read) multi_info_read;
};

/// The table, loaded once (thread-safe); NULL when libcurl.so.4 or one of its functions is
/// missing, and then `mg_curl_load_error` says why.
const struct mg_curl_api *mg_curl_api(void);
/// dlopen's or dlsym's message when `mg_curl_api` is NULL, else NULL.
const char *mg_curl_load_error(void);

/// curl_global_init(CURL_GLOBAL_DEFAULT): the flags are a macro expression Swift does not import.
/// HTTPTransport runs it once per process, before any other call below; CURLE_FAILED_INIT when
/// libcurl cannot be loaded. Every wrapper except this one and `mg_curl_version` assumes it
/// succeeded.
static inline CURLcode mg_curl_global_init_default(void) {
    const struct mg_curl_api *api = mg_curl_api();
    return api ? api->global_init(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
}
/// curl_version(), or NULL when libcurl cannot be loaded (`doctor` says so).
static inline char *mg_curl_version(void) {
    const struct mg_curl_api *api = mg_curl_api();
    return api ? api->version() : NULL;
}

static inline CURL *mg_curl_easy_init(void) { return mg_curl_api()->easy_init(); }
static inline void mg_curl_easy_cleanup(CURL *easy) { mg_curl_api()->easy_cleanup(easy); }
static inline const char *mg_curl_easy_strerror(CURLcode code) { return mg_curl_api()->easy_strerror(code); }
static inline struct curl_slist *mg_curl_slist_append(struct curl_slist *list, const char *line) {
    return mg_curl_api()->slist_append(list, line);
}
static inline void mg_curl_slist_free_all(struct curl_slist *list) { mg_curl_api()->slist_free_all(list); }
static inline CURLM *mg_curl_multi_init(void) { return mg_curl_api()->multi_init(); }
static inline CURLMcode mg_curl_multi_cleanup(CURLM *multi) { return mg_curl_api()->multi_cleanup(multi); }
static inline CURLMcode mg_curl_multi_add_handle(CURLM *multi, CURL *easy) {
    return mg_curl_api()->multi_add_handle(multi, easy);
}
static inline CURLMcode mg_curl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return mg_curl_api()->multi_remove_handle(multi, easy);
}
static inline CURLMcode mg_curl_multi_perform(CURLM *multi, int *running) {
    return mg_curl_api()->multi_perform(multi, running);
}
static inline CURLMcode mg_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeoutMs,
                                           int *ready) {
    return mg_curl_api()->multi_poll(multi, extra, count, timeoutMs, ready);
}
static inline CURLMcode mg_curl_multi_wakeup(CURLM *multi) { return mg_curl_api()->multi_wakeup(multi); }
static inline CURLMsg *mg_curl_multi_info_read(CURLM *multi, int *left) {
    return mg_curl_api()->multi_info_read(multi, left);
}

// curl_easy_setopt, one function per argument type.
static inline CURLcode mg_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return mg_curl_api()->easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return mg_curl_api()->easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return mg_curl_api()->easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return mg_curl_api()->easy_setopt(easy, option, value);
}
static inline CURLcode mg_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return mg_curl_api()->easy_setopt(easy, option, value);
}

typedef size_t (*mg_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*mg_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                         curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode mg_easy_setopt_write_function(CURL *easy, mg_curl_data_callback callback) {
    return mg_curl_api()->easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode mg_easy_setopt_header_function(CURL *easy, mg_curl_data_callback callback) {
    return mg_curl_api()->easy_setopt(easy, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode mg_easy_setopt_xferinfo_function(CURL *easy, mg_curl_xferinfo_callback callback) {
    return mg_curl_api()->easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}

// curl_easy_getinfo, one function per result type (0 / NULL when unavailable).
static inline long mg_easy_getinfo_long(CURL *easy, CURLINFO info) {
    long value = 0;
    return mg_curl_api()->easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
static inline curl_off_t mg_easy_getinfo_off(CURL *easy, CURLINFO info) {
    curl_off_t value = 0;
    return mg_curl_api()->easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
static inline double mg_easy_getinfo_double(CURL *easy, CURLINFO info) {
    double value = 0;
    return mg_curl_api()->easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}
/// A string owned by the handle (valid until the handle is cleaned up), or NULL.
static inline const char *mg_easy_getinfo_string(CURL *easy, CURLINFO info) {
    char *value = NULL;
    return mg_curl_api()->easy_getinfo(easy, info, &value) == CURLE_OK ? value : NULL;
}
/// The private pointer set with CURLOPT_PRIVATE.
static inline void *mg_easy_getinfo_private(CURL *easy) {
    void *value = NULL;
    return mg_curl_api()->easy_getinfo(easy, CURLINFO_PRIVATE, &value) == CURLE_OK ? value : NULL;
}

// curl_multi_setopt.
static inline CURLMcode mg_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return mg_curl_api()->multi_setopt(multi, option, value);
}

/// Reads the result of a CURLMSG_DONE message (msg->data is a union).
static inline CURLcode mg_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
