import Foundation
import XCTest

extension LoopbackHTTP {
    /// Every result of a list, page by page (limit 100, offsets as the answers count them),
    /// each page asserted 200; what was read when one is not.
    func everyResult(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        var all: [[String: Any]] = []
        var offset = 0
        let joiner = target.contains("?") ? "&" : "?"
        while true {
            let reply = try get("\(target)\(joiner)limit=100&offset=\(offset)")
            XCTAssertEqual(reply.status, 200, "\(target): \(reply.text.prefix(200))", file: file, line: line)
            guard reply.status == 200 else { return all }
            let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any], file: file, line: line)
            let data = try XCTUnwrap(body["data"] as? [String: Any], file: file, line: line)
            let results = try XCTUnwrap(data["results"] as? [[String: Any]], file: file, line: line)
            all += results
            offset += results.count
            guard !results.isEmpty, offset < (data["total"] as? Int ?? 0) else { return all }
        }
    }
}
