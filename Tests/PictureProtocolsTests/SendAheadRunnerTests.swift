import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// A count on screen and one large kitty picture sent ahead; `+` counts, `q` quits.
private struct AheadProgram: Program {
    struct Model { var count = 0; var quit = false }
    enum Msg: Sendable { case key(KeyEvent) }
    typealias Effect = Never

    static let picture = TerminalImage(id: 7, graphics: .kitty, cols: 4, rows: 2,
                                       payload: (0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 31) },
                                       pixelSize: Size(width: 40, height: 40))

    func message(for event: TerminalEvent) -> Msg? {
        if case .input(.key(let k)) = event { return .key(k) }
        return nil
    }
    func update(_ m: inout Model, _ msg: Msg) -> [Effect] {
        switch msg {
        case .key(KeyEvent(.char("+"), [])): m.count += 1
        case .key(KeyEvent(.char("q"), [])): m.quit = true
        case .key: break
        }
        return []
    }
    func view(_ m: Model, into b: inout Buffer) {
        b.put("count \(m.count)", at: .zero)
        b.preload(Self.picture)
    }
    func isFinished(_ m: Model) -> Bool { m.quit }
}

/// A kitty terminal on a slow link: every write is recorded in order, and `+` is typed the
/// moment the first chunk of the picture is written (while the rest is still to go).
private actor SlowLinkBackend: Backend {
    let size = Size(width: 30, height: 4)
    let colorDepth = ColorDepth.truecolor
    let synchronizedOutput = false
    let graphics = GraphicsMode(graphics: .kitty)
    /// Every write in order: its bytes, and the screen it draws when it is a frame.
    private(set) var writes: [(bytes: [UInt8], screen: String?)] = []
    private var typed = false
    private let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self) }

    func enter() {}
    func leave() {}
    func suspend() {}
    func events() -> AsyncStream<TerminalEvent> { stream }
    func write(_ bytes: [UInt8], frame: Buffer) { record(bytes, frame.text) }
    func writeOutOfBand(_ bytes: [UInt8]) { record(bytes, nil) }
    func type(_ c: Character) { continuation.yield(.input(.key(.char(c)))) }

    private func record(_ bytes: [UInt8], _ screen: String?) {
        writes.append((bytes, screen))
        if !typed, String(decoding: bytes, as: UTF8.self).contains("i=7,") {
            typed = true
            type("+")
        }
    }
}

final class SendAheadRunnerTests: XCTestCase {
    /// The key typed while the picture is being sent is answered before the picture's last
    /// chunk: by order of the bytes written, not by time.
    func testAKeyTypedWhilePicturesAreSentAheadIsAnsweredBeforeTheirRest() async throws {
        let backend = SlowLinkBackend()
        let runner = ProgramRunner(program: AheadProgram(), backend: backend, maxFramesPerSecond: 1000, pictures: PixelPictureLayer()) { _, _ in }
        let task = Task { try await runner.run(AheadProgram.Model()) }
        func text(_ w: [UInt8]) -> String { String(decoding: w, as: UTF8.self) }
        await eventually {
            let writes = await backend.writes
            return writes.contains { text($0.bytes).contains("m=0;") } && writes.contains { $0.screen?.contains("count 1") == true }
        }
        await backend.type("q")
        let (model, _) = try await task.value
        XCTAssertEqual(model.count, 1)
        let writes = await backend.writes
        let answer = try XCTUnwrap(writes.firstIndex { $0.screen?.contains("count 1") == true })
        let lastChunk = try XCTUnwrap(writes.firstIndex { text($0.bytes).contains("m=0;") })
        XCTAssertLessThan(answer, lastChunk, "the answer waited for the whole picture")
        // Whatever the order, the terminal gets the picture whole and nothing inside it.
        var vt = VirtualTerminal(size: Size(width: 30, height: 4))
        for w in writes { vt.feed(w.bytes) }
        XCTAssertEqual(vt.graphics.transmits[7], 1)
        XCTAssertNil(vt.graphics.loading)
        XCTAssertEqual(vt.unknownSequences, [])
        XCTAssertTrue(vt.screen.text.contains("count 1"))
    }

    /// Quitting while a picture is half sent: its rest goes before the runner returns (the
    /// terminal would read the leave sequence as more of it), the pictures not started do not.
    func testQuittingMidPictureFinishesItFirst() async throws {
        let backend = SlowLinkBackend()
        let runner = ProgramRunner(program: AheadProgram(), backend: backend, maxFramesPerSecond: 1000, pictures: PixelPictureLayer()) { _, _ in }
        let task = Task { try await runner.run(AheadProgram.Model()) }
        await backend.type("q")
        _ = try await task.value
        var vt = VirtualTerminal(size: Size(width: 30, height: 4))
        for w in await backend.writes { vt.feed(w.bytes) }
        XCTAssertNil(vt.graphics.loading)
        XCTAssertEqual(vt.unknownSequences, [])
    }
}
