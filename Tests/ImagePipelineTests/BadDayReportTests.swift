import Foundation
import HTTPTransport
import ImageCore
import TestSupport
import XCTest
@testable import ImagePipeline

/// What the pipeline tells the gallery's status line on a bad day (issue 17): a disk cache that
/// refuses writes says why, and a damaged picture is shown, never cached, and counted once.
final class BadDayReportTests: XCTestCase {
    /// Decodes `DMG:` bodies as damaged (the recovered part is an 8x8 grey), the rest as FakeDecoder.
    struct DamagingDecoder: ImageDecoding {
        let fake = FakeDecoder()
        func decode(_ data: [UInt8]) throws -> PixelImage {
            guard data.starts(with: Array("DMG:".utf8)) else { return try fake.decode(data) }
            throw ImagePipelineError.damaged("Premature end of JPEG file",
                                             partial: RGBImage(width: 8, height: 8, pixels: Array(repeating: 128, count: 192)))
        }
    }

    func testAWriteTheDiskRefusesIsExplained() async throws {
        let dir = TempDir()
        let disk = DiskCache(directory: dir.url)
        // Where the cache writes its temporary files is now a file: every write fails (ENOTDIR),
        // even for root, which read-only modes would not stop.
        let tmp = dir.url.appendingPathComponent("tmp")
        try FileManager.default.removeItem(at: tmp)
        try Data().write(to: tmp)
        let h = Harness(disk: disk)
        XCTAssertNil(h.pipeline.diskCacheProblem)
        let r = try await h.pipeline.image(for: req("http://h/a.jpg"))
        XCTAssertNotNil(r.thumbnail, "shown from memory all the same")
        await eventually { h.pipeline.diskCacheProblem != nil }
        let problem = try XCTUnwrap(h.pipeline.diskCacheProblem)
        XCTAssertEqual(problem, "image cache \(dir.url.path) refused a write (Not a directory): pictures kept in memory")
        XCTAssertEqual(h.pipeline.metrics.diskWriteFailures, 1)
    }

    func testAFullDiskIsExplained() async throws {
        let parent = TempDir()
        guard let small = try SmallDisk.mount(megabytes: 1, under: parent.url) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(small) {} }
        let filler = small.url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 64 << 10))) != nil {}
        try? handle.close()
        let loader = FakeLoader()
        loader.state.withLock { $0.bodies["http://h/big.jpg"] = Array("IMG:".utf8) + Array(repeating: 7, count: 200_000) }
        let h = Harness(loader: loader, disk: DiskCache(directory: small.url.appendingPathComponent("images")))
        _ = try await h.pipeline.image(for: req("http://h/big.jpg"))
        await eventually { h.pipeline.diskCacheProblem != nil }
        XCTAssertTrue(h.pipeline.diskCacheProblem?.contains("(No space left on device)") == true, "\(String(describing: h.pipeline.diskCacheProblem))")
    }

    /// A read-only disk where the cache folder should be made: the notice says so, not the
    /// write's "No such file or directory" (the folder was never made).
    func testAReadOnlyDiskIsExplainedAsSuch() throws {
        let parent = TempDir()
        guard let disk = try SmallDisk.mount(megabytes: 1, under: parent.url, readOnly: true) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(disk) {} }
        let cache = DiskCache(directory: disk.url.appendingPathComponent("images"))
        cache.store(Array(repeating: 1, count: 100), for: "http://h/a.jpg")
        XCTAssertEqual(cache.eventCounts.firstWriteError, "Read-only file system")
    }

    /// Issue 27: a full disk leaves no 0-byte `tmp/PID.index.tmp` (or entry temp file) behind.
    func testAFullDiskLeavesNoEmptyTempFiles() throws {
        let parent = TempDir()
        guard let small = try SmallDisk.mount(megabytes: 1, under: parent.url) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(small) {} }
        let disk = DiskCache(directory: small.url.appendingPathComponent("images"))
        for n in 0..<50 { disk.store(Array(repeating: UInt8(n), count: 100), for: "http://h/\(n).jpg") }
        let filler = small.url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4 << 10))) != nil {}
        try? handle.close()
        disk.store(Array(repeating: 9, count: 200_000), for: "http://h/big.jpg")
        disk.flush()
        XCTAssertGreaterThan(disk.eventCounts.writeFailures, 0, "the disk is full")
        let tmp = small.url.appendingPathComponent("images/tmp").path
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp)
        XCTAssertEqual(left, [], "no temp file left behind: \(left)")
    }

    func testADamagedPictureIsShownNotCachedAndCountedOnce() async throws {
        let dir = TempDir()
        let url = "http://h/cut.jpg"
        let loader = FakeLoader()
        loader.state.withLock { $0.bodies[url] = Array("DMG:cut short".utf8) }
        let disk = DiskCache(directory: dir.url)
        let h = Harness(loader: loader, disk: disk) { $0.decoder = DamagingDecoder() }
        let first = try await h.pipeline.image(for: req(url))
        XCTAssertNotNil(first.thumbnail, "shown as far as it decodes")
        let second = try await h.pipeline.image(for: req(url, 12, 6))
        XCTAssertNotNil(second.thumbnail)
        XCTAssertEqual(loader.hits(url), 2, "not cached: a second look downloads it again")
        XCTAssertFalse(disk.contains(url))
        XCTAssertEqual(h.pipeline.metrics.damagedImages, 1, "one damaged picture, however often it is shown")
    }

    /// A picture that cannot be shown at all (a 404, bytes that are no image) is counted once
    /// with the reason of the last failure, so the status line can explain the hatched tiles;
    /// one that loads after its negative-cache time is no longer counted.
    func testPicturesThatCannotBeShownAreCountedWithTheLastReasonUntilTheyLoad() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock {
            $0.failures["http://h/404.jpg"] = [.httpStatus(404)]
            $0.bodies["http://h/page.jpg"] = Array("<html>Oops</html>".utf8)
        }
        let clock = Locked<UInt64>(1_000_000_000)
        let h = Harness(loader: loader) { $0.clock = { clock.get } }
        XCTAssertEqual(h.pipeline.failedPictures.count, 0)
        let missing = try await h.pipeline.image(for: req("http://h/404.jpg"))
        XCTAssertEqual(missing.placeholder, .failed)
        XCTAssertEqual(h.pipeline.failedPictures.count, 1)
        XCTAssertEqual(h.pipeline.failedPictures.lastReason, "image server answered HTTP 404")
        _ = try await h.pipeline.image(for: req("http://h/404.jpg", 12, 6))
        let page = try await h.pipeline.image(for: req("http://h/page.jpg"))
        XCTAssertEqual(page.placeholder, .failed)
        XCTAssertEqual(h.pipeline.failedPictures.count, 2, "each picture once, however often it is asked for")
        XCTAssertTrue(h.pipeline.failedPictures.lastReason?.hasPrefix("image could not be decoded") == true,
                      "\(String(describing: h.pipeline.failedPictures.lastReason))")
        clock.withLock { $0 += 31_000_000_000 }   // past the negative cache: asked again, and it loads
        let later = try await h.pipeline.image(for: req("http://h/404.jpg"))
        XCTAssertNotNil(later.thumbnail)
        XCTAssertEqual(h.pipeline.failedPictures.count, 1, "a picture that loaded is no longer counted")
    }
}
