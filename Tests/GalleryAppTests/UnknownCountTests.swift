import Foundation
import HTTPTransport
import MarvelAPI
import TerminalUI
import TestSupport
import XCTest
@testable import GalleryApp

/// A count the server's live source does not know yet (`X-Unknown-Fields`) is "…" on the
/// detail page's tab, never the `0` the JSON holds in its place.
final class UnknownCountTests: XCTestCase {
    func testACountTheServerDoesNotKnowIsDotsOnItsTab() async throws {
        let body = Data(#"""
            {"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[
            {"id":12,"name":"Batman","description":"","comics":{"available":0,"collectionURI":"","items":[],"returned":0},
             "series":{"available":0,"collectionURI":"","items":[],"returned":0}}]}}
            """#.utf8)
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json", "X-Unknown-Fields": "comics.available description=12"],
                     body: body)
        }
        let transport = try HTTPTransport()
        defer { transport.shutdown() }
        let source = MarvelDetailSource(client: MarvelClient(baseURL: server.baseURL, transport: transport))
        let loaded = try await source.load(.character(12)).get()
        XCTAssertEqual(loaded.unknownCounts, [.comics])

        var h = Harness(size: Size(width: 120, height: 40), count: 20)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let effects = h.key(.enter)
        let page = try XCTUnwrap(h.state.details.top)
        guard let request = effects.compactMap({ effect -> DetailRequest? in
            if case .detail(.load(let request)) = effect { return request }
            return nil
        }).first else { return XCTFail("no detail load asked") }
        XCTAssertEqual(request.pageID, page.pageID)
        h.send(.detail(.loaded(request, .success(loaded))))
        let text = h.detailText
        XCTAssertTrue(text.contains("1 Comics … "), text)
        XCTAssertFalse(text.contains("1 Comics 0"), text)
        XCTAssertTrue(text.contains("2 Series 0 "), "a count the server states is shown: \(text)")
    }
}
