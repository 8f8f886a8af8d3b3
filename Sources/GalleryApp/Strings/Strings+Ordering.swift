extension Strings {
    /// Sort (`s`, `S`, `--order`) and jump by typing (`'`, the index).
    static let englishOrderingTable: [StringKey: String] = [
        .orderLabel: "by {1} {2}",
        .orderName: "name",
        .orderModified: "modified",
        .orderComics: "comics",
        .orderTitle: "title",
        .orderOnsale: "on-sale date",
        .orderIssue: "issue number",
        .orderFoc: "FOC date",
        .helpSort: "sort: name / modified / comics count; S reverses",
        .helpSortComics: "sort: title / on-sale date / issue number; S reverses",
        .helpJump: "type a prefix: jump to the first name with it",
        .jumpPrompt: "jump › {1}",
        .jumpNotFound: "no name starts with “{1}”",
        .jumpNeedsNames: "sorted {1}: the index and jump need the name order (s)",
        .jumpNotHere: "this list is not in name order: the index and jump do not apply",
        .helpIndexNotHere: "A–Z index and jump: not here (ordered by last name)",
    ]

    static let spanishOrderingTable: [StringKey: String] = [
        .orderLabel: "por {1} {2}",
        .orderName: "nombre",
        .orderModified: "modificación",
        .orderComics: "cómics",
        .orderTitle: "título",
        .orderOnsale: "fecha de venta",
        .orderIssue: "número",
        .orderFoc: "fecha FOC",
        .helpSort: "ordenar: nombre / modificación / cómics; S invierte",
        .helpSortComics: "ordenar: título / fecha de venta / número; S invierte",
        .helpJump: "escribe un prefijo: salta al primer nombre que lo tiene",
        .jumpPrompt: "saltar › {1}",
        .jumpNotFound: "ningún nombre empieza por «{1}»",
        .jumpNeedsNames: "ordenado {1}: el índice y el salto necesitan el orden por nombre (s)",
        .jumpNotHere: "esta lista no está en orden de nombre: el índice y el salto no se aplican",
        .helpIndexNotHere: "índice A–Z y salto: no aquí (orden por apellido)",
    ]
}
