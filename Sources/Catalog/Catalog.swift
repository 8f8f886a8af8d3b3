// Catalog: see README "Layout".
