import Catalog
@testable import CatalogServer
import Foundation
import Synchronization
import MarvelAPI
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Cached pages answered on the event loop (`CachedAnswerHandler`) are the router's answers:
/// the same status, header lines and bytes for every mix of gzip negotiation, conditional
/// request, CORS origin, referrer key and method; counted and logged like the router's; and a
/// request the handler is not sure of (a miss, a fault, an answer not kept, a body) goes to
/// the router. `answeredOnEventLoop` says which path answered.
final class EventLoopAnswerTests: XCTestCase {
    static let keys = APIKeys(publicKey: "pub-key-7", privateKey: "priv-key-9")
    static let page = "http://localhost:5173/app"
    static let host = ["Host": "gallery.test"]

    private func start(onEventLoop: Bool, _ configure: (inout CatalogServerOptions) throws -> Void = { _ in }) async throws -> CatalogServer {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.answersOnEventLoop = onEventLoop
        try configure(&options)
        return try await CatalogServer.start(options)
    }

    private func browserKeys(_ options: inout CatalogServerOptions) throws {
        options.keys = Self.keys
        options.browser = BrowserAccess(cors: .origins(["http://localhost:5173"]), allowedReferrers: [try ReferrerPattern("localhost:*")])
    }

    /// The header lines but `Date` (each path stamps its own second).
    private func undated(_ reply: LoopbackHTTP.Reply) -> [String] {
        reply.lines.filter { !$0.lowercased().hasPrefix("date:") }
    }

    func testEventLoopAnswersAreTheRoutersByteForByte() async throws {
        let fast = try await start(onEventLoop: true, browserKeys)
        let router = try await start(onEventLoop: false, browserKeys)
        defer { Task { await fast.stop(); await router.stop() } }
        let toFast = LoopbackHTTP(port: fast.port), toRouter = LoopbackHTTP(port: router.port)
        defer { toFast.close(); toRouter.close() }

        let list = "/v1/public/characters?apikey=pub-key-7&limit=5"
        // The same requests in the same order to both: the gzip form kept is the one made
        // first (stitched when the first ask is gzip, compressed from the identity body if not).
        let first = try toRouter.get(list, headers: Self.host.merging(["Referer": Self.page]) { $1 })
        XCTAssertEqual(try toFast.get(list, headers: Self.host.merging(["Referer": Self.page]) { $1 }).body, first.body)
        let id = try XCTUnwrap(results(try jsonObject(first)).first?["id"] as? Int)
        let hash = MarvelCredentials(publicKey: "pub-key-7", privateKey: "priv-key-9").hash(timestamp: "1")
        let targets = [list, list.replacingOccurrences(of: "limit=5", with: "limit=5&ts=1&hash=\(hash)"),
                       "/v1/public/characters/\(id)?apikey=pub-key-7"]
        var tags: [String: String] = [:]
        for target in targets {
            for accept in ["gzip", "identity"] {  // both forms kept by both servers
                let headers = Self.host.merging(["Referer": Self.page, "Accept-Encoding": accept]) { $1 }
                XCTAssertEqual(try toFast.get(target, headers: headers).status, 200, target)
                let reply = try toRouter.get(target, headers: headers)
                XCTAssertEqual(reply.status, 200, target)
                if accept == "identity" { tags[target] = reply.header("ETag") }
            }
        }
        let before = fast.answeredOnEventLoop
        var answered = 0, compared = 0
        for target in targets {
            let etag = try XCTUnwrap(tags[target])
            for method in ["GET", "HEAD"] {
                for accept in [nil, "gzip", "gzip;q=0", "gzip;q=0.5, identity", "*", "br"] {
                    for held in [nil, etag, etag + "-gzip", "*"] {
                        for origin in [nil, "http://localhost:5173", "http://evil.test"] {
                            for referer in [nil, Self.page, "http://evil.test/"] {
                                var headers = Self.host
                                headers["Accept-Encoding"] = accept
                                headers["If-None-Match"] = held
                                headers["Origin"] = origin
                                headers["Referer"] = referer
                                let a = try toFast.get(target, headers: headers, method: method)
                                let b = try toRouter.get(target, headers: headers, method: method)
                                let what = "\(method) \(target) \(headers)"
                                XCTAssertEqual(a.status, b.status, what)
                                XCTAssertEqual(undated(a), undated(b), what)
                                XCTAssertTrue(a.body == b.body, "bodies differ: \(what)")
                                XCTAssertTrue(a.complete && b.complete, what)
                                XCTAssertEqual(a.lines.filter { $0.hasPrefix("Date: ") }.count, 1, what)
                                if a.status == 200 || a.status == 304 { answered += 1 }
                                compared += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(answered, compared / 2, "most variants are let through")
        XCTAssertEqual(fast.answeredOnEventLoop - before, answered, "every cached answer came from the event loop")
        XCTAssertEqual(router.answeredOnEventLoop, 0)
        print("event-loop answers: \(compared) variants compared, \(answered) answered on the event loop")
    }

    /// Requests sent at once on one connection, a miss between hits: the router's answer is
    /// written before the next hit's, each in its request's place.
    func testPipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try await start(onEventLoop: true)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        XCTAssertEqual(try http.get("/v1/public/characters?limit=1").status, 200)
        let before = server.answeredOnEventLoop
        let limits = [1, 2, 1, 3, 1]  // 2 and 3 are misses: the router's
        let fd = try LoopbackHTTP.socket(port: server.port)
        defer { close(fd) }
        let requests = limits.map { "GET /v1/public/characters?limit=\($0) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n" }.joined()
        XCTAssertTrue(HeaderTimeoutTests.send(fd, requests))
        var buffer: [UInt8] = []
        var counts: [Int] = []
        for _ in limits {
            let body = try Self.nextBody(fd, &buffer)
            let envelope = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            counts.append(container(envelope)["limit"] as? Int ?? -1)
        }
        XCTAssertEqual(counts, limits)
        XCTAssertGreaterThanOrEqual(server.answeredOnEventLoop - before, 1, "the first hit, before any miss")
    }

    /// A large identity body goes from its memory file by sendfile (`BodyFile`): the router's
    /// bytes and head, nothing after the head of a HEAD, and in its place among pipelined
    /// answers (a buffer answer before it, routed ones after it).
    func testLargeIdentityBodiesGoBySendfileInOrder() async throws {
        try await largeIdentityBodiesGoBySendfileInOrder(fileFolder: nil)
    }

    /// The same from an unnamed file on disk (`serve`'s case: its cache folder).
    func testLargeIdentityBodiesGoBySendfileFromDiskInOrder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await largeIdentityBodiesGoBySendfileInOrder(fileFolder: folder.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "the files have no names")
    }

    private func largeIdentityBodiesGoBySendfileInOrder(fileFolder: String?) async throws {
        let server = try await start(onEventLoop: true) { $0.bodyFileFolder = fileFolder }
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        let large = "/v1/public/comics?limit=100", small = "/v1/public/characters?limit=1"
        let expected = try http.get(large)  // built by the router, kept with its file
        XCTAssertGreaterThanOrEqual(expected.body.count, BodyFile.smallest, "a body large enough for a file")
        let smallBody = try http.get(small).body
        XCTAssertEqual(server.answeredFromFiles, 0)
        let before = server.answeredOnEventLoop
        let head = try http.get(large, method: "HEAD")
        XCTAssertEqual(undated(head), undated(expected))
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(server.answeredFromFiles, 0, "a HEAD sends no file")
        let sent = try http.get(large)  // on the same connection: the HEAD left nothing behind
        XCTAssertTrue(sent.body == expected.body, "the file's bytes are the body's")
        XCTAssertEqual(undated(sent), undated(expected))
        XCTAssertEqual(server.answeredOnEventLoop - before, 2)
        XCTAssertEqual(server.answeredFromFiles, 1)

        let fd = try LoopbackHTTP.socket(port: server.port)
        defer { close(fd) }
        let asks: [(method: String, target: String)] = [("GET", small), ("GET", large), ("HEAD", large), ("GET", large),
                                                       ("GET", "/v1/public/characters?limit=2"), ("GET", large), ("GET", small)]
        let pipelined = server.answeredOnEventLoop
        XCTAssertTrue(HeaderTimeoutTests.send(fd, asks.map { "\($0.method) \($0.target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n" }.joined()))
        var buffer: [UInt8] = []
        for (index, ask) in asks.enumerated() {
            let answer = try Self.nextAnswer(fd, &buffer, bodiless: ask.method == "HEAD")
            XCTAssertEqual(answer.head.first, "HTTP/1.1 200 OK", "\(index)")
            switch (ask.method, ask.target) {
            case ("HEAD", _):
                XCTAssertTrue(answer.head.contains("Content-Length: \(expected.body.count)"), "\(answer.head)")
            case (_, large): XCTAssertTrue(answer.body == expected.body, "answer \(index)")
            case (_, small): XCTAssertEqual(answer.body, smallBody, "answer \(index)")
            default: XCTAssertEqual(try Self.limit(of: answer.body), 2, "the routed miss, in its place")
            }
        }
        XCTAssertTrue(buffer.isEmpty, "nothing after the last answer (a HEAD's body would shift every later one)")
        // The small page and the large one at least: once the large body is queued past the
        // connection's high-water mark, later requests go to the router's writer, in order.
        XCTAssertGreaterThanOrEqual(server.answeredOnEventLoop - pipelined, 2)
        XCTAssertGreaterThanOrEqual(server.answeredFromFiles, 2)
    }

    private static func limit(of body: [UInt8]) throws -> Int {
        container(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))["limit"] as? Int ?? -1
    }

    /// Every request is one combined line with the credentials redacted and counted in the
    /// statistics, whichever path answered it: the cached GET, HEAD (no bytes) and 304 (none).
    func testAccessLogAndCountersSeeEveryEventLoopAnswer() async throws {
        let folder = try freshFolder("event-loop-log")
        let file = folder.appendingPathComponent("access.log").path
        let server = try await start(onEventLoop: true) { options in
            options.keys = Self.keys
            options.accessLog = try AccessLog(path: file)
        }
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        let hash = MarvelCredentials(publicKey: "pub-key-7", privateKey: "priv-key-9").hash(timestamp: "1700000000")
        let signed = "/v1/public/comics?limit=2&apikey=pub-key-7&ts=1700000000&hash=\(hash)"
        let agent = ["User-Agent": "esak/2.0", "Referer": "http://localhost:5173/app"]
        let built = try http.get(signed, headers: agent)
        let cached = try http.get(signed, headers: agent)
        XCTAssertEqual(cached.body, built.body)
        XCTAssertEqual(try http.get(signed, headers: agent, method: "HEAD").status, 200)
        XCTAssertEqual(try http.get(signed, headers: ["If-None-Match": try XCTUnwrap(built.header("ETag"))]).status, 304)
        XCTAssertEqual(server.answeredOnEventLoop, 3)
        var text = ""
        for _ in 0..<250 where text.split(separator: "\n").count < 4 {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            usleep(20_000)
        }
        XCTAssertFalse(text.contains("pub-key-7") || text.contains(hash) || text.contains("1700000000"), text)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, text)
        let request = "/v1/public/comics?limit=2&apikey=REDACTED&ts=REDACTED&hash=REDACTED HTTP/1.1\""
        let expected = [("GET", 200, built.body.count), ("GET", 200, built.body.count), ("HEAD", 200, 0), ("GET", 304, 0)]
        for (line, (method, status, bytes)) in zip(lines, expected) {
            XCTAssertTrue(line.hasPrefix("127.0.0.1 - - ["), line)
            XCTAssertTrue(line.contains("] \"\(method) \(request) \(status) \(bytes) \""), line)
        }
        XCTAssertTrue(lines[1].hasSuffix("\"http://localhost:5173/app\" \"esak/2.0\""), lines[1])
        let stats = server.statistics()["/v1/public/comics"]
        XCTAssertEqual(stats.hits, 4)
        XCTAssertEqual(stats.statuses, ["200": 3, "304": 1])
        XCTAssertEqual(stats.bytes, built.body.count * 3, "HEAD counts the body handed to the connection, as the router does")
    }

    /// A fault set on a running server reaches cached pages at once; the debug endpoints and
    /// their gate are the router's.
    func testFaultsAndTheDebugGateAreTheRouters() async throws {
        let server = try await start(onEventLoop: true)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        let target = "/v1/public/series?limit=4"
        XCTAssertEqual(try http.get(target).status, 200)
        XCTAssertEqual(try http.get(target).status, 200)
        XCTAssertEqual(server.answeredOnEventLoop, 1)
        var faults = FaultOptions()
        faults.failRate = 1
        server.setFaults(faults)
        XCTAssertEqual(try http.get(target).status, 503)
        faults = FaultOptions()
        faults.rateLimitPerMinute = 1
        server.setFaults(faults)
        XCTAssertEqual(try http.get(target).status, 200)
        XCTAssertEqual(try http.get(target).status, 429)
        server.setFaults(FaultOptions())
        XCTAssertEqual(try http.get(target).status, 200)
        XCTAssertEqual(server.answeredOnEventLoop, 2, "only with no fault set")
        let stats = try jsonObject(try http.get("/debug/stats"))
        XCTAssertEqual(((stats["paths"] as? [String: Any])?["/v1/public/series"] as? [String: Any])?["hits"] as? Int, 6)

        let gated = try await start(onEventLoop: true) { $0.debugEndpoints = false }
        defer { Task { await gated.stop() } }
        let other = LoopbackHTTP(port: gated.port)
        defer { other.close() }
        XCTAssertEqual(try other.get(target).status, 200)
        XCTAssertEqual(try other.get(target).status, 200)
        XCTAssertEqual(try other.get("/debug/stats").status, 404)
        XCTAssertEqual(gated.answeredOnEventLoop, 1)
    }

    /// A live source's answers that are not kept (fields not known yet, a partial page, a
    /// stale copy) are asked of the source every time, with their headers; a kept one is
    /// answered on the event loop with the source's Cache-Control.
    func testLiveAnswersNotKeptAreNeverServedFromTheEventLoop() async throws {
        let source = CountingSource()
        let server = try await start(onEventLoop: true) { $0.source = .live(source) }
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        for path in ["/v1/public/comics", "/v1/public/series", "/v1/public/events"] {
            for _ in 0..<3 {
                let reply = try http.get(path + "?limit=1")
                XCTAssertEqual(reply.status, 200, path)
                XCTAssertEqual(reply.header("Cache-Control"), "no-cache", path)
                if path.hasSuffix("comics") { XCTAssertEqual(reply.header("X-Unknown-Fields"), "description=1", path) }
                if path.hasSuffix("events") { XCTAssertEqual(reply.header("Warning"), "110 - \"Response is Stale\"", path) }
            }
            XCTAssertEqual(source.asked(path), 3, path)
        }
        XCTAssertEqual(server.answeredOnEventLoop, 0)
        let kept = try http.get("/v1/public/characters?limit=1")
        let again = try http.get("/v1/public/characters?limit=1")
        XCTAssertEqual(source.asked("/v1/public/characters"), 1)
        XCTAssertEqual(server.answeredOnEventLoop, 1)
        XCTAssertEqual(kept.header("Cache-Control"), "public, max-age=60")
        XCTAssertEqual(undated(again), undated(kept))
        XCTAssertEqual(again.body, kept.body)
    }

    /// A request with a body goes to the router (which reads and drops it), and the
    /// connection goes on: the next request, once that answer is written, is answered here.
    func testARequestWithABodyGoesToTheRouter() async throws {
        let server = try await start(onEventLoop: true)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        let plain = try http.get("/v1/public/creators?limit=2")
        XCTAssertEqual(plain.status, 200)
        let fd = try LoopbackHTTP.socket(port: server.port)
        defer { close(fd) }
        var buffer: [UInt8] = []
        func answer(_ request: String) throws -> [UInt8] {
            XCTAssertTrue(HeaderTimeoutTests.send(fd, request))
            return try Self.nextBody(fd, &buffer)
        }
        let head = "GET /v1/public/creators?limit=2 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
        let before = server.answeredOnEventLoop
        let routed = try answer(head + "Content-Length: 5\r\n\r\nhello")
        XCTAssertEqual(server.answeredOnEventLoop, before, "a body: the router's")
        let next = try answer(head + "\r\n")
        XCTAssertEqual(server.answeredOnEventLoop, before + 1)
        XCTAssertEqual(routed, plain.body)
        XCTAssertEqual(next, plain.body)
    }

    /// The router's answers go through NIO's encoder unpaired from the decoder, framed by
    /// `RoutedFraming`: pipelined on one connection, a mix of cached answers (sent as encoded
    /// bytes) and routed ones (HEAD of a miss, HEAD and GET of /health, a 404, a preflight, a
    /// 405 with its body, a 304) comes out byte for byte as Hummingbird's own pipeline sends it,
    /// each answer in its request's place; so does the bodiless 405 to CONNECT.
    func testRoutedAnswersAreFramedAsNIOsPairedEncoderFramesThem() async throws {
        let fast = try await start(onEventLoop: true)
        let router = try await start(onEventLoop: false)
        defer { Task { await fast.stop(); await router.stop() } }
        let hit = "/v1/public/characters?limit=3"
        let etag = try XCTUnwrap(try LoopbackHTTP(port: router.port).get(hit).header("ETag"))
        func requests(miss: Int) -> [(method: String, target: String, extra: String)] { [
            ("GET", hit, ""), ("HEAD", hit, ""), ("HEAD", "/v1/public/characters?limit=\(miss)", ""), ("GET", hit, ""),
            ("HEAD", "/health", ""), ("GET", "/health", ""), ("HEAD", "/nope", ""), ("GET", "/nope", ""),
            ("OPTIONS", hit, "Origin: http://localhost:5173\r\nAccess-Control-Request-Method: GET\r\n"),
            ("GET", hit, "If-None-Match: \(etag)\r\n"), ("HEAD", hit, "Accept-Encoding: gzip\r\n"),
            ("DELETE", hit, ""), ("GET", hit, "Accept-Encoding: gzip\r\n"), ("HEAD", hit, ""),
        ] }
        // `miss`: a page not asked before on either server, so its HEAD is the router's.
        func exchange(_ port: Int, miss: Int) throws -> [String] {
            let requests = requests(miss: miss)
            let fd = try LoopbackHTTP.socket(port: port)
            defer { close(fd) }
            let text = requests.map { "\($0.method) \($0.target) HTTP/1.1\r\nHost: gallery.test\r\n\($0.extra)\r\n" }.joined()
            XCTAssertTrue(HeaderTimeoutTests.send(fd, text))
            var buffer: [UInt8] = []
            var answers: [String] = []
            for request in requests {
                let (head, body) = try Self.nextAnswer(fd, &buffer, bodiless: request.method == "HEAD")
                answers.append(head.filter { !$0.hasPrefix("Date: ") }.joined(separator: "\n") + "\n\n" + String(decoding: body, as: UTF8.self))
            }
            // CONNECT last: NIO's decoder reads nothing after it on this connection.
            XCTAssertTrue(HeaderTimeoutTests.send(fd, "CONNECT gallery.test:443 HTTP/1.1\r\nHost: gallery.test:443\r\n\r\n"))
            let (head, _) = try Self.nextAnswer(fd, &buffer, bodiless: true)
            answers.append(head.filter { !$0.hasPrefix("Date: ") }.joined(separator: "\n"))
            return answers
        }
        _ = try exchange(fast.port, miss: 4)  // builds the gzip form and the ready answers
        _ = try exchange(router.port, miss: 4)
        let before = fast.answeredOnEventLoop
        let mine = try exchange(fast.port, miss: 5), theirs = try exchange(router.port, miss: 5)
        XCTAssertEqual(mine.count, theirs.count)
        let asked = requests(miss: 5).map { "\($0.method) \($0.target)" } + ["CONNECT"]
        for (index, (a, b)) in zip(mine, theirs).enumerated() {
            XCTAssertEqual(a, b, "answer \(index) to \(asked[index])")
        }
        // The first two requests come before any routed one; later ones wait for the router's
        // answers, or not, as the bytes arrive.
        XCTAssertGreaterThanOrEqual(fast.answeredOnEventLoop - before, 2)
        XCTAssertTrue(mine[0].contains("Content-Length: "), mine[0])
        XCTAssertTrue(mine.last?.hasPrefix("HTTP/1.1 405 ") == true && mine.last?.contains("Content-Length") == false, mine.last ?? "")
    }

    /// A kept-alive connection gets answer after answer from the event loop; `Connection:
    /// close` and HTTP/1.0 go to the router, which answers them as it answers them without the
    /// event loop's answers (close after the answer; HTTP/1.0 as Hummingbird does).
    func testKeepAliveConnectionCloseAndHTTP10() async throws {
        let fast = try await start(onEventLoop: true)
        let router = try await start(onEventLoop: false)
        defer { Task { await fast.stop(); await router.stop() } }
        let hit = "/v1/public/comics?limit=2"
        XCTAssertEqual(try LoopbackHTTP(port: fast.port).get(hit, headers: Self.host).status, 200)
        let fd = try LoopbackHTTP.socket(port: fast.port)
        defer { close(fd) }
        var buffer: [UInt8] = []
        let before = fast.answeredOnEventLoop
        for _ in 0..<3 {
            XCTAssertTrue(HeaderTimeoutTests.send(fd, "GET \(hit) HTTP/1.1\r\nHost: gallery.test\r\n\r\n"))
            XCTAssertEqual(try Self.nextAnswer(fd, &buffer, bodiless: false).head.first, "HTTP/1.1 200 OK")
        }
        XCTAssertEqual(fast.answeredOnEventLoop - before, 3, "one connection kept alive")
        XCTAssertTrue(HeaderTimeoutTests.send(fd, "GET \(hit) HTTP/1.1\r\nHost: gallery.test\r\nConnection: close\r\n\r\n"))
        let closing = try Self.nextAnswer(fd, &buffer, bodiless: false)
        XCTAssertEqual(closing.head.first, "HTTP/1.1 200 OK")
        var byte: UInt8 = 0
        XCTAssertEqual(recv(fd, &byte, 1, 0), 0, "closed after the answer to Connection: close")
        XCTAssertEqual(fast.answeredOnEventLoop - before, 3, "Connection: close is the router's")

        for extra in ["", "Connection: keep-alive\r\n"] {
            var answers: [[String]] = []
            for port in [fast.port, router.port] {
                let fd = try LoopbackHTTP.socket(port: port)
                defer { close(fd) }
                var buffer: [UInt8] = []
                XCTAssertTrue(HeaderTimeoutTests.send(fd, "GET \(hit) HTTP/1.0\r\nHost: gallery.test\r\n\(extra)\r\n"))
                let answer = try Self.nextAnswer(fd, &buffer, bodiless: false)
                answers.append(answer.head.filter { !$0.hasPrefix("Date: ") } + [String(decoding: answer.body, as: UTF8.self)])
            }
            XCTAssertEqual(answers[0], answers[1], extra)
            XCTAssertEqual(answers[0].first, "HTTP/1.1 200 OK", extra)
        }
        XCTAssertEqual(fast.answeredOnEventLoop - before, 3, "HTTP/1.0 is the router's")
    }

    /// The idle timeout is kept over the requests answered on the event loop: a connection
    /// answered here and then left idle is closed.
    func testIdleConnectionAnsweredHereIsClosed() async throws {
        let server = try await start(onEventLoop: true) { $0.idleTimeout = .seconds(1) }
        defer { Task { await server.stop() } }
        let hit = "/v1/public/events?limit=2"
        XCTAssertEqual(try LoopbackHTTP(port: server.port).get(hit).status, 200)
        let fd = try LoopbackHTTP.socket(port: server.port)
        defer { close(fd) }
        var buffer: [UInt8] = []
        let before = server.answeredOnEventLoop
        XCTAssertTrue(HeaderTimeoutTests.send(fd, "GET \(hit) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"))
        XCTAssertEqual(try Self.nextAnswer(fd, &buffer, bodiless: false).head.first, "HTTP/1.1 200 OK")
        XCTAssertEqual(server.answeredOnEventLoop - before, 1)
        var byte: UInt8 = 0
        XCTAssertEqual(recv(fd, &byte, 1, 0), 0, "closed by the idle timeout (the socket's own timeout is 30 s)")
    }

    /// The next answer on `fd`: its head's lines and its body (none for a HEAD, a 1xx, 204 or
    /// 304; Content-Length or chunked framing otherwise), reading into `buffer`.
    static func nextAnswer(_ fd: Int32, _ buffer: inout [UInt8], bodiless: Bool) throws -> (head: [String], body: [UInt8]) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func more() throws {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { throw LoopbackHTTP.Failure(description: "closed with \(buffer.count) bytes unread") }
            buffer += chunk[..<n]
        }
        var end = LoopbackHTTP.find([13, 10, 13, 10], in: buffer)
        while end == nil {
            try more()
            end = LoopbackHTTP.find([13, 10, 13, 10], in: buffer)
        }
        let head = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end! + 4)
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let lower = head.map { $0.lowercased() }
        if bodiless || status < 200 || status == 204 || status == 304 { return (head, []) }
        if let line = lower.first(where: { $0.hasPrefix("content-length:") }),
           let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) {
            while buffer.count < length { try more() }
            defer { buffer.removeFirst(length) }
            return (head, Array(buffer[..<length]))
        }
        guard lower.contains("transfer-encoding: chunked") else { return (head, []) }
        var last = LoopbackHTTP.find(Array("0\r\n\r\n".utf8), in: buffer)
        while last == nil {
            try more()
            last = LoopbackHTTP.find(Array("0\r\n\r\n".utf8), in: buffer)
        }
        defer { buffer.removeFirst(last! + 5) }
        return (head, Array(buffer[..<(last! + 5)]))
    }

    /// The body of the next answer on `fd` (Content-Length framed), reading into `buffer`.
    static func nextBody(_ fd: Int32, _ buffer: inout [UInt8]) throws -> [UInt8] {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            if let end = LoopbackHTTP.find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).lowercased()
                let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + 4 + length {
                    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    return body
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { throw LoopbackHTTP.Failure(description: "closed with \(buffer.count) bytes unread") }
            buffer += chunk[..<n]
        }
    }
}

/// A live source answering `characters` with a page it knows whole (kept), `comics` with a
/// field not known, `series` partial and `events` from a stale copy (none kept).
final class CountingSource: LiveSource, @unchecked Sendable {
    private let lock = Mutex(())
    private var counts: [String: Int] = [:]

    func asked(_ path: String) -> Int { lock.withLock { _ in counts[path] ?? 0 } }

    var name: String { "counting" }
    var attribution: Attribution { .marvel }
    var capabilities: LiveSourceCapabilities { LiveSourceCapabilities(listParameters: [:], orders: [:]) }
    var answerMaxAge: Int { 60 }
    var health: SourceHealth { SourceHealth(canAnswer: true) }

    func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                base: String) async throws(APIFailure) -> RouteAnswer {
        let path = String(pathAndQuery.prefix { $0 != "?" })
        lock.withLock { _ in counts[path, default: 0] += 1 }
        var answer = RouteAnswer(page: CatalogPage(total: 1, results: [#"{"id":1,"name":"One"}"#]), limit: 1, offset: 0)
        if path.hasSuffix("comics") { answer.unknown.mark(["description"], of: 1) }
        if path.hasSuffix("series") { answer.partial = true }
        if path.hasSuffix("events") { answer.staleSince = Date(timeIntervalSince1970: 1_700_000_000) }
        return answer
    }

    func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage? { nil }
}
