import HTTPTransport
import XCTest

/// The one wording of waits, at each unit's boundaries: seconds below 90 s, minutes and seconds
/// below an hour, hours and minutes below two days, then days and hours.
final class WaitTimeTests: XCTestCase {
    func testEachUnitStartsAndEndsAtItsBoundary() {
        let cases: [(Int, String)] = [
            (-5, "0 s"), (0, "0 s"), (1, "1 s"), (89, "89 s"),
            (90, "1 min 30 s"), (120, "2 min"), (845, "14 min 5 s"), (3_599, "59 min 59 s"),
            (3_600, "1 h 0 min"), (3_659, "1 h 0 min"), (18_720, "5 h 12 min"), (172_799, "47 h 59 min"),
            (172_800, "2 days 0 h"), (999_999, "11 days 13 h"), (2_678_400, "31 days 0 h"),
        ]
        for (seconds, text) in cases {
            XCTAssertEqual(WaitTime.words(seconds: seconds), text, "\(seconds) s")
        }
    }

    func testALanguageGivesItsWordForDaysAndItsDigits() {
        XCTAssertEqual(WaitTime.words(seconds: 999_999, days: "días"), "11 días 13 h")
        XCTAssertEqual(WaitTime.words(seconds: 86_400 * 1_234, days: "days", number: { "<\($0)>" }), "<1234> days 0 h")
    }
}
