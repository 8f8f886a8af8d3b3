// mg_curl.h: C shims for the curl domain (filled in by its issue).
#ifndef MG_CURL_H
#define MG_CURL_H

#endif
