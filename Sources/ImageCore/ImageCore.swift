// ImageCore: see README "Layout".
