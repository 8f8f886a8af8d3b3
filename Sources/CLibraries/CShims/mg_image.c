#include "mg_image.h"
