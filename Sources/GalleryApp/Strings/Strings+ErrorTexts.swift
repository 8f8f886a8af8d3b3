extension Strings {
    /// Every Spanish text: the main table and the error texts.
    static let spanish: [StringKey: String] = spanishTable.merging(spanishErrorTable) { earlier, _ in earlier }
        .merging(spanishSavedTable) { earlier, _ in earlier }
        .merging(spanishOrderingTable) { earlier, _ in earlier }

    /// English error texts. `{n}` hold the technical details (host, status, JSON path, server
    /// text), which are shown as they are; only the sentence around them is translated.
    static let englishErrorTable: [StringKey: String] = [
        .errTimeoutConnect: "timed out connecting to {1}",
        .errTimeoutStall: "{1} stopped sending data (transfer stalled)",
        .errTimeoutTotal: "request to {1} took too long",
        .errCannotResolve: "cannot resolve host {1} (DNS)",
        .errCannotConnect: "cannot connect to {1}: {2}",
        .errTLS: "secure connection to {1} failed: {2}",
        .errConnectionLost: "connection to {1} was lost: {2}",
        .errTooLarge: "response larger than the {1}-byte limit",
        .errTooManyRedirects: "more than {1} redirects",
        .errBadRedirect: "{1} redirected to a non-http(s) URL",
        .errBadEncoding: "{1} sent a body that does not decompress",
        .errShutDown: "the HTTP transport was shut down",
        .errCurl: "network error (curl {1}): {2}",
        .errInvalidURL: "invalid URL: {1}",
        .errInvalidArgument: "invalid argument: {1}",
        .errCredentials: "Marvel API keys: {1}",
        .errUnauthorized: "the server rejected the API keys (401{1}); check MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY",
        .errSourceRefused: "{1}",
        .errForbidden: "access denied (403{1})",
        .errNotFound: "not found (404{1})",
        .errRejected: "the server refused the request (409: {1})",
        .errRateLimited: "rate limit reached (429){1}; rejected calls still count against the daily quota",
        .errRetryAfter: ", retry after {1}",
        .errServer: "the server failed ({1}{2}); try again later",
        .errServiceRetired: "the official Marvel API (gateway.marvel.com) was retired in 2025 and answers HTTP {1}. "
            + "Run marvel-gallery without API keys to use the built-in offline catalog, "
            + "or point --base-url (MARVEL_BASE_URL) at a compatible mirror.",
        .errUnexpectedStatus: "unexpected HTTP status {1}{2}",
        .errDecoding: "unexpected response JSON at {1}: {2}",
        .errDecodingTopLevel: "top level",
        .errDecodingMissing: "missing",
        .errDecodingNotJSON: "not valid JSON",
        .errDecodingExpected: "expected {1}",
        .errDecodingNull: "expected {1}, found null",
        .errNotModifiedWithoutCache: "server answered 304 Not Modified but no cached copy exists",
        .errServerRepeats: "the server repeats itself: the page at offset {1} holds nothing new, so paging stopped",
        .errNoOfflineCopy: "{1} (no stored copy to show offline)",
        .errNoDetailSource: "no detail source",
    ]

    /// Spanish error texts (same placeholders as English; a test checks).
    static let spanishErrorTable: [StringKey: String] = [
        .errTimeoutConnect: "se agotó el tiempo al conectar con {1}",
        .errTimeoutStall: "{1} dejó de enviar datos (transferencia detenida)",
        .errTimeoutTotal: "la petición a {1} tardó demasiado",
        .errCannotResolve: "no se puede resolver el host {1} (DNS)",
        .errCannotConnect: "no se puede conectar con {1}: {2}",
        .errTLS: "falló la conexión segura con {1}: {2}",
        .errConnectionLost: "se perdió la conexión con {1}: {2}",
        .errTooLarge: "respuesta mayor que el límite de {1} bytes",
        .errTooManyRedirects: "más de {1} redirecciones",
        .errBadRedirect: "{1} redirigió a una URL que no es http(s)",
        .errBadEncoding: "{1} envió un cuerpo que no se puede descomprimir",
        .errShutDown: "el transporte HTTP se cerró",
        .errCurl: "error de red (curl {1}): {2}",
        .errInvalidURL: "URL no válida: {1}",
        .errInvalidArgument: "argumento no válido: {1}",
        .errCredentials: "claves de la API de Marvel: {1}",
        .errUnauthorized: "el servidor rechazó las claves de la API (401{1}); revisa MARVEL_PUBLIC_KEY y MARVEL_PRIVATE_KEY",
        .errSourceRefused: "la fuente de datos rechazó la cuenta (401): {1}",
        .errForbidden: "acceso denegado (403{1})",
        .errNotFound: "no encontrado (404{1})",
        .errRejected: "el servidor rechazó la petición (409: {1})",
        .errRateLimited: "límite de peticiones alcanzado (429){1}; las llamadas rechazadas también cuentan para la cuota diaria",
        .errRetryAfter: ", reintenta dentro de {1}",
        .errServer: "el servidor falló ({1}{2}); inténtalo más tarde",
        .errServiceRetired: "la API oficial de Marvel (gateway.marvel.com) se retiró en 2025 y responde HTTP {1}. "
            + "Ejecuta marvel-gallery sin claves de API para usar el catálogo sin conexión incluido, "
            + "o apunta --base-url (MARVEL_BASE_URL) a un espejo compatible.",
        .errUnexpectedStatus: "estado HTTP inesperado {1}{2}",
        .errDecoding: "JSON de respuesta inesperado en {1}: {2}",
        .errDecodingTopLevel: "el nivel superior",
        .errDecodingMissing: "falta",
        .errDecodingNotJSON: "no es JSON válido",
        .errDecodingExpected: "se esperaba {1}",
        .errDecodingNull: "se esperaba {1} y llegó null",
        .errNotModifiedWithoutCache: "el servidor respondió 304 Not Modified pero no hay copia en caché",
        .errServerRepeats: "el servidor se repite: la página en la posición {1} no trae nada nuevo, así que se dejó de paginar",
        .errNoOfflineCopy: "{1} (no hay copia guardada para mostrar sin conexión)",
        .errNoDetailSource: "no hay fuente de detalles",
    ]
}
