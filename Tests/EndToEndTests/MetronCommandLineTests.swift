import Foundation
import HTTPTransport
import TestSupport
import XCTest

/// `--source metron` from the command line against the Metron-compatible loopback server:
/// the data commands run the translating server in-process, two programs at once spend one
/// budget (the flock'ed file under the cache folder), and a wrong password is one line.
final class MetronCommandLineTests: XCTestCase {
    private var command: MetronCommand!
    private var home: URL { command.home }

    override func setUpWithError() throws { command = try MetronCommand("metron-cli") }
    override func tearDown() { command?.remove() }

    private func metron() throws -> MetronTestServer {
        guard let server = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        return server
    }

    private func argv(_ arguments: [String], _ server: MetronTestServer, password: String? = nil) -> [String] {
        command.argv(arguments, server, password: password)
    }

    private func run(_ arguments: [String], _ server: MetronTestServer, password: String? = nil) throws -> (status: Int32, output: String) {
        try Spawn.status(argv(arguments, server, password: password))
    }

    func testCharactersFromMetronInPlainText() throws {
        let server = try metron()
        let (status, output) = try run(["characters", "--plain", "--limit", "5"], server)
        XCTAssertEqual(status, 0, output)
        let lines = output.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("6029\t'Mazing Man") }, output)
        XCTAssertEqual(lines.filter { $0.contains("\t") }.count, 5, output)
        XCTAssertTrue(output.contains("Data provided by Metron"), output)
        XCTAssertEqual(server.hits["/api/character/"], 1)
    }

    /// Metron's character list gives no comic counts: each is "…" until known, not "0 comics";
    /// once the character's page was asked (its issue list is stored), the list says its count.
    func testCountsMetronsListDoesNotGiveAreDotsUntilKnown() throws {
        let server = try metron()
        let (status, output) = try run(["characters", "--plain", "--limit", "5"], server)
        XCTAssertEqual(status, 0, output)
        let lines = output.split(separator: "\n").filter { $0.contains("\t") }
        XCTAssertEqual(lines.count, 5, output)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("\t… comics") }, output)
        let (shown, detail) = try run(["character", "6029", "--plain"], server)
        XCTAssertEqual(shown, 0, detail)
        let (again, listed) = try run(["characters", "--plain", "--limit", "5"], server)
        XCTAssertEqual(again, 0, listed)
        let line = try XCTUnwrap(listed.split(separator: "\n").first { $0.hasPrefix("6029\t") }, listed)
        let count = try XCTUnwrap(detail.split(separator: "\n").first { $0.hasPrefix("comics: ") }, detail)
        XCTAssertEqual(line.split(separator: "\t").last.map(String.init), String(count.dropFirst("comics: ".count).prefix { $0.isNumber }) + " comics",
                       "the list's count is the detail's once known: \(listed)\n\(detail)")
    }

    /// Comics in Metron's own order (series title), and an order Metron cannot give refused in
    /// the contract's words rather than answered in another order.
    func testComicsInMetronsOrderAndAnOrderItCannotGiveRefused() throws {
        let server = try metron()
        let (status, output) = try run(["comics", "--plain", "--limit", "3"], server)
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output.split(separator: "\n").filter { $0.contains("\t") }.count, 3, output)
        let (refused, message) = try run(["comics", "--plain", "--limit", "3", "--order=-onsaleDate"], server)
        XCTAssertNotEqual(refused, 0)
        XCTAssertTrue(message.contains("-onsaleDate is not a valid ordering parameter."), message)
    }

    func testTwoProgramsAtOnceSpendOneBudget() throws {
        let server = try metron()
        let results = Locked<[(Int32, String)]>([])
        let commands = [argv(["characters", "--plain", "--limit", "5"], server), argv(["character", "1", "--plain"], server)]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let outcome = (try? Spawn.status(commands[index])) ?? (-1, "did not start")
            results.withLock { $0.append(outcome) }
        }
        for (status, output) in results.withLock({ $0 }) { XCTAssertEqual(status, 0, output) }
        let budget = try Data(contentsOf: home.appendingPathComponent("cache/marvel-gallery/metron-budget.json"))
        let state = try JSONSerialization.jsonObject(with: budget) as? [String: Any]
        XCTAssertEqual(state?["today"] as? Int, server.totalHits, "every request of both programs counted in one file")
        XCTAssertGreaterThanOrEqual(server.totalHits, 2)
        XCTAssertEqual(server.tooManyRequests, 0)
    }

    func testAWrongPasswordIsOneLineNamingMetronAndTheVariables() throws {
        let server = try metron()
        let (status, output) = try run(["characters", "--plain", "--limit", "5"], server, password: "bad-pass-77")
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(output.contains("Metron") && output.contains("METRON_USERNAME") && output.contains("METRON_PASSWORD"), output)
        XCTAssertFalse(output.contains("bad-pass-77"))
        XCTAssertLessThanOrEqual(output.split(separator: "\n").count, 2, output)
    }
}
