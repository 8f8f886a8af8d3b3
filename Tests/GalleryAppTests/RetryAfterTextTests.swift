import GalleryApp
import HTTPTransport
import MarvelAPI
import XCTest

/// A server's Retry-After is said as a person reads it: a Metron wait of days once read
/// "retry after 950400 s"; now "retry after 11 days 0 h", in the gallery and in `--plain` output alike.
final class RetryAfterTextTests: XCTestCase {
    func testLongWaitsReadInDaysHoursAndMinutes() {
        let en = Strings(.en), es = Strings(.es)
        let cases: [(Int, String)] = [(42, "42 s"), (89, "89 s"), (845, "14 min 5 s"), (900, "15 min"), (3_600, "1 h 0 min"),
                                      (18_720, "5 h 12 min"), (999_999, "11 days 13 h"), (2_678_400, "31 days 0 h")]
        for (seconds, text) in cases {
            let said = en.describe(MarvelAPIError.rateLimited(retryAfter: .seconds(seconds)))
            XCTAssertTrue(said.contains("retry after \(text);"), "\(seconds): \(said)")
            // `--plain` prints the error's own description: the same words (it said "retry after 3600 s").
            let plain = MarvelAPIError.rateLimited(retryAfter: .seconds(seconds)).description
            XCTAssertTrue(plain.contains("retry after \(text);"), "\(seconds): \(plain)")
        }
        XCTAssertTrue(es.describe(MarvelAPIError.rateLimited(retryAfter: .seconds(999_999))).contains("reintenta dentro de 11 días 13 h"))
    }
}
