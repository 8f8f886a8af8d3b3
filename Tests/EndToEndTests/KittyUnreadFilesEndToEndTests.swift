import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// kitty pictures as temporary files to a terminal that never reads them (tmux without
/// passthrough, a terminal that read only the probe): unbounded, PageDown leaves 670 files and
/// 29 MB in 15 s (a tmpfs /tmp is memory). The real program, told to send files, on a
/// pseudo-terminal that reads its output and nothing else: the unread files stay within 64
/// files and 16 MB, and once one has waited 5 s the program streams every picture instead
/// and removes them.
final class KittyUnreadFilesEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    /// Files and bytes in the program's run folders under `tmp`.
    private func unreadFiles(in tmp: String) -> (files: Int, bytes: Int) {
        let user = tmp + "/marvel-gallery-\(getuid())"
        var files = 0, bytes = 0
        for run in (try? FileManager.default.contentsOfDirectory(atPath: user)) ?? [] {
            let dir = user + "/" + run
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
                files += 1
                bytes += ((try? FileManager.default.attributesOfItem(atPath: dir + "/" + name))?[.size] as? Int) ?? 0
            }
        }
        return (files, bytes)
    }

    func testUnreadFilesAreBoundedAndTheProgramSwitchesToStreaming() throws {
        let home = try temporaryDirectory().path, tmp = try temporaryDirectory().path
        let program = try PtyProcess(["characters"], environment: [
            "TMPDIR": tmp, "TERM": "xterm-kitty", "MARVEL_GALLERY_GRAPHICS": "kitty", "MARVEL_GALLERY_GRAPHICS_TRANSFER": "file",
        ], home: home, rows: 40, columns: 120, controlling: true)
        defer { program.close() }
        XCTAssertTrue(program.read(until: { $0.contains("t=t,") }, seconds: 60), "no picture sent as a file")
        let streamed = Array("\u{1B}_Ga=t,f=100,t=d,".utf8)
        var peak = (files: 0, bytes: 0), keys = 0
        // The first streamed picture (at the bound, or once files are off).
        var streamedAt: Date?
        let start = Date()
        // PageDown (and back up, so that there is always a new page) until the program has
        // streamed a picture after sending files, and none of its files is left.
        while Date().timeIntervalSince(start) < 90 {
            program.type(keys / 40 % 2 == 0 ? "\u{1B}[6~" : "\u{1B}[5~")
            keys += 1
            let from = program.output.count
            program.read(for: 0.1)
            let now = unreadFiles(in: tmp)
            peak = (max(peak.files, now.files), max(peak.bytes, now.bytes))
            if streamedAt == nil, program.output[max(0, from - streamed.count)...].firstRange(of: streamed) != nil { streamedAt = Date() }
            // Nobody reads the files: they go only when the program gives up on them.
            if streamedAt != nil, now.files == 0 { break }
        }
        let since = Date().timeIntervalSince(start)
        print("unread kitty files: peak \(peak.files) files, \(peak.bytes) bytes; \(keys) keys; first picture streamed after "
              + "\(String(format: "%.1f", streamedAt.map { $0.timeIntervalSince(start) } ?? -1)) s, files removed after \(String(format: "%.1f", since)) s")
        XCTAssertLessThanOrEqual(peak.files, 64)
        XCTAssertLessThanOrEqual(peak.bytes, 16 << 20)
        XCTAssertNotNil(streamedAt, "never streamed a picture in \(since) s")
        XCTAssertEqual(unreadFiles(in: tmp).files, 0, "the unread files are removed")
        program.type("q")
        XCTAssertEqual(program.outcome(within: 10), "exit 0")
    }
}
