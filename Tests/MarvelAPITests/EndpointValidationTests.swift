import Foundation
import HTTPTransport
@testable import MarvelAPI
import XCTest

final class EndpointValidationTests: XCTestCase {
    func testInvalidArgumentsAreRefusedWithTheReason() {
        func reason(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertTrue(reason { try MarvelEndpoint.characters(.init(limit: 0)) }.contains("between 1 and 100"))
        XCTAssertTrue(reason { try MarvelEndpoint.characters(.init(limit: 101)) }.contains("got 101"))
        XCTAssertTrue(reason { try MarvelEndpoint.comics(.init(offset: -1)) }.contains("negative"))
        XCTAssertTrue(reason { try MarvelEndpoint.characters(.init(nameStartsWith: "  ")) }.contains("blank"))
        XCTAssertTrue(reason { try MarvelEndpoint.characters(.init(nameStartsWith: "0")) }.contains("\"0\""))
        XCTAssertTrue(reason { try MarvelEndpoint.characters(.init(name: "")) }.contains("name must not be blank"))
        XCTAssertTrue(reason { try MarvelEndpoint.comics(.init(titleStartsWith: "0")) }.contains("titleStartsWith"))
        XCTAssertTrue(reason { try MarvelEndpoint<MarvelCharacter>.byID(0) }.contains("positive"))
        XCTAssertEqual(reason { try MarvelEndpoint.characters(.init(limit: 100)) }, "accepted")
    }

    func testQueryItemsAndURL() throws {
        let transport = try HTTPTransport()
        let client = MarvelClient(baseURL: URL(string: "http://127.0.0.1:1/mirror/")!,
                                  credentials: MarvelCredentials(publicKey: "1234", privateKey: "abcd"),
                                  transport: transport, timestamp: { "1" })
        let comics = try MarvelEndpoint.characterComics(characterID: 1_009_652, .init(
            format: .tradePaperback, formatType: .collection, noVariants: true, titleStartsWith: "X+Men",
            dateDescriptor: .thisMonth, orderBy: .onsaleDateDescending, limit: 50, offset: 100))
        XCTAssertEqual(try client.signedURL(for: comics).absoluteString,
                       "http://127.0.0.1:1/mirror/v1/public/characters/1009652/comics?format=trade%20paperback"
                       + "&formatType=collection&noVariants=true&titleStartsWith=X%2BMen&dateDescriptor=thisMonth"
                       + "&orderBy=-onsaleDate&limit=50&offset=100&ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150")
        let characters = try MarvelEndpoint.characters(.init(name: "Spider-Man", nameStartsWith: "Sp", orderBy: .modifiedDescending,
                                                             modifiedSince: Date(timeIntervalSince1970: 1_388_534_400)))
        XCTAssertEqual(characters.query.map(\.name), ["name", "nameStartsWith", "modifiedSince", "orderBy"])
        XCTAssertEqual(characters.query.first { $0.name == "modifiedSince" }?.value, "2014-01-01")
        let paged = try characters.with(offset: 40, limit: 20)
        XCTAssertEqual([paged.offset, paged.limit], [40, 20])
        XCTAssertThrowsError(try characters.with(offset: 0, limit: 500))
        let anonymous = MarvelClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: transport)
        XCTAssertEqual(try anonymous.signedURL(for: MarvelEndpoint<MarvelComic>.byID(17701)).absoluteString, "http://127.0.0.1:1/v1/public/comics/17701")
        XCTAssertEqual(ComicQuery.Format(lenient: "Trade-Paperback"), .tradePaperback)
        XCTAssertNil(ComicQuery.Format(lenient: "Digital Vertical Comic"))
    }

    /// A base URL given as Marvel's documentation writes it (`https://gateway.marvel.com/v1/public/`)
    /// asks the same paths as the bare host: `--base-url http://127.0.0.1:8080/v1/public/` against
    /// `serve` asked `/v1/public/v1/public/characters` (404) where a user expects the gallery.
    func testABaseURLEndingInTheAPIPathIsNotDoubled() throws {
        let transport = try HTTPTransport()
        for base in ["http://127.0.0.1:1/v1/public", "http://127.0.0.1:1/v1/public/", "http://127.0.0.1:1/mirror/v1/public/"] {
            let client = MarvelClient(baseURL: URL(string: base)!, transport: transport)
            let expected = base.contains("mirror") ? "http://127.0.0.1:1/mirror/v1/public/comics/17701" : "http://127.0.0.1:1/v1/public/comics/17701"
            XCTAssertEqual(try client.signedURL(for: MarvelEndpoint<MarvelComic>.byID(17701)).absoluteString, expected, base)
        }
    }

    func testCacheKeyDropsOnlyAuthParameters() {
        let a = URL(string: "http://h/v1/public/comics?limit=5&ts=1&apikey=k&hash=x")!
        let b = URL(string: "http://h/v1/public/comics?limit=5&ts=2&apikey=k&hash=y")!
        XCTAssertEqual(ResponseCache.key(for: a), "http://h/v1/public/comics?limit=5")
        XCTAssertEqual(ResponseCache.key(for: a), ResponseCache.key(for: b))
        XCTAssertNotEqual(ResponseCache.key(for: a), ResponseCache.key(for: URL(string: "http://h/v1/public/comics?limit=6")!))
    }

    func testRedactingAuthFromServerMessages() {
        XCTAssertEqual(MarvelClient.redactingAuth("/v1/public/creators/186/characters?ts=17&apikey=pub&hash=abc does not exist"),
                       "/v1/public/creators/186/characters?ts=…&apikey=…&hash=… does not exist")
    }

    func testRetiredGatewayMessage() throws {
        let client = MarvelClient(transport: try HTTPTransport())
        XCTAssertTrue(client.isOfficialGateway)
        let response = HTTPResponse(status: 500, headers: HTTPHeaders(), body: Data(), url: MarvelClient.officialBaseURL,
                                    metrics: HTTPMetrics())
        let text = client.error(for: response).description
        XCTAssertTrue(text.contains("retired"), text)
        XCTAssertTrue(text.contains("without API keys"), text)
        XCTAssertTrue(text.contains("--base-url"), text)
    }

    func testRetryDelays() {
        let policy = RetryPolicy(baseDelay: .milliseconds(500), maxDelay: .seconds(8), maxRetryAfter: .seconds(20))
        for attempt in 0..<4 {
            let delay = policy.delay(beforeRetry: attempt, retryAfter: nil)
            let base = Duration.milliseconds(500) * (1 << attempt)
            XCTAssertGreaterThanOrEqual(delay, base)
            XCTAssertLessThanOrEqual(delay, base * 1.5)
        }
        XCTAssertEqual(policy.delay(beforeRetry: 10, retryAfter: nil), .seconds(8))
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: .seconds(3)), .seconds(3))
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: .seconds(3600)), .seconds(20))
        XCTAssertEqual(RetryPolicy.parseRetryAfter("7"), .seconds(7))
        let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT
        XCTAssertEqual(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now), .seconds(30))
        XCTAssertNil(RetryPolicy.parseRetryAfter("soon"))
    }
}
