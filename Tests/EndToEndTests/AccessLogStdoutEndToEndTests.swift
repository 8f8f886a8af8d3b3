import Foundation
import TestSupport
import XCTest

/// `serve --access-log -`: standard output is the log alone (one combined-format line per
/// request, what a log reader piped to it expects); the start banner is on standard error.
final class AccessLogStdoutEndToEndTests: XCTestCase {
    func testStdoutHoldsOnlyLogLinesAndTheBannerIsOnStderr() throws {
        try Prerequisites.program()
        let process = Process()
        process.executableURL = RepoPaths.executable
        process.arguments = ["serve", "--port", "0", "--access-log", "-"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        // The banner (and the address) on stderr.
        var banner = ""
        var base: String?
        let deadline = Date().addingTimeInterval(30)
        while base == nil, Date() < deadline, process.isRunning {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.02); continue }
            banner += String(decoding: chunk, as: UTF8.self)
            base = banner.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression).map { String(banner[$0]) }
        }
        let address = try XCTUnwrap(base, "no banner on stderr: \(banner)")
        XCTAssertTrue(banner.contains("marvel-gallery: serving the catalog at"), banner)

        for target in ["/v1/public/characters?limit=1", "/health"] {
            _ = try Spawn.run(ServeProcess.curl, ["-s", "-o", "/dev/null", "--max-time", "10", address + target])
        }
        process.terminate()
        process.waitUntilExit()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 2, "one line per request and nothing else: \(stdout)")
        let combined = #"^127\.0\.0\.1 - - \[[^\]]+\] "GET [^"]+ HTTP/1\.1" [0-9]{3} [0-9]+ "-" "curl/[^"]+"$"#
        for line in lines {
            XCTAssertNotNil(line.range(of: combined, options: .regularExpression), "not a combined-format line: \(line)")
        }
        XCTAssertFalse(stdout.contains("serving"), "the banner is not in the log: \(stdout)")
    }
}
