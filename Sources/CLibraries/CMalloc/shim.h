/* glibc's malloc_trim and memfd_create, which the Glibc module does not bring in (memfd_create,
   the file seals and O_TMPFILE are declared only under _GNU_SOURCE). */
#if defined(__linux__)
#include <fcntl.h>
#include <malloc.h>

int memfd_create(const char *name, unsigned int flags);

enum {
    MG_MFD_CLOEXEC = 0x0001,
    MG_MFD_ALLOW_SEALING = 0x0002,
    MG_F_ADD_SEALS = 1033,
    MG_F_SEAL_SHRINK = 0x0002,
    MG_F_SEAL_GROW = 0x0004,
    MG_F_SEAL_WRITE = 0x0008,
    MG_O_TMPFILE = 020000000 | O_DIRECTORY,
};
#endif
