import TerminalUI

/// A program that draws one screen (`draw`) until `q` is typed: for tests of what the runner
/// does around a screen (kitty files, late terminal answers), not of a screen itself.
public struct OneScreenProgram: Program {
    public struct Model: Sendable {
        var quit = false
        public init() {}
    }
    public enum Msg: Sendable { case quit }

    let draw: @Sendable (inout Buffer) -> Void

    public init(draw: @escaping @Sendable (inout Buffer) -> Void) { self.draw = draw }

    public func message(for event: TerminalEvent) -> Msg? {
        if case .input(.key(KeyEvent(.char("q"), []))) = event { return .quit }
        return nil
    }
    public func update(_ m: inout Model, _ msg: Msg) -> [Never] { m.quit = true; return [] }
    public func view(_ m: Model, into b: inout Buffer) { draw(&b) }
    public func isFinished(_ m: Model) -> Bool { m.quit }
}
