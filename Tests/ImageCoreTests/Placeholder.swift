// ImageCoreTests
