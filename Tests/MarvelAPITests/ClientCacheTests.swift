import Foundation
import HTTPTransport
@testable import MarvelAPI
import TestSupport
import XCTest

final class ClientCacheTests: XCTestCase {
    func testETagRevalidationReusesTheStoredBody() async throws {
        let directory = temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackHTTPServer { request in
            request.headers["if-none-match"] == "39efb1aa554830fe896456c20748184c9e82f1aa"
                ? .respond(status: 304, headers: ["Etag": "39efb1aa554830fe896456c20748184c9e82f1aa"])
                : .respond(status: 200, headers: ["Etag": "39efb1aa554830fe896456c20748184c9e82f1aa"],
                           body: FakeMarvel.page([1, 2], total: 2))
        }
        let client = try makeClient(server, credentials: MarvelCredentials(publicKey: "pub", privateKey: "priv"),
                                    cache: ResponseCache(directory: directory))
        let first = try await client.characters(.init(limit: 2))
        XCTAssertEqual(first.source, .network)
        let second = try await client.characters(.init(limit: 2))
        XCTAssertEqual(second.source, .revalidated)
        XCTAssertEqual(second.results.map(\.id), [1, 2])
        XCTAssertNil(server.requests[0].headers["if-none-match"])
        XCTAssertEqual(server.requests[1].headers["if-none-match"], "39efb1aa554830fe896456c20748184c9e82f1aa")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("responses").path)
        XCTAssertEqual(files.count, 1, "one entry: ts/hash differ between the two calls but the key does not")
        XCTAssertFalse(files.contains { $0.hasPrefix(".tmp") }, "no temp files left behind")
    }

    func testNetworkFailureServesTheStoredCopyMarkedStale() async throws {
        let directory = temporaryDirectory("stale")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: FakeMarvel.page([9], etag: "e1")) }
        let cache = ResponseCache(directory: directory)
        _ = try await makeClient(server, cache: cache).comicCharacters(id: 3)
        server.stop()
        let offline = MarvelClient(baseURL: server.baseURL, transport: try HTTPTransport(), cache: cache,
                                   retryPolicy: SleepRecorder().policy)
        let page = try await offline.comicCharacters(id: 3)
        XCTAssertTrue(page.isStale)
        XCTAssertEqual(page.results.map(\.id), [9])
        guard case .stale(_, .transport(.cannotConnect))? = Optional(page.source) else {
            return XCTFail("\(page.source)")
        }
        // Nothing stored for this one: the network error comes through.
        let error = await thrownError { try await offline.comicCharacters(id: 4) }
        guard case .transport? = error as? MarvelAPIError else { return XCTFail("\(String(describing: error))") }
    }

    func testRejectedRequestsDoNotFallBackToTheCache() async throws {
        let directory = temporaryDirectory("nofallback")
        defer { try? FileManager.default.removeItem(at: directory) }
        let calls = Counter()
        let server = try LoopbackHTTPServer { _ in
            calls.next() == 1 ? .respond(status: 200, body: FakeMarvel.page([1]))
                : .respond(status: 401, body: Data(#"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#.utf8))
        }
        let client = try makeClient(server, cache: ResponseCache(directory: directory))
        _ = try await client.characters()
        let error = await thrownError { try await client.characters() }
        XCTAssertEqual(error as? MarvelAPIError, .unauthorized("The passed API key is invalid."))
    }

    /// A stored body cut short (or changed) on disk is not revalidated: its ETag would get a 304
    /// and the damaged body would fail to decode on every later run. It is fetched again whole.
    func testATruncatedOrChangedEntryIsFetchedAgainNotRevalidated() async throws {
        for damage in ["truncated", "changed"] {
            let directory = temporaryDirectory("damaged")
            defer { try? FileManager.default.removeItem(at: directory) }
            let server = try LoopbackHTTPServer { request in
                request.headers["if-none-match"] == "e1"
                    ? .respond(status: 304, headers: ["Etag": "e1"])
                    : .respond(status: 200, headers: ["Etag": "e1"], body: FakeMarvel.page([1, 2], total: 2))
            }
            let cache = ResponseCache(directory: directory)
            let client = try makeClient(server, cache: cache)
            _ = try await client.characters(.init(limit: 2))
            let responses = directory.appendingPathComponent("responses")
            let entry = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: responses, includingPropertiesForKeys: nil)
                .first { $0.pathExtension == "cache" })
            var bytes = try Data(contentsOf: entry)
            if damage == "truncated" {
                bytes = bytes.prefix(bytes.count - 40)
            } else {
                // Same length, still JSON: id 1 becomes 7 (what a flipped bit on disk could do).
                let range = try XCTUnwrap(bytes.range(of: Data(#""id":1"#.utf8), options: .backwards))
                bytes.replaceSubrange(range, with: Data(#""id":7"#.utf8))
            }
            try bytes.write(to: entry)
            let page = try await client.characters(.init(limit: 2))
            XCTAssertEqual(page.source, .network, damage)
            XCTAssertEqual(page.results.map(\.id), [1, 2], damage)
            XCTAssertNil(server.requests[1].headers["if-none-match"], "\(damage): asked whole, not revalidated")
            let again = try await client.characters(.init(limit: 2))
            XCTAssertEqual(again.source, .revalidated, "\(damage): stored whole again, then revalidated")
            XCTAssertEqual(again.results.map(\.id), [1, 2], damage)
        }
    }
}
