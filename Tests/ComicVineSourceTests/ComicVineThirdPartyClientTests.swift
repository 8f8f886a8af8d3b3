import CatalogServer
import ComicVineSource
import Foundation
import HTTPTransport
import TestSupport
import XCTest

/// esak 2.0.0, marvelous 1.4.5 and marvelpy 0.2.1 (PyPI) against `serve --source comicvine`
/// over the stand-in: every call answers true data or the contract's 409 for what Comic Vine
/// cannot honour (checked here to be a 409), never a wrong 200 or another exception.
final class ComicVineThirdPartyClientTests: ComicVineLoopbackTestCase {
    private func failures(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map(String.init)
    }

    private func run(_ client: String) async throws -> (output: String, failures: [String]) {
        _ = try EsakEnvironment.python.get()
        let cv = try ComicVineTestServer()
        let server = try await serve(self.client(cv))
        defer { Task { await server.stop() } }
        let result = try withExtendedLifetime(cv) {
            client == "esak"
                ? try EsakEnvironment.runContract(base: server.baseURL, publicKey: "pub", privateKey: "priv")
                : try EsakEnvironment.runClient(client, base: server.baseURL, publicKey: "pub", privateKey: "priv")
        }
        print(result.output)
        return (result.output, failures(result.output))
    }

    /// Each failure's request answered 409 by the served contract.
    private func assertEach409(_ targets: [String]) async throws {
        let cv = try ComicVineTestServer()
        let server = try await serve(client(cv))
        defer { Task { await server.stop() } }
        for target in targets {
            let (status, body, _) = try await get(server, target)
            XCTAssertEqual(status, 409, "\(target): \(body)")
        }
    }

    func testEsak() async throws {
        let (output, failures) = try await run("esak")
        print("esak: \(failures.count) failures")
        // Comic Vine keeps no story arc's characters, creators or series, no volume's story arcs,
        // and no stories.
        XCTAssertEqual(failures, [
            "FAIL event_characters(3000): ApiError: Comic Vine keeps no list of an event's characters.",
            "FAIL event_creators(3000): ApiError: Comic Vine keeps no list of an event's creators.",
            "FAIL event_series(3000): ApiError: Comic Vine keeps no list of an event's series.",
            "FAIL series_events(2000): ApiError: Comic Vine keeps no list of a series' events.",
            "FAIL stories_list: no stories to try by id",
        ], output)
        try await assertEach409(["/v1/public/events/3000/characters", "/v1/public/events/3000/creators",
                                 "/v1/public/events/3000/series", "/v1/public/series/2000/events"])
    }

    func testMarvelous() async throws {
        let (output, failures) = try await run("marvelous")
        print("marvelous: \(failures.count) failures")
        XCTAssertFalse(output.contains("Traceback"), output)
        // marvelous raises KeyError('data') on any error body: each is the contract's 409.
        XCTAssertEqual(failures, [
            "FAIL comics({'format': 'comic', 'noVariants': 'true', 'limit': 50}): KeyError: 'data'",
            "FAIL comics({'formatType': 'collection', 'limit': 50}): KeyError: 'data'",
            "FAIL comics({'titleStartsWith': 'Amazing', 'limit': 50}): KeyError: 'data'",
        ], output)
        try await assertEach409(["/v1/public/comics?format=comic&noVariants=true&limit=50",
                                 "/v1/public/comics?formatType=collection&limit=50", "/v1/public/comics?titleStartsWith=Amazing&limit=50"])
    }

    func testMarvelpy() async throws {
        let (output, failures) = try await run("marvelpy")
        XCTAssertFalse(output.contains("Traceback"), output)
        XCTAssertEqual(failures.count, 5, output)
        XCTAssertEqual(failures.filter { $0.contains("409 Conflict") && ($0.contains("events/3000/") || $0.contains("series/2000/events")) }.count,
                       4, output)
        XCTAssertTrue(failures.contains("FAIL get(stories): no stories to try by id"), output)
    }
}
