// Umbrella header of the C shim target: one header per domain.
#ifndef CSHIMS_H
#define CSHIMS_H
#include "mg_image.h"
#include "mg_curl.h"
#include "mg_terminal.h"
#endif
