import Foundation
import TestSupport
import XCTest

/// Plain and JSON output name URLs that work after the process exits (issue 22, item 6): on the
/// built-in catalog, served in-process on an ephemeral loopback port, the records' own URLs
/// (gateway.marvel.com resource URIs, i.annihil.us pictures, marvel.com pages), never that port.
final class PlainURLsEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery (\(executable.path))")
        }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-urls-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        return try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=",
                                 "MARVEL_PRIVATE_KEY=", executable.path] + arguments)
    }

    private static func urls(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"https?://[^\s"\\]+"#)
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
        XCTAssertGreaterThanOrEqual(printed.count, 50, "the detail's picture and links, the records' URIs")
        XCTAssertTrue(detail.output.contains("thumbnail: http://i.annihil.us/u/prod/marvel/i/mg/"), detail.output)
        XCTAssertTrue(list.output.contains(#""resourceURI" : "http://gateway.marvel.com/v1/public/characters/"#), list.output)

        var loopback: [String] = []
        var hosts: [String: Int] = [:]
        for text in printed {
            let url = try XCTUnwrap(URL(string: text), text)
            let host = try XCTUnwrap(url.host, text)
            if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) {
                // It would name the dead in-process server: fetch it to show it.
                XCTAssertNil(Self.fetchStatus(text), "\(text) still answers?")
                loopback.append(text)
                continue
            }
            // No internet in tests: a URL that is not loopback is checked for its shape.
            XCTAssertTrue(["http", "https"].contains(url.scheme ?? ""), text)
            XCTAssertTrue(host.contains("."), text)
            XCTAssertFalse(url.path.isEmpty || url.path == "/", text)
            XCTAssertNil(url.port, "no port of a process: \(text)")
            hosts[host, default: 0] += 1
        }
        XCTAssertEqual(loopback, [], "URLs of the in-process server, dead after exit")
        XCTAssertEqual(Set(hosts.keys), ["gateway.marvel.com", "i.annihil.us", "marvel.com"], "\(hosts)")
        print("printed URLs: \(printed.count), loopback: \(loopback.count), by host: \(hosts.sorted { $0.key < $1.key })")
    }
}
