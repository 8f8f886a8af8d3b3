import Foundation
import HTTPTransport
import XCTest

/// Seconds since `start`, for bounds checks on timeouts.
func elapsed(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func expectError(_ body: () async throws -> some Any, file: StaticString = #filePath, line: UInt = #line)
    async -> (any Error)? {
    do {
        _ = try await body()
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// 93,000 bytes ("Marvel gallery compressed line\n" x 3000) gzipped to 294 bytes (python gzip, level 9).
let gzippedSample = Data(base64Encoded: """
H4sIAAAAAAACA+3JyQmAMBAAwL9VpKEUEXQJwnqQgGD3VuFv5ju1jSey9JYZ4y3rddwj5oyt5H7GUrXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrbXWWmuttdZaa6211lprrf/qD53L2VJIawEA
""")!
let gzippedSampleDecoded = String(repeating: "Marvel gallery compressed line\n", count: 3000)
