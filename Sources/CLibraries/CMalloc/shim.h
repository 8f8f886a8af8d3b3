/* glibc's malloc_trim, which the Glibc module does not bring in. */
#if defined(__linux__)
#include <malloc.h>
#endif
