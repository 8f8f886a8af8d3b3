import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// marvelous 1.4.5 and marvelpy 0.2.1 (PyPI; esak is in MetronServerTests) against
/// `serve --source metron` over the loopback Metron server: every failure is a documented 409
/// (an order or filter Metron cannot honour) or 404, never a wrong 200 or a crash of theirs.
final class MetronThirdPartyClientTests: MetronLoopbackTestCase {
    private func serve() async throws -> (CatalogServer, MetronTestServer) {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        _ = try EsakEnvironment.python.get()
        return (try await serve(metron), metron)
    }

    private func failures(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map(String.init)
    }

    func testMarvelousAgainstServeSourceMetron() async throws {
        let (server, metron) = try await serve()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(metron) {} }  // the loopback Metron must outlive the client's run
        let result = try EsakEnvironment.runClient("marvelous", base: server.baseURL, publicKey: "pub", privateKey: "priv")
        // marvelous raises KeyError('data') on any error body; each of these is the contract's
        // 409 for an order or a filter Metron cannot honour (docs/sources.md, "Metron").
        XCTAssertEqual(failures(result.output), [
            "FAIL characters_list({'limit': 100, 'orderBy': '-modified'}): KeyError: 'data'",
            "FAIL comics({'limit': 100, 'orderBy': '-onsaleDate'}): KeyError: 'data'",
            "FAIL comics({'format': 'comic', 'noVariants': 'true', 'limit': 50}): KeyError: 'data'",
            "FAIL comics({'formatType': 'collection', 'limit': 50}): KeyError: 'data'",
        ], result.output)
        XCTAssertTrue(result.output.contains(" 61 calls, 4 failures"), result.output)
        for (target, text) in [("/v1/public/characters?limit=100&orderBy=-modified", "-modified is not a valid ordering parameter."),
                               ("/v1/public/comics?limit=100&orderBy=-onsaleDate", "-onsaleDate is not a valid ordering parameter."),
                               ("/v1/public/comics?format=comic&noVariants=true&limit=50", "We don't recognize the parameter format"),
                               ("/v1/public/comics?formatType=collection&limit=50", "We don't recognize the parameter formatType")] {
            let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
            XCTAssertEqual(response.status, 409, target)
            let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            XCTAssertEqual(body?["status"] as? String, text, target)
        }
    }

    func testMarvelpyAgainstServeSourceMetron() async throws {
        let (server, metron) = try await serve()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(metron) {} }  // the loopback Metron must outlive the client's run
        let result = try EsakEnvironment.runClient("marvelpy", base: server.baseURL, publicKey: "pub", privateKey: "priv")
        // Every list, one entity by id and every cross route: all 200 envelopes; Metron has no
        // stories, so the stories list is empty and there is none to ask for by id.
        XCTAssertEqual(failures(result.output), ["FAIL get(stories): no stories to try by id"], result.output)
        XCTAssertTrue(result.output.contains(" 35 calls, 1 failures"), result.output)
    }
}
