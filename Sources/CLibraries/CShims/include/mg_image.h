// mg_image.h: C shims for the image domain (filled in by its issue).
#ifndef MG_IMAGE_H
#define MG_IMAGE_H

#endif
