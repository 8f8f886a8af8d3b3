import Digests
import Foundation
import HTTPTransport
@testable import MarvelAPI
import TestSupport
import XCTest

final class ClientRetryTests: XCTestCase {
    func testSignedRequestIsDecoded() async throws {
        let server = try LoopbackHTTPServer { request in
            let q = request.query
            guard let ts = q["ts"], q["apikey"] == "1234", q["hash"] == Digest.md5Hex(ts + "abcd" + "1234") else {
                return .respond(status: 401, body: Data(#"{"code":"InvalidCredentials","message":"bad"}"#.utf8))
            }
            return .respond(status: 200, body: FakeMarvel.page([1, 2, 3], total: 3))
        }
        let client = try makeClient(server, credentials: MarvelCredentials(publicKey: "1234", privateKey: "abcd"))
        let page = try await client.characters(.init(nameStartsWith: "He", limit: 3))
        XCTAssertEqual(page.results.map(\.name), ["Hero 1", "Hero 2", "Hero 3"])
        XCTAssertEqual(page.source, .network)
        XCTAssertEqual(page.attributionText, "Data provided by Marvel. © 2026 MARVEL")
        XCTAssertEqual(server.requests.first?.query["nameStartsWith"], "He")
        XCTAssertEqual(server.requests.first?.path, "/v1/public/characters")
        let anonymous = try makeClient(server)
        let error = await thrownError { try await anonymous.characters() }
        XCTAssertEqual(error as? MarvelAPIError, .unauthorized("bad"))
    }

    func testRetriesOn503ThenSucceeds() async throws {
        let attempts = Counter()
        let server = try LoopbackHTTPServer { _ in
            attempts.next() <= 2 ? .respond(status: 503) : .respond(status: 200, body: FakeMarvel.page([7]))
        }
        let sleeps = SleepRecorder()
        let client = try makeClient(server, retry: sleeps.policy)
        let hero = try await client.character(id: 7)
        XCTAssertEqual(hero.name, "Hero 7")
        XCTAssertEqual(attempts.current, 3)
        XCTAssertEqual(sleeps.delays.count, 2)
        XCTAssertTrue((Duration.milliseconds(500)...Duration.milliseconds(750)).contains(sleeps.delays[0]), "\(sleeps.delays)")
        XCTAssertTrue((Duration.milliseconds(1000)...Duration.milliseconds(1500)).contains(sleeps.delays[1]), "\(sleeps.delays)")
    }

    func testGivesUpAfterTwoRetries() async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 503, body: FakeMarvel.error(503, "down")) }
        let sleeps = SleepRecorder()
        let client = try makeClient(server, retry: sleeps.policy)
        let error = await thrownError { try await client.comics() }
        XCTAssertEqual(error as? MarvelAPIError, .server(status: 503, message: "down"))
        XCTAssertEqual(server.requests.count, 3, "first attempt + 2 retries")
    }

    func test429HonoursRetryAfterWithACap() async throws {
        let attempts = Counter()
        let server = try LoopbackHTTPServer { _ in
            switch attempts.next() {
            case 1: .respond(status: 429, headers: ["Retry-After": "2"])
            case 2: .respond(status: 429, headers: ["Retry-After": "3600"])
            default: .respond(status: 200, body: FakeMarvel.page([1]))
            }
        }
        let sleeps = SleepRecorder()
        let client = try makeClient(server, retry: sleeps.policy)
        // An hour is longer than the cap (20 s): not retried early, the 429 says how long.
        let long = await thrownError { try await client.characters() }
        XCTAssertEqual(long as? MarvelAPIError, .rateLimited(retryAfter: .seconds(3600)))
        XCTAssertEqual(sleeps.delays, [.seconds(2)])
        _ = try await client.characters()
        let always = try LoopbackHTTPServer { _ in .respond(status: 429, headers: ["Retry-After": "5"]) }
        let error = await thrownError { try await makeClient(always, retry: SleepRecorder().policy).characters() }
        XCTAssertEqual(error as? MarvelAPIError, .rateLimited(retryAfter: .seconds(5)))
        XCTAssertEqual(always.requests.count, 3)
    }

    func testNeverRetriesOther4xx() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path.hasSuffix("/404")
                ? .respond(status: 404, body: FakeMarvel.error(404, "We couldn't find that character"))
                : .respond(status: 409, body: FakeMarvel.error(409, "You may not request more than 100 items."))
        }
        let sleeps = SleepRecorder()
        let client = try makeClient(server, retry: sleeps.policy)
        let missing = await thrownError { try await client.character(id: 404) }
        XCTAssertEqual(missing as? MarvelAPIError, .notFound("We couldn't find that character"))
        let rejected = await thrownError { try await client.comic(id: 409) }
        XCTAssertEqual(rejected as? MarvelAPIError, .rejected("You may not request more than 100 items."))
        XCTAssertTrue(String(describing: rejected!).contains("You may not request more than 100 items."))
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(sleeps.delays, [])
    }

    func testRetriesAfterATimeout() async throws {
        let attempts = Counter()
        let server = try LoopbackHTTPServer { _ in
            attempts.next() == 1 ? .neverAnswer : .respond(status: 200, body: FakeMarvel.page([5]))
        }
        let sleeps = SleepRecorder()
        let client = try makeClient(server, retry: sleeps.policy,
                                    timeouts: HTTPTimeouts(connect: .seconds(1), stallWindow: .seconds(1), total: .seconds(3)))
        let hero = try await client.character(id: 5)
        XCTAssertEqual(hero.id, 5)
        XCTAssertEqual(sleeps.delays.count, 1)
    }

    func testInvalidArgumentsAreNeverSent() async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: FakeMarvel.page([])) }
        let client = try makeClient(server)
        let error = await thrownError { try await client.characters(.init(nameStartsWith: "0")) }
        guard case .invalidArgument? = error as? MarvelAPIError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.requests.count, 0)
    }

    func testDecodingErrorNamesThePath() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, body: Data(#"{"data":{"results":[{"id":"x","name":"B"},{"id":"y","name":"C"}]}}"#.utf8))
        }
        let error = await thrownError { try await makeClient(server).characters() }
        XCTAssertEqual(error as? MarvelAPIError, .decoding(path: "data.results[0].id", detail: "expected Int"))
    }

    /// A proxy's HTML error page answered with 200 is named by its type; JSON that is cut or
    /// malformed (or a body without a type) stays "not valid JSON".
    func testABodyThatIsNotJSONIsNamedByItsType() async throws {
        let answers: [([String: String], String, String)] = [
            (["Content-Type": "text/html; charset=utf-8"], "<!DOCTYPE html><h1>502 Bad Gateway</h1>", "the server sent text/html, not JSON"),
            (["Content-Type": "application/json"], #"{"code":200,"data":{"results":[{"id":1,"#, "not valid JSON"),
            ([:], "<html>", "not valid JSON"),
            (["Content-Type": "text/html\u{1B}[2J"], "<html>", "not valid JSON"),
        ]
        for (headers, body, detail) in answers {
            let server = try LoopbackHTTPServer { _ in .respond(status: 200, headers: headers, body: Data(body.utf8)) }
            let error = await thrownError { try await makeClient(server).characters() }
            XCTAssertEqual(error as? MarvelAPIError, .decoding(path: "", detail: detail), "\(headers)")
        }
    }

    func testOneBadRecordIsSkippedAndCounted() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, body: Data(#"{"data":{"results":[{"id":1,"name":"A"},{"id":"x","name":"B"}]}}"#.utf8))
        }
        let page = try await makeClient(server).characters()
        XCTAssertEqual(page.results.map(\.id), [1])
        XCTAssertEqual(page.unreadable, 1)
    }
}
