import Foundation
import MetronSource
import TestSupport
import XCTest

/// `../shared/metron-recorded/` (never copied into the repository); tests skip when absent.
enum MetronRecordings {
    struct Entry {
        let file: String
        /// `/api/character/1/`, `/api/arc/?page=10`.
        let request: String
        var kind: String { String(request.split(separator: "/")[1]) }
        var isList: Bool {
            let parts = request.split(separator: "?")[0].split(separator: "/")
            return parts.count == 2 || parts.last == "issue_list"
        }
        /// The id of a detail request.
        var id: Int? { isList ? nil : Int(request.split(separator: "/").last ?? "") }
        var page: Int {
            guard let range = request.range(of: "page=") else { return 1 }
            return Int(request[range.upperBound...].prefix { $0.isNumber }) ?? 1
        }
    }

    static func folder() throws -> URL {
        guard let shared = RepoPaths.shared else {
            throw XCTSkip("../shared is absent: the Metron recordings are not available on this clone")
        }
        return shared.appendingPathComponent("metron-recorded")
    }

    static func index() throws -> [Entry] {
        let text = try String(contentsOf: folder().appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 2 ? Entry(file: fields[0], request: fields[1]) : nil
        }
    }

    static func data(_ file: String) throws -> Data { try Data(contentsOf: folder().appendingPathComponent(file)) }

    static func detail<T: MetronRecord>(_ type: T.Type, _ file: String) throws -> (T, [String]) {
        try MetronDecoding.detail(type, from: data(file), what: file)
    }

    static func page<T: MetronRecord>(_ type: T.Type, _ file: String) throws -> MetronPage<T> {
        try MetronDecoding.page(type, from: data(file), what: file)
    }
}
