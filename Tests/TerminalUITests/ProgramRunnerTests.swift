import XCTest
@testable import TerminalUI
import TestSupport

/// A counter program: keys change the count, `l` asks for a "load" effect whose result comes
/// back as a message, `q` quits.
private struct Counter: Program {
    struct Model { var count = 0; var loaded: [String] = []; var size = Size.zero; var quit = false }
    enum Msg: Sendable { case key(KeyEvent), resized(Size), loaded(String) }
    enum Effect: Sendable, Equatable { case load(Int) }

    func message(for event: TerminalEvent) -> Msg? {
        switch event {
        case .input(.key(let k)): return .key(k)
        case .resize(let s): return .resized(s)
        default: return nil
        }
    }
    func update(_ m: inout Model, _ msg: Msg) -> [Effect] {
        switch msg {
        case .key(KeyEvent(.char("+"), [])): m.count += 1
        case .key(KeyEvent(.char("l"), [])): return [.load(m.count)]
        case .key(KeyEvent(.char("q"), [])), .key(KeyEvent(.char("c"), .ctrl)): m.quit = true
        case .key: break
        case .resized(let s): m.size = s
        case .loaded(let s): m.loaded.append(s)
        }
        return []
    }
    func view(_ m: Model, into b: inout Buffer) {
        b.put("count \(m.count)", at: .zero)
        b.put("loaded \(m.loaded.joined(separator: ","))", at: Point(x: 0, y: 1))
        b.put("w\(b.size.width)", at: Point(x: 0, y: 2))
    }
    func isFinished(_ m: Model) -> Bool { m.quit }
}

final class ProgramRunnerTests: XCTestCase {
    func testScriptedRun() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4))
        let runner = ProgramRunner(program: Counter(), backend: backend, pictures: nil) { effect, send in
            if case .load(let n) = effect { send(.loaded("item\(n)")) }
        }
        let task = Task { try await runner.run(Counter.Model()) }
        await backend.type("++l")
        await eventually(.seconds(5)) { await backend.screen.contains("loaded item2") }
        await backend.send(.resize(Size(width: 30, height: 5)))
        await eventually(.seconds(5)) { await backend.screen.contains("w30") }
        await backend.type("+q")
        let (model, stats) = try await task.value
        XCTAssertEqual(model.count, 3)
        XCTAssertEqual(model.loaded, ["item2"])
        XCTAssertEqual(model.size, Size(width: 30, height: 5))
        let enter = await backend.enterCount, leave = await backend.leaveCount
        XCTAssertEqual(enter, 1)
        XCTAssertEqual(leave, 1)
        let frames = await backend.frames
        XCTAssertEqual(frames.last?.text.split(separator: "\n").first, "count 3")
        XCTAssertEqual(frames.last?.size, Size(width: 30, height: 5))
        XCTAssertEqual(stats.framesDrawn, frames.count)
    }

    /// Messages that change nothing on screen write nothing.
    func testNothingDrawnWhenNothingChanged() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4))
        let runner = ProgramRunner(program: Counter(), backend: backend, pictures: nil) { _, _ in }
        let task = Task { try await runner.run(Counter.Model()) }
        await backend.type("xyzxyz")
        await backend.finish()
        let (_, stats) = try await task.value
        XCTAssertEqual(stats.framesDrawn, 1, "only the first frame")
        XCTAssertEqual(stats.messages, 6)
    }

    func testTerminateQuitsAndSuspendRepaints() async throws {
        let backend = HeadlessBackend(size: Size(width: 20, height: 4))
        let runner = ProgramRunner(program: Counter(), backend: backend, pictures: nil) { _, _ in }
        let task = Task { try await runner.run(Counter.Model()) }
        await backend.send(.suspend)
        await backend.send(.terminate(signal: 15))
        _ = try await task.value
        let suspends = await backend.suspendCount, leaves = await backend.leaveCount
        XCTAssertEqual(suspends, 1)
        XCTAssertEqual(leaves, 1)
        let output = String(decoding: await backend.output, as: UTF8.self)
        XCTAssertEqual(output.components(separatedBy: "\u{1B}[2J").count - 1, 2, "full repaint after resume")
    }
}
