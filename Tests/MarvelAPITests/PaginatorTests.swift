import Foundation
import HTTPTransport
@testable import MarvelAPI
import TestSupport
import XCTest

final class PaginatorTests: XCTestCase {
    /// 45 characters; the second page overlaps the first by two (data shifted between calls) and
    /// the total shrinks to 44 on the third page.
    func testPagesDeduplicateAndStopAtTotal() async throws {
        let server = try LoopbackHTTPServer { request in
            let offset = Int(request.query["offset"] ?? "0") ?? 0
            let limit = Int(request.query["limit"] ?? "20") ?? 20
            let total = offset >= 40 ? 44 : 45
            let start = offset == 20 ? 19 : offset + 1            // ids 19, 20 repeat on page 2
            let ids = Array(start..<min(start + limit, total + 1))
            return .respond(status: 200, body: FakeMarvel.page(ids, offset: offset, total: total))
        }
        let client = try makeClient(server)
        let paginator = client.paginator(try .characters(.init(orderBy: .name)), pageSize: 20)
        var updates: [Paginator<MarvelCharacter>.Update] = []
        while let update = try await paginator.loadNextPage() { updates.append(update) }
        XCTAssertEqual(updates.map(\.newItems.count), [20, 18, 4])
        XCTAssertEqual(updates.map(\.total), [45, 45, 44])
        XCTAssertEqual(updates.last?.isExhausted, true)
        let items = await paginator.items
        XCTAssertEqual(items.map(\.id), Array(1...38) + Array(41...44), "offsets advance by what the server returned")
        XCTAssertEqual(Set(items.map(\.id)).count, items.count)
        XCTAssertEqual(server.requests.map { $0.query["offset"] }, ["0", "20", "40"])
        XCTAssertTrue(server.requests.allSatisfy { $0.query["orderBy"] == "name" && $0.query["limit"] == "20" })
        let afterEnd = try await paginator.loadNextPage()
        XCTAssertNil(afterEnd)
        XCTAssertEqual(server.requests.count, 3)
    }

    /// A server that ignores `offset` (the same 20 records, total 100,000) costs two requests
    /// and a clear error, not an endless walk.
    func testAServerThatRepeatsItselfStopsTheWalk() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, body: FakeMarvel.page(Array(1...20), total: 100_000))
        }
        let paginator = try makeClient(server).paginator(try .characters(.init(orderBy: .name)), pageSize: 20)
        var loaded = 0
        do {
            while let update = try await paginator.loadNextPage() { loaded += update.newItems.count }
            XCTFail("the walk ended without an error")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .serverRepeats(offset: 20))
            XCTAssertTrue(error.description.contains("the server repeats itself"), error.description)
        }
        XCTAssertEqual(loaded, 20)
        XCTAssertLessThanOrEqual(server.requests.count, 10)
        XCTAssertEqual(server.requests.count, 2)
        let again = try await paginator.loadNextPage()
        XCTAssertNil(again, "no retry on its own")
        XCTAssertEqual(server.requests.count, 2)
    }

    func testEmptyPageEndsTheList() async throws {
        let server = try LoopbackHTTPServer { request in
            request.query["offset"] == "0"
                ? .respond(status: 200, body: FakeMarvel.page(Array(1...20), total: 1000))
                : .respond(status: 200, body: FakeMarvel.page([], offset: 20, total: 1000))
        }
        let paginator = try makeClient(server).paginator(try .comicCharacters(comicID: 1))
        let first = try await paginator.loadNextPage()
        XCTAssertEqual(first?.isExhausted, false)
        let second = try await paginator.loadNextPage()
        XCTAssertEqual(second?.newItems.count, 0)
        XCTAssertEqual(second?.isExhausted, true)
        let third = try await paginator.loadNextPage()
        XCTAssertNil(third)
    }

    func testOneRequestInFlightAndSupersededPagesAreDropped() async throws {
        // The "A" page is held until the test has asked again and reset (a fixed delay is
        // too short on a busy machine, and a fixed sleep no proof the first load has started).
        let held = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { request in
            let body = FakeMarvel.page(request.query["nameStartsWith"] == "B" ? [200, 201] : [100, 101], total: 2)
            if request.query["nameStartsWith"] == "A" { _ = held.wait(timeout: .now() + 60) }
            return .respond(status: 200, body: body)
        }
        let paginator = try makeClient(server).paginator(try .characters(.init(nameStartsWith: "A")))
        let slow = Task { try await paginator.loadNextPage() }
        await eventually(.seconds(30)) { server.requests.count == 1 }
        let concurrent = try await paginator.loadNextPage()
        XCTAssertNil(concurrent, "a second load while one is in flight does nothing")
        let generation = await paginator.reset(to: try .characters(.init(nameStartsWith: "B")))
        XCTAssertEqual(generation, 1)
        held.signal()
        let superseded = try await slow.value
        XCTAssertNil(superseded, "the page of the old query is dropped")
        let fresh = try await paginator.loadNextPage()
        XCTAssertEqual(fresh?.generation, 1)
        XCTAssertEqual(fresh?.newItems.map(\.id), [200, 201])
        let items = await paginator.items
        XCTAssertEqual(items.map(\.id), [200, 201])
    }
}
