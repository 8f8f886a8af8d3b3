// GalleryApp: see README "Layout".
