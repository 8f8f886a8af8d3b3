// CatalogTests
