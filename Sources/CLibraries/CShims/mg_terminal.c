#include "mg_terminal.h"
