// mg_memory.c: the allocator setting for large blocks (decoded pictures, list pages).
#include "mg_image.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int mg_map_large_blocks(size_t threshold) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, (int)threshold);
#else
    (void)threshold;
    return 0;
#endif
}
