import HTTPTransport
import MarvelAPI
import XCTest
@testable import GalleryApp

/// Every client error the screens can show, said whole in each language with its details kept.
final class ErrorTextTests: XCTestCase {
    /// One of each case, with details the texts must carry through.
    static let samples: [(MarvelAPIError, [String])] = [
        (.transport(.timedOut(.connect, host: "127.0.0.1")), ["127.0.0.1"]),
        (.transport(.timedOut(.stall, host: "mirror.example")), ["mirror.example"]),
        (.transport(.timedOut(.total, host: "mirror.example")), ["mirror.example"]),
        (.transport(.cannotResolveHost("nohost.invalid")), ["nohost.invalid", "DNS"]),
        (.transport(.cannotConnect(host: "127.0.0.1:9", detail: "Connection refused")),
         ["127.0.0.1:9", "Connection refused"]),
        (.transport(.tls(host: "mirror.example", detail: "certificate expired")), ["mirror.example", "certificate expired"]),
        (.transport(.connectionLost(host: "mirror.example", detail: "reset")), ["mirror.example"]),
        (.transport(.responseTooLarge(limit: 800)), ["800"]),
        (.transport(.tooManyRedirects(limit: 5)), ["5"]),
        (.transport(.unsupportedRedirect(host: "h.example")), ["h.example"]),
        (.transport(.badContentEncoding(host: "h.example")), ["h.example"]),
        (.transport(.shutDown), ["HTTP"]),
        (.transport(.curl(code: 56, detail: "recv failure")), ["56", "recv failure"]),
        (.transport(.invalidURL("ftp://x")), ["ftp://x"]),
        (.invalidArgument("limit 0"), ["limit 0"]),
        (.credentials("MARVEL_PRIVATE_KEY is not set"), ["MARVEL_PRIVATE_KEY is not set"]),
        (.unauthorized("InvalidCredentials"), ["401", "InvalidCredentials", "MARVEL_PUBLIC_KEY"]),
        (.forbidden(""), ["403"]),
        (.notFound("We couldn't find that character"), ["404", "We couldn't find that character"]),
        (.rejected("You may not request more than 100 items."), ["409", "You may not request more than 100 items."]),
        (.rateLimited(retryAfter: .seconds(30)), ["429", "30"]),
        (.rateLimited(retryAfter: nil), ["429"]),
        (.server(status: 503, message: "busy"), ["503", "busy"]),
        (.serviceRetired(status: 500), ["500", "gateway.marvel.com", "--base-url", "MARVEL_BASE_URL"]),
        (.unexpectedStatus(418, message: "teapot"), ["418", "teapot"]),
        (.decoding(path: "data.results[3].thumbnail.path", detail: "missing"), ["data.results[3].thumbnail.path"]),
        (.decoding(path: "data.total", detail: "expected Int"), ["data.total", "Int"]),
        (.decoding(path: "data.offset", detail: "expected Int, found null"), ["data.offset", "Int", "null"]),
        (.decoding(path: "", detail: "not valid JSON"), ["JSON"]),
        (.notModifiedWithoutCache, ["304"]),
        (.serverRepeats(offset: 40), ["40"]),
    ]

    func testEveryErrorReadsWholeInBothLanguagesWithItsDetails() {
        for (error, details) in Self.samples {
            let failure = PageFailure(marvel: error)
            let english = Strings(.en).failure(failure), spanish = Strings(.es).failure(failure)
            XCTAssertFalse(english.isEmpty, "\(error)")
            XCTAssertNotEqual(english, spanish, "Spanish must differ: \(error)")
            for text in [english, spanish] {
                XCTAssertFalse(text.contains("{"), "placeholder left in \(text)")
                for detail in details { XCTAssertTrue(text.contains(detail), "\(detail) missing from \(text)") }
            }
            XCTAssertFalse(spanish.contains(" — "), "the whole sentence is Spanish, not a prefix: \(spanish)")
        }
    }

    /// Each layer names its sentences (`UserMessage.id`); every one it can say, nested ones too,
    /// has its text in the table, so none falls back to its bare id.
    func testEveryMessageTheErrorsSayHasItsText() {
        func ids(_ message: UserMessage) -> [String] {
            [message.id] + message.values.flatMap { value -> [String] in
                if case .message(let inner) = value { return ids(inner) }
                return []
            }
        }
        let messages = Self.samples.map { $0.0.userMessage } + [.rateLimited(retryAfterSeconds: 3), .rateLimited(retryAfterSeconds: nil)]
        for message in messages {
            for id in ids(message) {
                XCTAssertNotNil(Strings.key(for: UserMessage(id)), "no text for \(id)")
            }
        }
    }

    func testEnglishKeepsTheClientsSentence() {
        for (error, _) in Self.samples where !error.allowsStaleFallback {
            XCTAssertEqual(Strings(.en).describe(error), error.description)
        }
        let refused = MarvelAPIError.transport(.cannotConnect(host: "127.0.0.1:9", detail: "refused"))
        XCTAssertEqual(Strings(.en).describe(refused), refused.description + " (no stored copy to show offline)")
    }

    func testSpanishSentences() {
        let es = Strings(.es)
        XCTAssertEqual(es.describe(MarvelAPIError.rejected("You may not request more than 100 items.")),
                       "el servidor rechazó la petición (409: You may not request more than 100 items.)")
        XCTAssertEqual(es.describe(MarvelAPIError.transport(.cannotResolveHost("nohost.invalid"))),
                       "no se puede resolver el host nohost.invalid (DNS) (no hay copia guardada para mostrar sin conexión)")
        XCTAssertEqual(es.describe(MarvelAPIError.decoding(path: "data.results[3].thumbnail.path", detail: "missing")),
                       "JSON de respuesta inesperado en data.results[3].thumbnail.path: falta")
        XCTAssertEqual(es.describe(MarvelAPIError.decoding(path: "", detail: "expected Int, found null")),
                       "JSON de respuesta inesperado en el nivel superior: se esperaba Int y llegó null")
        XCTAssertTrue(es.describe(MarvelAPIError.rateLimited(retryAfter: .seconds(30))).contains("reintenta dentro de 30 s"))
        XCTAssertTrue(es.describe(MarvelAPIError.serviceRetired(status: 503)).contains("sin claves de API"))
    }

    func testServerTextIsNotTakenForPlaceholders() {
        let text = Strings(.es).describe(MarvelAPIError.server(status: 500, message: "bad {1} and {2}"))
        XCTAssertEqual(text, "el servidor falló (500: bad {1} and {2}); inténtalo más tarde (no hay copia guardada para mostrar sin conexión)")
    }

    func testSignaturesAndKeysNeverReachTheScreen() {
        let key = String(repeating: "ab12", count: 10)
        let signed = "http://127.0.0.1:8080/v1/public/characters?ts=1&apikey=\(key)&hash=0123456789abcdef0123456789abcdef"
        for error: MarvelAPIError in [.rejected("bad request to \(signed)"), .transport(.invalidURL(signed)),
                                      .credentials("key \(key) is world-readable")] {
            for language in Language.allCases {
                let text = Strings(language).failure(PageFailure(marvel: error))
                XCTAssertFalse(text.contains(key), text)
                XCTAssertFalse(text.contains("0123456789abcdef0123456789abcdef"), text)
                if case .credentials = error { continue }
                XCTAssertTrue(text.contains("hash=…"), text)
            }
        }
    }

    func testFailuresWithoutAClientErrorAreLocalizedToo() {
        XCTAssertEqual(Strings(.es).failure(.noDetailSource), "no hay fuente de detalles")
        XCTAssertEqual(Strings(.es).failure(PageFailure("cancelled", reason: .cancelled)), "cancelado")
        let grid = PageFailure(marvel: .notFound("no character 7"))
        XCTAssertEqual(Strings(.es).text(.pageError, Strings(.es).failure(grid)),
                       Strings(.es).text(.pageError, "no encontrado (404: no character 7)"))
    }
}
