#include "mg_curl.h"
