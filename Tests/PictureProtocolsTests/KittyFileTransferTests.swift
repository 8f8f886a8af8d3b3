import Foundation
import Synchronization
import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// In-memory `KittyPictureFiles`: records writes and discards; `failing` ids cannot be written
/// (a full disk).
final class MemoryPictureFiles: KittyPictureFiles, @unchecked Sendable {
    private let lock = Mutex(())
    private var _written: [UInt32: [UInt8]] = [:]
    private var _discarded: [String] = []
    private var _unread: [UInt32] = []
    let failing: Set<UInt32>
    init(failing: Set<UInt32> = []) { self.failing = failing }

    var written: [UInt32: [UInt8]] { lock.withLock { _ in _written } }
    var discarded: [String] { lock.withLock { _ in _discarded } }

    func write(_ bytes: [UInt8], id: UInt32) -> String? {
        if failing.contains(id) { return nil }
        lock.withLock { _ in _written[id] = bytes }
        return "/tmp/mg-test-tty-graphics-protocol/\(id).png"
    }
    func discard(_ path: String) { lock.withLock { _ in _discarded.append(path) } }
    /// The next `takeUnread` gives `ids` (the terminal was found not to read them).
    func markUnread(_ ids: [UInt32]) { lock.withLock { _ in _unread = ids } }
    func takeUnread() -> [UInt32] { lock.withLock { _ in defer { _unread = [] }; return _unread } }
}

/// kitty pictures sent as temporary files (`t=t`) and every way back to streaming: a write
/// that fails, an error reply from the terminal (it lied about sharing files, or the file
/// vanished), checked on the virtual terminal.
final class KittyFileTransferTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private func payload(_ id: UInt32) -> [UInt8] { Array(repeating: UInt8(id), count: 3000) }

    private func frame(_ ids: [UInt32]) -> Buffer {
        var b = Buffer(size: Size(width: 40, height: 6))
        for (i, id) in ids.enumerated() {
            var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(UInt8(id), 90, 200))
            cells.pixels = TerminalImage(id: id, graphics: .kitty, cols: 4, rows: 2, payload: payload(id),
                                         pixelSize: Size(width: 40, height: 40))
            b.render(HalfBlockImage(cells), in: Rect(x: i * 5, y: 1, width: 4, height: 2))
        }
        b.settleImages()
        return b
    }

    /// The path is the payload (base64), about 100 bytes a picture; the terminal stores it.
    func testPicturesGoAsTemporaryFilesAndCostAFewBytesEach() {
        let files = MemoryPictureFiles()
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.kittyFiles = files
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let out = enc.encode(BufferDiff.fullRepaint(frame([1, 2, 3])))
        vt.feed(out)
        XCTAssertEqual(vt.graphics.transfers, ["t": 3], s(out))
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 2, 3])
        XCTAssertEqual(files.written[2], payload(2), "the file holds the picture")
        let path64 = Data("/tmp/mg-test-tty-graphics-protocol/2.png".utf8).base64EncodedString()
        XCTAssertTrue(s(out).contains("\u{1B}_Ga=t,f=100,t=t,i=2,q=1;\(path64)\u{1B}\\"), s(out))
        XCTAssertLessThan(out.count, 600, "three pictures of 3000 bytes cost \(out.count) bytes")
        XCTAssertEqual(enc.imagesSentAsFiles, 3)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    /// A full /tmp: the picture whose file could not be written is streamed; the others go as files.
    func testAFailedWriteStreamsThatPicture() {
        let files = MemoryPictureFiles(failing: [2])
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.kittyFiles = files
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let out = enc.encode(BufferDiff.fullRepaint(frame([1, 2, 3])))
        vt.feed(out)
        XCTAssertEqual(vt.graphics.transfers, ["t": 2, "d": 1])
        XCTAssertTrue(s(out).contains("a=t,f=100,t=d,i=2,"), s(out))
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 2, 3], "no blank tile")
    }

    /// The terminal answers an error for a file (it lied about sharing files, or the file
    /// vanished): that picture is streamed and placed again, every later picture is streamed,
    /// and the unread file is removed.
    func testAnErrorReplyStreamsThatPictureAndEveryLaterOne() {
        let files = MemoryPictureFiles()
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.kittyFiles = files
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let first = frame([1, 2])
        vt.feed(enc.encode(BufferDiff.fullRepaint(first)))
        XCTAssertFalse(enc.kittyTransmitFailed(KittyGraphicsReply(id: 1, message: "OK")), "OK changes nothing")
        XCTAssertFalse(enc.kittyTransmitFailed(KittyGraphicsReply(id: 31, message: "ENOENT:x")), "not ours")
        XCTAssertTrue(enc.kittyTransmitFailed(KittyGraphicsReply(id: 2, message: "EBADF:Failed to open file")))
        XCTAssertEqual(files.discarded, ["/tmp/mg-test-tty-graphics-protocol/2.png"])
        // The runner repaints all: picture 2 is streamed and placed again, 1 is only placed.
        let repaint = enc.encode(BufferDiff.fullRepaint(first))
        vt.feed(repaint)
        XCTAssertTrue(s(repaint).contains("a=t,f=100,t=d,i=2,"), s(repaint))
        XCTAssertFalse(s(repaint).contains("i=1,q"), "picture 1 is not sent again")
        XCTAssertTrue(s(repaint).contains("a=p,i=2,"), s(repaint))
        XCTAssertTrue(s(repaint).contains("a=p,i=1,"), s(repaint))
        // A new picture later: streamed.
        let later = enc.encode(BufferDiff(from: first, to: frame([1, 2, 4])))
        vt.feed(later)
        XCTAssertTrue(s(later).contains("a=t,f=100,t=d,i=4,"), s(later))
        XCTAssertEqual(files.written.keys.sorted(), [1, 2], "no file after the failure")
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 2, 4])
        XCTAssertEqual(enc.kittyFileFailures, 1)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    /// The terminal does not read its files (tmux without passthrough, a terminal that read
    /// only the probe): the next frame streams and places those pictures again, pictures read
    /// from files are left alone, and every later picture is streamed.
    func testUnreadFilesAreStreamedAgainByTheNextFrame() {
        let files = MemoryPictureFiles()
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.kittyFiles = files
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let first = frame([1, 2, 3])
        vt.feed(enc.encode(BufferDiff.fullRepaint(first)))
        files.markUnread([2, 3])
        let next = enc.encode(BufferDiff(from: first, to: frame([1, 2, 3, 4])))
        vt.feed(next)
        XCTAssertTrue(s(next).contains("a=t,f=100,t=d,i=2,"), s(next))
        XCTAssertTrue(s(next).contains("a=t,f=100,t=d,i=3,"), s(next))
        XCTAssertTrue(s(next).contains("a=t,f=100,t=d,i=4,"), "a new picture is streamed too")
        XCTAssertFalse(s(next).contains("i=1,q"), "picture 1 was read: not sent again")
        XCTAssertTrue(s(next).contains("a=p,i=2,") && s(next).contains("a=p,i=3,"), s(next))
        XCTAssertEqual(files.written.keys.sorted(), [1, 2, 3], "no file after")
        XCTAssertEqual(enc.kittyUnreadFiles, 2)
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 2, 3, 4])
        XCTAssertEqual(vt.unknownSequences, [])
    }

    /// kitty's replies are read, whole or split, and never typed.
    func testGraphicsRepliesAreDecodedNotTyped() {
        XCTAssertEqual(InputDecoder.decode(Array("a\u{1B}_Gi=7;EBADF:Failed to open file\u{1B}\\b".utf8)),
                       [.key(.char("a")), .graphicsReply(KittyGraphicsReply(id: 7, message: "EBADF:Failed to open file")), .key(.char("b"))])
        var d = InputDecoder()
        var events = d.feed(Array("\u{1B}_Gi=9,p=1;ENO".utf8))
        events += d.feed(Array("ENT:gone\u{1B}\\x".utf8))
        XCTAssertEqual(events, [.graphicsReply(KittyGraphicsReply(id: 9, message: "ENOENT:gone")), .key(.char("x"))])
        XCTAssertEqual(InputDecoder.decode(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)),
                       [.graphicsReply(KittyGraphicsReply(id: 31, message: "OK"))])
        XCTAssertEqual(InputDecoder.decode(Array("\u{1B}_Gnothing\u{1B}\\".utf8)), [], "no id: dropped")
        // Split anywhere by 300 ms (after its Esc too, which is then also the Esc key): still read.
        let bytes = Array("q\u{1B}_Gi=12;EBADF:gone\u{1B}\\j".utf8)
        for cut in 1..<bytes.count {
            var d = InputDecoder()
            var got = d.feed(bytes[..<cut])
            while d.timeoutMilliseconds.map({ $0 <= 300 }) ?? false { got += d.flush() }
            got += d.feed(bytes[cut...]) + d.flush()
            XCTAssertTrue(got.contains(.graphicsReply(KittyGraphicsReply(id: 12, message: "EBADF:gone"))), "cut at \(cut): \(got)")
            XCTAssertEqual(got.filter { if case .key = $0 { return true } else { return false } }.first, .key(.char("q")))
        }
    }
}

/// One kitty picture on screen; `q` quits.
private let onePicture = OneScreenProgram { b in
    var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(10, 90, 200))
    cells.pixels = TerminalImage(id: 5, graphics: .kitty, cols: 4, rows: 2, payload: Array(repeating: 5, count: 3000),
                                 pixelSize: Size(width: 40, height: 40))
    b.render(HalfBlockImage(cells), in: Rect(x: 1, y: 1, width: 4, height: 2))
    b.settleImages()
}

/// The runner reads the terminal's error reply and draws the picture again, streamed.
final class KittyFileTransferRunnerTests: XCTestCase {
    func testTheRunnerStreamsAPictureTheTerminalCouldNotRead() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4), graphics: GraphicsMode(graphics: .kitty))
        let files = MemoryPictureFiles()
        await backend.useKittyFiles(files)
        let runner = ProgramRunner(program: onePicture, backend: backend, pictures: PixelPictureLayer()) { _, _ in }
        let task = Task { try await runner.run(OneScreenProgram.Model()) }
        await eventually(.seconds(5)) { await backend.frames.count >= 1 }
        let first = String(decoding: await backend.output, as: UTF8.self)
        XCTAssertTrue(first.contains("a=t,f=100,t=t,i=5,q=1;"), first)
        XCTAssertFalse(first.contains("t=d"), first)
        await backend.send(.input(.graphicsReply(KittyGraphicsReply(id: 5, message: "EBADF:Failed to open file"))))
        await eventually(.seconds(5)) { await backend.frames.count >= 2 }
        await backend.type("q")
        _ = try await task.value
        var vt = VirtualTerminal(size: Size(width: 20, height: 4))
        let all = await backend.output
        vt.feed(all)
        let text = String(decoding: all, as: UTF8.self)
        let retry = String(text[text.range(of: "t=t,i=5")!.upperBound...])
        XCTAssertTrue(retry.contains("a=t,f=100,t=d,i=5,"), "streamed after the error: \(retry)")
        XCTAssertTrue(retry.contains("a=p,i=5,"), "and placed again")
        XCTAssertEqual(vt.graphics.transfers, ["t": 1, "d": 1])
        XCTAssertEqual(files.discarded.count, 1, "the unread file is removed")
    }
}

/// While the terminal's late answer still decides how kitty pictures travel, the runner draws
/// them as their half-block cells and sends none; once decided (`.resumed`) they go as files.
final class KittyPicturesWaitForTheDecisionTests: XCTestCase {
    final class DecidingFiles: KittyPictureFiles, @unchecked Sendable {
        let files = MemoryPictureFiles()
        private let lock = Mutex(())
        private var undecided = true
        var deciding: Bool { lock.withLock { _ in undecided } }
        func decide() { lock.withLock { _ in undecided = false } }
        func write(_ bytes: [UInt8], id: UInt32) -> String? { files.write(bytes, id: id) }
        func discard(_ path: String) { files.discard(path) }
    }

    func testPicturesAreHalfBlocksUntilDecidedThenFiles() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4), graphics: GraphicsMode(graphics: .kitty))
        let files = DecidingFiles()
        await backend.useKittyFiles(files)
        let runner = ProgramRunner(program: onePicture, backend: backend, pictures: PixelPictureLayer()) { _, _ in }
        let task = Task { try await runner.run(OneScreenProgram.Model()) }
        await eventually(.seconds(5)) { await backend.frames.count >= 1 }
        let first = String(decoding: await backend.output, as: UTF8.self)
        XCTAssertFalse(first.contains("\u{1B}_G"), "no kitty picture while deciding: \(first.debugDescription.prefix(200))")
        XCTAssertTrue(first.contains("10;90;200m"), "its half-block cells (the picture's colour) instead")
        files.decide()
        await backend.send(.resumed)
        await eventually(.seconds(5)) { await backend.frames.count >= 2 }
        await backend.type("q")
        _ = try await task.value
        let all = String(decoding: await backend.output, as: UTF8.self)
        XCTAssertTrue(all.contains("a=t,f=100,t=t,i=5,q=1;"), "sent as a file once decided")
        XCTAssertFalse(all.contains("t=d"), "never streamed")
    }
}
