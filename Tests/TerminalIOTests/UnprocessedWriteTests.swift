import Foundation
import TestSupport
import XCTest
@testable import TerminalIO
#if canImport(Glibc)
import Glibc
#endif

/// `render` writes its pictures with the terminal's output processing off (the kernel scanned
/// each byte of megabytes of base64 for newlines) and sends CR LF itself.
final class UnprocessedWriteTests: XCTestCase {
    func testLineEndsArriveAsTheTerminalWouldHaveMadeThemAndOutputProcessingIsBackAfter() throws {
        guard let (master, slave, _) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        defer { close(master); close(slave) }
        var before = termios()
        XCTAssertEqual(tcgetattr(slave, &before), 0)
        XCTAssertNotEqual(before.c_oflag & tcflag_t(OPOST), 0, "a new pty processes output")

        try TTY.writeUnprocessed(Array("a\nb\r\nc\n".utf8) + [UInt8](repeating: 0x41, count: 2_000), to: slave)
        var got: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while got.count < 2_009 {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 2000) > 0 else { break }
            let n = read(master, &buf, buf.count)
            if n <= 0 { break }
            got += buf[0..<n]
        }
        // With the kernel's ONLCR on, the CR LF written would have arrived as CR CR LF.
        XCTAssertEqual(Array(got.prefix(9)), Array("a\r\nb\r\nc\r\n".utf8))
        XCTAssertEqual(got.count, 9 + 2_000)
        var after = termios()
        XCTAssertEqual(tcgetattr(slave, &after), 0)
        XCTAssertEqual(after.c_oflag, before.c_oflag, "output processing is back")
    }

    func testAFileGetsTheBytesAsTheyAre() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unprocessed-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { unlink(path) }
        try TTY.writeUnprocessed(Array("a\nb\n".utf8), to: fd)
        close(fd)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("a\nb\n".utf8))
    }
}
