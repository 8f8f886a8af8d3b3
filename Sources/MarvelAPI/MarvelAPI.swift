// MarvelAPI: see README "Layout".
