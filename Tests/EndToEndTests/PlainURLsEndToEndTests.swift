import Foundation
import TestSupport
import XCTest

/// Plain and JSON output name URLs that work after the process exits (issue 22, item 6): on the
/// built-in catalog, served in-process on an ephemeral loopback port, the records' own URLs
/// (gateway.marvel.com resource URIs, i.annihil.us pictures, marvel.com pages), never that port;
/// the same for the Metron translation (Metron's original pictures and pages).
final class PlainURLsEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-urls-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        return try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=",
                                 "MARVEL_PRIVATE_KEY=", executable.path] + arguments)
    }

    private static func urls(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"https?://[^\s"\\()]+"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// A GET of `url` over loopback with a short timeout: the HTTP status, nil when nothing answers.
    private static func fetchStatus(_ url: String) -> Int? {
        guard let r = try? Spawn.status(["/usr/bin/curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", url]),
              let code = Int(r.output.trimmingCharacters(in: .whitespacesAndNewlines)), code > 0 else { return nil }
        return code
    }

    func testEveryPrintedURLOutlivesTheProcess() throws {
        let detail = try run(["character", "1011334", "--plain"])
        XCTAssertEqual(detail.status, 0, detail.output)
        let list = try run(["characters", "--json", "--limit", "3"])
        XCTAssertEqual(list.status, 0, list.output)
        // Both processes have exited: whatever they served on loopback is gone.
        let printed = Self.urls(in: detail.output) + Self.urls(in: list.output)
        let hosts = try Self.checkOutlive(printed)
        XCTAssertGreaterThanOrEqual(printed.count, 50, "the detail's picture and links, the records' URIs")
        XCTAssertTrue(detail.output.contains("thumbnail: http://i.annihil.us/u/prod/marvel/i/mg/"), detail.output)
        XCTAssertTrue(list.output.contains(#""resourceURI" : "http://gateway.marvel.com/v1/public/characters/"#), list.output)
        XCTAssertEqual(Set(hosts.keys), ["gateway.marvel.com", "i.annihil.us", "marvel.com"], "\(hosts)")
        print("printed URLs: \(printed.count), by host: \(hosts.sorted { $0.key < $1.key })")
    }

    func testMetronsPrintedURLsOutliveTheProcessToo() throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let command = try MetronCommand("metron-urls")
        defer { command.remove() }
        let detail = try Spawn.status(command.argv(["character", "6029", "--plain"], metron))
        XCTAssertEqual(detail.status, 0, detail.output)
        let list = try Spawn.status(command.argv(["characters", "--json", "--limit", "3"], metron))
        XCTAssertEqual(list.status, 0, list.output)
        // The loopback Metron stand-in is still up: only the in-process translation is gone.
        let printed = (Self.urls(in: detail.output) + Self.urls(in: list.output))
            .filter { !$0.hasPrefix(metron.baseURL.absoluteString) }
        let hosts = try Self.checkOutlive(printed)
        XCTAssertGreaterThanOrEqual(printed.count, 10, detail.output + list.output)
        XCTAssertTrue(hosts.keys.contains("gateway.marvel.com"), "\(hosts)")
        XCTAssertTrue(detail.output.contains("thumbnail: " + metron.baseURL.absoluteString + "/media/character/"),
                      "Metron's own picture (here the stand-in's): \(detail.output)")
        print("Metron: printed URLs: \(printed.count), by host: \(hosts.sorted { $0.key < $1.key })")
    }

    /// Each URL: none on loopback (fetched to show it is dead), the others of a sound shape.
    /// Returns the count per host.
    private static func checkOutlive(_ printed: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Int] {
        var loopback: [String] = []
        var hosts: [String: Int] = [:]
        for text in printed {
            let url = try XCTUnwrap(URL(string: text), text, file: file, line: line)
            let host = try XCTUnwrap(url.host, text, file: file, line: line)
            if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) {
                // It would name the dead in-process server: fetch it to show it.
                XCTAssertNil(fetchStatus(text), "\(text) still answers?", file: file, line: line)
                loopback.append(text)
                continue
            }
            // No internet in tests: a URL that is not loopback is checked for its shape.
            XCTAssertTrue(["http", "https"].contains(url.scheme ?? ""), text)
            XCTAssertTrue(host.contains("."), text)
            XCTAssertNil(url.port, "no port of a process: \(text)")
            hosts[host, default: 0] += 1
        }
        XCTAssertEqual(loopback, [], "URLs of the in-process server, dead after exit", file: file, line: line)
        return hosts
    }
}
