import Foundation
import XCTest
@testable import GalleryApp
import TerminalUI

/// Both languages complete, chosen from the locale variables, numbers and dates per language.
final class LanguageTests: XCTestCase {
    func testEveryKeyExistsInEveryLanguage() {
        for language in Language.allCases {
            let table = Strings.table(for: language)
            let missing = StringKey.allCases.filter { (table[$0] ?? "").isEmpty }
            XCTAssertEqual(missing, [], "texts missing in \(language)")
        }
    }

    func testPlaceholdersMatchBetweenLanguages() {
        for key in StringKey.allCases {
            func marks(_ language: Language) -> [String] {
                let text = Strings.table(for: language)[key] ?? ""
                return (1...5).map { "{\($0)}" }.filter { text.contains($0) }
            }
            XCTAssertEqual(marks(.en), marks(.es), "placeholders of \(key)")
        }
    }

    func testLanguageFromLocaleVariablesInPrecedenceOrder() {
        XCTAssertEqual(Language.fromEnvironment([:]), .en)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "es_ES.UTF-8"]), .es)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "es_ES.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]), .en)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "en_US", "LC_MESSAGES": "C", "LC_ALL": "es_MX"]), .es)
        XCTAssertEqual(Language.fromEnvironment(["LC_ALL": "", "LANG": "es"]), .es, "empty values do not count")
        XCTAssertEqual(Language.fromEnvironment(["LANG": "C.UTF-8"]), .en)
    }

    func testNumbersDatesAndPricesPerLanguage() {
        let en = Strings(.en), es = Strings(.es)
        XCTAssertEqual(en.number(1562), "1,562")
        XCTAssertEqual(es.number(1562), "1562")
        XCTAssertEqual(es.number(12345), "12.345")
        XCTAssertEqual(en.number(1_234_567), "1,234,567")
        XCTAssertEqual(en.number(-42), "-42")
        let date = Date(timeIntervalSince1970: 1_398_795_497)  // 2014-04-29 18:18 UTC
        XCTAssertEqual(en.date(date), "Apr 29, 2014")
        XCTAssertEqual(es.date(date), "29 abr 2014")
        XCTAssertEqual(en.price(3.99), "$3.99")
        XCTAssertEqual(es.price(3.99), "3,99 US$")
        XCTAssertEqual(en.issue(5), "5")
        XCTAssertEqual(es.issue(5.1), "5,1")
    }

    func testSpanishScreens() {
        var h = Harness(size: Size(width: 120, height: 40), count: 60)
        h.state = AppState(config: AppConfig(language: .es), size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        var text = h.detailText
        XCTAssertTrue(text.contains("Personajes"))
        XCTAssertTrue(text.contains("catálogo sin conexión"))
        h.openAndLoad()
        text = h.detailText
        XCTAssertTrue(text.contains("Modificado el 29 abr 2014"), text)
        XCTAssertTrue(text.contains("3 Historias 1562"))
        XCTAssertTrue(text.contains("Enlaces"))
    }

    func testGridCountsAreFormattedForTheLanguage() {
        var h = Harness(size: Size(width: 120, height: 40), count: 12_500)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.send(.key(.end))
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("12,500 of 12,500"), "English groups with commas")
        h.state.config.language = .es
        XCTAssertTrue(h.detailText.contains("12.500 de 12.500"), "Spanish groups with points")
    }

    func testFailuresAreNamedInTheLanguage() {
        let failure = PageFailure("not found (404: no character 7)", reason: .notFound)
        XCTAssertEqual(Strings(.en).failure(failure), failure.message)
        XCTAssertEqual(Strings(.es).failure(failure), "no encontrado — " + failure.message)
        XCTAssertEqual(Strings(.es).failure(PageFailure("odd")), "odd", "no kind: the message alone")
    }

    func testHTMLStripping() {
        XCTAssertEqual(HTMLText.strip("A <b>bold</b> move.<br>Next&nbsp;line &amp; more &#8217;s &#x2019;"),
                       "A bold move.\nNext line & more ’s ’")
        XCTAssertEqual(HTMLText.strip("<p>One</p><p>Two</p>"), "One\n\nTwo", "paragraphs keep one blank line")
        XCTAssertEqual(HTMLText.strip("no tags"), "no tags")
        XCTAssertEqual(HTMLText.strip("broken &# entity"), "broken &# entity")
    }
}
