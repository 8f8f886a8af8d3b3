import Foundation
import MarvelAPI
import TestSupport
import XCTest

/// Reads `../shared/marvel-recorded/` (never copied into the repository); skips when absent.
enum RecordedFixtures {
    static func url(_ relative: String) throws -> URL {
        guard let shared = RepoPaths.shared else {
            throw XCTSkip("../shared is absent: recorded Marvel responses are not available on this clone")
        }
        return shared.appendingPathComponent("marvel-recorded").appendingPathComponent(relative)
    }

    static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    static func page<T: Codable & Sendable>(_ type: T.Type, _ relative: String) throws -> DataWrapper<T> {
        try JSONDecoder().decode(DataWrapper<T>.self, from: data(relative))
    }

    static func date(_ text: String) -> Date {
        guard let date = MarvelDate.parse(text) else { fatalError("bad test date \(text)") }
        return date
    }
}
