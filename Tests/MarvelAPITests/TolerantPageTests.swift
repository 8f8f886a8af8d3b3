import Foundation
import HTTPTransport
import MarvelAPI
import TestSupport
import XCTest

/// One record that cannot be read is skipped and counted; the rest of its page is kept.
final class TolerantPageTests: XCTestCase {
    /// The 2014 recording with the first record's name removed.
    func namelessRecording() throws -> Data {
        let data = try RecordedFixtures.data("o-i-marvel-2014/characters/characters.json")
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var container = try XCTUnwrap(json["data"] as? [String: Any])
        var results = try XCTUnwrap(container["results"] as? [[String: Any]])
        results[0].removeValue(forKey: "name")
        container["results"] = results
        json["data"] = container
        return try JSONSerialization.data(withJSONObject: json)
    }

    func testANamelessRecordIsSkippedAndCounted() throws {
        let page = try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: namelessRecording())
        XCTAssertEqual(page.data.results.count, 19)
        XCTAssertEqual(page.data.unreadable, 1)
        XCTAssertEqual(page.data.results.first?.name, "A-Bomb (HAS)")
    }

    func testThePaginatorKeepsTheGoodRecordsAndCountsTheOffsetPastTheBadOne() async throws {
        let body = try namelessRecording()
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let paginator = try makeClient(server).paginator(try .characters(.init(orderBy: .name)), pageSize: 20)
        let loaded = try await paginator.loadNextPage()
        let update = try XCTUnwrap(loaded)
        XCTAssertEqual(update.newItems.count, 19)
        XCTAssertEqual(update.unreadable, 1)
        XCTAssertEqual(update.total, 1394)
        // The next page starts after all 20 records the server sent, the unreadable one included.
        _ = try? await paginator.loadNextPage()
        XCTAssertEqual(server.requests.last?.query["offset"], "20")
    }

    func testAPageThatIsNotAListStillFails() {
        let bad = Data(#"{"code":200,"status":"Ok","data":{"offset":0,"results":{"id":1}}}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: bad))
    }
}

/// Seeded mutations of a real page through the page decoder: a page, or a typed decoding
/// error, never a crash. Bad records inside a good page are counted, not fatal.
final class PageDecoderFuzzTests: XCTestCase {
    func testSeededMutationsOfARecordedPage() throws {
        let seed = Array(try RecordedFixtures.data("o-i-marvel-2014/characters/characters.json"))
        var state: UInt64 = 20_261_123
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var pages = 0, failures = 0, unreadable = 0
        for _ in 0..<400 {
            var bytes = seed
            let keepsSyntax = next() % 2 == 0
            for _ in 0..<(1 + Int(next() % 6)) {
                let at = Int(next() % UInt64(bytes.count))
                if keepsSyntax {
                    // A letter for a letter (keys and texts) or a digit for a digit: still JSON,
                    // but a required key ("name", "id") may vanish from one record.
                    if (97...122).contains(bytes[at]) { bytes[at] = UInt8(97 + next() % 26) }
                    else if (48...57).contains(bytes[at]) { bytes[at] = UInt8(48 + next() % 10) }
                } else {
                    // JSON punctuation: breaks strings, numbers and structure.
                    let punctuation = Array("{}[]\":,0a ".utf8)
                    bytes[at] = punctuation[Int(next() % UInt64(punctuation.count))]
                }
            }
            do {
                let page = try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: Data(bytes))
                pages += 1
                unreadable += page.data.unreadable
                XCTAssertLessThanOrEqual(page.data.results.count + page.data.unreadable, 20)
            } catch is DecodingError {
                failures += 1
            }
        }
        XCTAssertEqual(pages + failures, 400)
        XCTAssertGreaterThan(pages, 0)
        XCTAssertGreaterThan(unreadable, 0, "some mutations break one record only")
    }
}

/// The response cache stays under its size limit, dropping the least recently used first.
final class ResponseCacheLimitTests: XCTestCase {
    func testOldestUnusedEntriesGoFirstAndTheFolderStaysBounded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-responses-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = ResponseCache(directory: dir, sizeLimit: 100_000)
        let body = Data(repeating: 0x41, count: 10_000)
        let first = URL(string: "http://h/v1/public/characters?offset=0")!
        try cache.store(first, etag: "a", body: body)
        // Older modification times for everything stored so far, then the first entry is used.
        for i in 1..<5 { try cache.store(URL(string: "http://h/v1/public/characters?offset=\(i)")!, etag: nil, body: body) }
        let folder = dir.appendingPathComponent("responses")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        XCTAssertNotNil(cache.load(first), "a hit makes the entry the most recently used")
        for i in 5..<40 {
            try cache.store(URL(string: "http://h/v1/public/characters?offset=\(i)")!, etag: nil, body: body)
            XCTAssertNotNil(cache.load(first), "used all along, so never the least recently used (store \(i))")
        }
        let info = cache.info
        XCTAssertLessThanOrEqual(info.totalSize, 100_000)
        XCTAssertGreaterThan(info.entryCount, 3)
        XCTAssertNotNil(cache.load(first), "the recently used entry stayed")
        XCTAssertNil(cache.load(URL(string: "http://h/v1/public/characters?offset=1")!), "an old unused one went")
        try cache.removeAll()
        XCTAssertEqual(cache.info.entryCount, 0)
    }

    /// A full disk (ENOSPC) loses nothing: the answer is kept in memory, the reason is said,
    /// and the disk holds no entry for it, neither whole nor half, nor a temp file.
    func testAFullDiskKeepsTheAnswerInMemoryAndNoHalfEntry() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("mg-responses-full-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: parent) }
        guard let small = try SmallDisk.mount(megabytes: 1, under: parent) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(small) {} }
        let folder = small.url.appendingPathComponent("cache")
        let cache = ResponseCache(directory: folder)
        let filler = small.url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 16 << 10))) != nil {}
        try? handle.close()
        let url = URL(string: "http://h/v1/public/characters?offset=0")!
        let body = Data(repeating: 0x41, count: 200_000)
        XCTAssertNoThrow(try cache.store(url, etag: "e1", body: body))
        XCTAssertEqual(cache.load(url)?.body, body, "kept in memory")
        let reason = try XCTUnwrap(cache.unavailableReason)
        XCTAssertTrue(reason.contains("No space left on device"), reason)
        let again = ResponseCache(directory: folder)
        XCTAssertNil(again.load(url), "nothing on disk for it")
        XCTAssertEqual(again.info.entryCount, 0)
        let temps = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("responses.tmp").path)
        XCTAssertEqual(temps, [], "no half-written temp file left")
    }

    /// A cache folder that cannot be written (its parent is a file; works for root too):
    /// responses are kept in memory for the run and the reason is given once.
    func testAnUnwritableFolderKeepsResponsesInMemory() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("mg-responses-file-\(getpid())-\(UUID().uuidString.prefix(8))")
        try Data("x".utf8).write(to: parent)
        defer { try? FileManager.default.removeItem(at: parent) }
        let cache = ResponseCache(directory: parent.appendingPathComponent("cache"))
        let url = URL(string: "http://h/v1/public/characters?offset=0")!
        XCTAssertNoThrow(try cache.store(url, etag: "e1", body: Data("page".utf8)))
        XCTAssertEqual(cache.load(url)?.etag, "e1")
        XCTAssertEqual(cache.load(url)?.body, Data("page".utf8))
        let reason = try XCTUnwrap(cache.unavailableReason)
        XCTAssertTrue(reason.contains("responses kept in memory"), reason)
    }
}
