import Foundation
import Settings
import XCTest

/// Issue 27: `--private-key-file` warns when others may read it (like config.toml's check), a
/// FIFO nobody writes to is a clear error at once (not a hung `serve`), and a pipe with a
/// writer (`<(pass show marvel)`) still works, read once however often the key is asked for.
final class PrivateKeyFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func keyFile(mode: Int) throws -> String {
        let path = folder.appendingPathComponent("key-\(mode)").path
        try Data("0123456789abcdef\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode_t(mode))
        return path
    }

    func testAKeyFileOthersCanReadWarnsButWorks() throws {
        var warnings: [String] = []
        let open = try keyFile(mode: 0o644)
        XCTAssertEqual(try Settings.readPrivateKeyFile(open, warn: { warnings.append($0) }), "0123456789abcdef")
        XCTAssertEqual(warnings, ["warning: --private-key-file \(open) is readable or writable by others (mode 644); chmod 600 it"])
        XCTAssertFalse(warnings.joined().contains("0123456789abcdef"), "the key is never in the warning")
        warnings = []
        let closed = try keyFile(mode: 0o600)
        XCTAssertEqual(try Settings.readPrivateKeyFile(closed, warn: { warnings.append($0) }), "0123456789abcdef")
        XCTAssertEqual(warnings, [])
    }

    func testAFIFOWithNoWriterIsAnErrorAtOnce() throws {
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let start = Date()
        XCTAssertThrowsError(try Settings.readPrivateKeyFile(fifo, warn: { _ in })) { error in
            XCTAssertTrue("\(error)".contains("is a FIFO (named pipe) with nothing writing to it"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "no wait for a writer")
    }

    func testAPipeWithAWriterIsReadOnceAndRemembered() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let path = "/proc/self/fd/\(fds[0])"
        // The writer answers late (like `pass` asking for a passphrase), then closes.
        let writeEnd = fds[1]
        let writer = Thread {
            usleep(200_000)
            _ = "pipedkey42\n".withCString { write(writeEnd, $0, 11) }
            close(writeEnd)
        }
        writer.start()
        XCTAssertEqual(try Settings.readPrivateKeyFile(path, warn: { _ in }), "pipedkey42")
        XCTAssertEqual(try Settings.readPrivateKeyFile(path, warn: { _ in }), "pipedkey42", "asked again: not read again")
    }
}
