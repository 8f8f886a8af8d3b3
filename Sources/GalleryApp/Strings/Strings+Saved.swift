extension Strings {
    /// Favourites and history: the keys' help, the saved grids, the store's problems.
    static let englishSavedTable: [StringKey: String] = [
        .helpFavourite: "star / unstar (favourites)",
        .helpFavouritesList: "favourites (starred pages)",
        .helpRecent: "recently opened pages",
        .favouritesTitle: "★ Favourites",
        .recentTitle: "Recently opened",
        .noFavourites: "No favourites yet: press f on a tile or a page to star it.",
        .noRecent: "Nothing opened yet: the pages you open are listed here.",
        .savedHints: "Enter open  f star  F favourites  H recent  ? help  q quit",
        .favouriteAdded: "★ starred: {1}",
        .favouriteRemoved: "star removed: {1}",
        .savedProblem: "{1}: {2}; kept in memory this run",
        .savedLost: "{1}: {2}; this run's changes to it are lost",
        .savedCorrupt: "not a readable list (corrupt)",
        .savedTooLarge: "too large ({1} bytes)",
        .savedDirectory: "is a directory",
        .savedUnreadable: "cannot be read ({1})",
        .savedReadOnly: "read-only",
        .savedNotWritten: "cannot be written ({1})",
    ]

    static let spanishSavedTable: [StringKey: String] = [
        .helpFavourite: "marcar / desmarcar (favoritos)",
        .helpFavouritesList: "favoritos (páginas marcadas)",
        .helpRecent: "páginas abiertas hace poco",
        .favouritesTitle: "★ Favoritos",
        .recentTitle: "Abiertos hace poco",
        .noFavourites: "Aún no hay favoritos: pulsa f en una ficha o una página para marcarla.",
        .noRecent: "Aún no se ha abierto nada: aquí aparecen las páginas que abras.",
        .savedHints: "Intro abrir  f marcar  F favoritos  H recientes  ? ayuda  q salir",
        .favouriteAdded: "★ marcado: {1}",
        .favouriteRemoved: "marca quitada: {1}",
        .savedProblem: "{1}: {2}; se guarda en memoria en esta sesión",
        .savedLost: "{1}: {2}; se pierden los cambios de esta sesión",
        .savedCorrupt: "no es una lista legible (dañada)",
        .savedTooLarge: "demasiado grande ({1} bytes)",
        .savedDirectory: "es un directorio",
        .savedUnreadable: "no se puede leer ({1})",
        .savedReadOnly: "solo lectura",
        .savedNotWritten: "no se puede escribir ({1})",
    ]
}
