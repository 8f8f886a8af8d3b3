import Foundation
import TestSupport
import XCTest

/// The real `marvel-gallery serve --source metron` over the loopback Metron server: a listed
/// character is its detail form (its comics count from Metron's issue list, its description
/// and page from its detail), fetched by the serve process within the spare budget.
final class MetronServeListFormsEndToEndTests: XCTestCase {
    func testServeAnswersAListedCharacterAsItsDetail() throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let command = try MetronCommand("metron-serve-lists")
        defer { command.remove() }
        let home = command.home.path
        let serve = try ServeProcess(executable: RepoPaths.executable, extraArguments: ["--source", "metron", "--metron-url", metron.baseURL.absoluteString],
                                     debugFlag: false, environment: [
                                        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
                                        "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                                        "METRON_USERNAME": metron.username, "METRON_PASSWORD": metron.password,
                                     ])
        func results(_ target: String) throws -> [[String: Any]] {
            let envelope = try serve.json(target) as? [String: Any]
            return (envelope?["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        }
        let listed = try XCTUnwrap(try results("/v1/public/characters?name=Batman").first)
        XCTAssertEqual(metron.hits["/api/character/12/"], 1, "the detail, fetched by serve for the list")
        XCTAssertEqual(metron.hits["/api/character/12/issue_list/"], 1, "the issue list, for the count")
        let comics = try XCTUnwrap(listed["comics"] as? [String: Any])
        XCTAssertEqual(comics["available"] as? Int, 2, "Batman is named by two recorded issues")
        XCTAssertEqual((listed["urls"] as? [[String: Any]])?.first?["url"] as? String, "https://metron.cloud/character/12/")
        let detail = try XCTUnwrap(try results("/v1/public/characters/12").first)
        for field in ["comics", "urls", "thumbnail", "description", "modified", "name"] {
            XCTAssertEqual(try JSONSerialization.data(withJSONObject: ["v": listed[field] ?? NSNull()], options: .sortedKeys),
                           try JSONSerialization.data(withJSONObject: ["v": detail[field] ?? NSNull()], options: .sortedKeys), field)
        }
        XCTAssertEqual(metron.tooManyRequests, 0)
    }
}
