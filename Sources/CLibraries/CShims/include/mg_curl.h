// mg_curl.h: typed wrappers for libcurl's variadic calls (Swift cannot call C variadics) and
// the process-wide setup libcurl needs once (global init, SIGPIPE ignored).
#ifndef MG_CURL_H
#define MG_CURL_H

#include <curl/curl.h>

/// Runs curl_global_init(CURL_GLOBAL_DEFAULT) exactly once per process and ignores SIGPIPE
/// (a peer closing a socket must not kill the program). Returns the init's CURLcode (0 = ok);
/// every later call returns the first call's result.
int mg_curl_global_init_once(void);

// curl_easy_setopt, one function per argument type.
CURLcode mg_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode mg_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value);
CURLcode mg_easy_setopt_string(CURL *easy, CURLoption option, const char *value);
CURLcode mg_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);
CURLcode mg_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value);

typedef size_t (*mg_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*mg_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                         curl_off_t ultotal, curl_off_t ulnow);
CURLcode mg_easy_setopt_write_function(CURL *easy, mg_curl_data_callback callback);
CURLcode mg_easy_setopt_header_function(CURL *easy, mg_curl_data_callback callback);
CURLcode mg_easy_setopt_xferinfo_function(CURL *easy, mg_curl_xferinfo_callback callback);

// curl_easy_getinfo, one function per result type (0 / NULL when unavailable).
long mg_easy_getinfo_long(CURL *easy, CURLINFO info);
curl_off_t mg_easy_getinfo_off(CURL *easy, CURLINFO info);
double mg_easy_getinfo_double(CURL *easy, CURLINFO info);
/// A string owned by the handle (valid until the handle is cleaned up), or NULL.
const char *mg_easy_getinfo_string(CURL *easy, CURLINFO info);
/// The private pointer set with CURLOPT_PRIVATE.
void *mg_easy_getinfo_private(CURL *easy);

// curl_multi_setopt.
CURLMcode mg_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Reads the easy handle and result of a CURLMSG_DONE message (msg->data is a union).
CURLcode mg_multi_message_result(const CURLMsg *message);

#endif
