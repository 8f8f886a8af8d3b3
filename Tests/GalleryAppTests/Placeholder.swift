// GalleryAppTests
