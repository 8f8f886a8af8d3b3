import Foundation
import TestSupport
import XCTest

/// The stand-in is Comic Vine as documented only if a client nobody here wrote reads it: Simyan
/// parses every list (paged to its end), details, the publisher filter and name sort, and the
/// statuses of a wrong key and an unknown id.
final class SimyanContractTests: XCTestCase {
    func testSimyanParsesEveryAnswerOfTheStandIn() throws {
        let cv = try ComicVineTestServer()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("simyan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (status, output) = try SimyanEnvironment.runContract(base: cv.baseURL, key: cv.apiKey, scratch: scratch)
        print(output)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("wrong key: AuthenticationError"), output)
        XCTAssertTrue(output.contains("simyan parsed"), output)
    }
}
