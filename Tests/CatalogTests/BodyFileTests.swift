@testable import CatalogServer
import Foundation
import NIOCore
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A cached body's memory file holds the body's bytes, cannot be written again, and closes
/// when its last holder (the cache entry, a write in flight) lets go.
final class BodyFileTests: XCTestCase {
    func testTheFileHoldsTheBodySealedAndClosesWithItsLastHolder() throws {
        XCTAssertNil(BodyFile(ByteBuffer(repeating: 1, count: BodyFile.smallest - 1)), "a small body goes with its head")
        let bytes = (0..<(BodyFile.smallest + 4_321)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var file: BodyFile? = try XCTUnwrap(BodyFile(ByteBuffer(bytes: bytes)))
        XCTAssertEqual(file?.count, bytes.count)
        var first = Optional(try XCTUnwrap(file).sending()), second = Optional(try XCTUnwrap(file).sending())
        XCTAssertEqual(first?.region.readableBytes, bytes.count)
        let descriptor = try XCTUnwrap(first).region.fileHandle.withUnsafeFileDescriptor { $0 }
        try XCTUnwrap(second).region.fileHandle.withUnsafeFileDescriptor { fd in
            XCTAssertEqual(fd, descriptor, "one descriptor, a handle per write")
            var read = [UInt8](repeating: 0, count: bytes.count + 1)
            XCTAssertEqual(pread(fd, &read, read.count, 0), bytes.count)
            XCTAssertEqual(Array(read.prefix(bytes.count)), bytes)
        }
        // Sealed: the bytes an answer is sending cannot change under it.
        XCTAssertEqual(pwrite(descriptor, [UInt8(9)], 1, 0), -1, "sealed against writes")
        XCTAssertEqual(errno, EPERM)
        XCTAssertEqual(ftruncate(descriptor, 1), -1, "sealed against shrinking")

        file = nil
        XCTAssertNotEqual(fcntl(descriptor, F_GETFD), -1, "the writes in flight still hold it")
        first?.release()
        first = nil
        XCTAssertNotEqual(fcntl(descriptor, F_GETFD), -1, "one write still holds it")
        second?.release()
        second = nil
        XCTAssertEqual(fcntl(descriptor, F_GETFD), -1, "closed with its last holder")
        XCTAssertEqual(errno, EBADF)
    }

    /// Given a folder, the body goes in a file there without a name (the folder stays empty),
    /// held through a descriptor that cannot write, and closed once its cache entry goes and
    /// the last write lets go.
    func testADiskFileHasNoNameCannotBeWrittenAndClosesWhenItsEntryGoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<(BodyFile.smallest + 999)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        // Room for one entry with its file (the body counted twice) but not two.
        let cache = AnswerCache(budgetBytes: 3 * bytes.count, fileFolder: folder.path)
        cache.put("first", AnswerCache.Entry(etag: "\"a\"", body: ByteBuffer(bytes: bytes)))
        var sending = Optional(try XCTUnwrap(cache.get("first")?.file).sending())
        let descriptor = try XCTUnwrap(sending).region.fileHandle.withUnsafeFileDescriptor { $0 }

        var link = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/fd/\(descriptor)", &link, link.count - 1)
        XCTAssertGreaterThan(length, 0)
        let target = String(decoding: link.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        XCTAssertTrue(target.hasPrefix(folder.path + "/") && target.hasSuffix(" (deleted)"), "in the folder, unnamed: \(target)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        var read = [UInt8](repeating: 0, count: bytes.count + 1)
        XCTAssertEqual(pread(descriptor, &read, read.count, 0), bytes.count)
        XCTAssertEqual(Array(read.prefix(bytes.count)), bytes)
        XCTAssertEqual(pwrite(descriptor, [UInt8(9)], 1, 0), -1, "read-only")
        XCTAssertEqual(errno, EBADF)

        cache.put("second", AnswerCache.Entry(etag: "\"b\"", body: ByteBuffer(bytes: bytes)))
        XCTAssertNil(cache.get("first"), "pushed out of the cache")
        XCTAssertNotEqual(fcntl(descriptor, F_GETFD), -1, "the write in flight still holds it")
        sending?.release()
        sending = nil
        XCTAssertEqual(fcntl(descriptor, F_GETFD), -1, "closed with its last holder")
        XCTAssertEqual(errno, EBADF)
    }

    /// At most `BodyFile.most` files are open at once; past it a body has none, and one
    /// let go makes room again.
    func testFilesOpenAtOnceAreCapped() throws {
        let body = ByteBuffer(repeating: 7, count: BodyFile.smallest)
        var files: [BodyFile] = []
        while let file = BodyFile(body) {
            files.append(file)
            XCTAssertLessThanOrEqual(files.count, BodyFile.most)
            if files.count > BodyFile.most { break }
        }
        XCTAssertEqual(BodyFile.openCount, BodyFile.most, "the cap, counting files other tests left open")
        XCTAssertFalse(files.isEmpty)
        files.removeLast()
        XCTAssertNotNil(BodyFile(body), "room for one again")
    }
}
