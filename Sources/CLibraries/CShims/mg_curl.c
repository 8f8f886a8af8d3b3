#include "mg_curl.h"

#include <pthread.h>
#include <signal.h>

static pthread_once_t mg_curl_once = PTHREAD_ONCE_INIT;
static int mg_curl_init_result = 0;

static void mg_curl_init(void) {
    // curl writes to sockets a peer may have closed; without this a SIGPIPE would end the process.
    signal(SIGPIPE, SIG_IGN);
    mg_curl_init_result = (int)curl_global_init(CURL_GLOBAL_DEFAULT);
}

int mg_curl_global_init_once(void) {
    pthread_once(&mg_curl_once, mg_curl_init);
    return mg_curl_init_result;
}

CURLcode mg_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode mg_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode mg_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode mg_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode mg_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode mg_easy_setopt_write_function(CURL *easy, mg_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode mg_easy_setopt_header_function(CURL *easy, mg_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, callback);
}

CURLcode mg_easy_setopt_xferinfo_function(CURL *easy, mg_curl_xferinfo_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}

long mg_easy_getinfo_long(CURL *easy, CURLINFO info) {
    long value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}

curl_off_t mg_easy_getinfo_off(CURL *easy, CURLINFO info) {
    curl_off_t value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}

double mg_easy_getinfo_double(CURL *easy, CURLINFO info) {
    double value = 0;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : 0;
}

const char *mg_easy_getinfo_string(CURL *easy, CURLINFO info) {
    char *value = NULL;
    return curl_easy_getinfo(easy, info, &value) == CURLE_OK ? value : NULL;
}

void *mg_easy_getinfo_private(CURL *easy) {
    void *value = NULL;
    return curl_easy_getinfo(easy, CURLINFO_PRIVATE, &value) == CURLE_OK ? value : NULL;
}

CURLMcode mg_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

CURLcode mg_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}
