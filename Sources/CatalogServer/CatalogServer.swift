// CatalogServer: see README "Layout".
