import Foundation
import XCTest

/// Text snapshots of frames: compared line by line with `__Snapshots__/<name>.txt` beside the
/// calling test file; re-recorded when the environment has `RECORD_SNAPSHOTS=1` (review the
/// diff before committing).
public enum Snapshot {
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// The snapshots folder of the test file `file`.
    public static func directory(of file: StaticString) -> URL {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    public static func assert(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let directory = directory(of: file)
        let url = directory.appendingPathComponent(name + ".txt")
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("no snapshot \(name).txt; run with RECORD_SNAPSHOTS=1 to record it", file: file, line: line)
            return
        }
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        guard expected != text else { return }
        XCTFail("snapshot \(name) differs:\n" + diff(expected: expected, actual: text), file: file, line: line)
    }

    /// Changed lines, numbered, expected (-) then actual (+).
    public static func diff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : nil
            let al = i < a.count ? String(a[i]) : nil
            if el != al {
                if let el { out.append(String(format: "%3d - %@", i + 1, el)) }
                if let al { out.append(String(format: "%3d + %@", i + 1, al)) }
            }
        }
        return out.joined(separator: "\n")
    }
}
