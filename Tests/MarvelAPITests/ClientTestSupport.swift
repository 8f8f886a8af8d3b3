import Foundation
import HTTPTransport
import Synchronization
@testable import MarvelAPI
import TestSupport
import XCTest

/// Marvel-shaped pages for the loopback server, made with the library's own encoder.
enum FakeMarvel {
    static func character(_ id: Int) -> MarvelCharacter {
        MarvelCharacter(id: id, name: "Hero \(id)",
                        thumbnail: MarvelImage(path: "http://127.0.0.1:1/img/\(id)", fileExtension: "jpg"))
    }

    static func page(_ ids: [Int], offset: Int = 0, total: Int? = nil, etag: String? = nil) -> Data {
        let wrapper = DataWrapper(attributionText: "Data provided by Marvel. © 2026 MARVEL", etag: etag,
                                  data: DataContainer(offset: offset, limit: 20, total: total ?? ids.count,
                                                      results: ids.map(character)))
        return try! JSONEncoder().encode(wrapper)
    }

    static func error(_ code: Int, _ status: String) -> Data {
        try! JSONEncoder().encode(MarvelErrorBody(code: .number(code), message: status))
    }
}

/// Records retry waits instead of sleeping.
final class SleepRecorder: Sendable {
    private let recorded = Mutex<[Duration]>([])
    var delays: [Duration] { recorded.withLock { $0 } }

    var policy: RetryPolicy {
        RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(500), maxDelay: .seconds(8), maxRetryAfter: .seconds(20)) {
            [self] delay in recorded.withLock { $0.append(delay) }
        }
    }
}

/// A counter shared with server handlers.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
    var current: Int { value.withLock { $0 } }
}

func temporaryDirectory(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("mg-\(name)-\(UUID().uuidString)")
}

func makeClient(_ server: LoopbackHTTPServer, credentials: MarvelCredentials? = nil, cache: ResponseCache? = nil,
                retry: RetryPolicy = .none, timeouts: HTTPTimeouts? = nil) throws -> MarvelClient {
    MarvelClient(baseURL: server.baseURL, credentials: credentials, transport: try HTTPTransport(),
                 cache: cache, retryPolicy: retry, timeouts: timeouts)
}

func thrownError(_ body: () async throws -> some Any) async -> (any Error)? {
    do { _ = try await body(); return nil } catch { return error }
}
