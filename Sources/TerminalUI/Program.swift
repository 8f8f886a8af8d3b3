/// An Elm-style program: all state in one `Model`, changed only by `update`, which returns
/// effects as data; `view` draws the model. The runner owns the model and the message stream.
public protocol Program: Sendable {
    associatedtype Model
    associatedtype Msg: Sendable
    associatedtype Effect: Sendable

    /// A terminal event as a message of this program (nil: ignore it). Resize, suspend and
    /// terminate are handled by the runner too; the program may still react to them.
    func message(for event: TerminalEvent) -> Msg?
    /// The only place the model changes.
    func update(_ model: inout Model, _ msg: Msg) -> [Effect]
    /// Draws the model; the buffer is cleared and sized to the window before each call.
    func view(_ model: Model, into buffer: inout Buffer)
    /// True when the program wants to exit (checked after every update).
    func isFinished(_ model: Model) -> Bool
}

/// How effect code reports back: each call puts a message into the program's stream.
public struct Dispatch<Msg: Sendable>: Sendable {
    private let yield: @Sendable (Msg) -> Void
    public init(_ yield: @escaping @Sendable (Msg) -> Void) { self.yield = yield }
    public func send(_ msg: Msg) { yield(msg) }
    public func callAsFunction(_ msg: Msg) { yield(msg) }
    /// A timer: `msg` arrives after `delay` (dropped if the task is cancelled first).
    public func after(_ delay: Duration, _ msg: Msg) async {
        do { try await Task.sleep(for: delay) } catch { return }
        yield(msg)
    }
}

/// Performs one effect; results come back through the dispatch as messages.
public typealias EffectPerformer<Effect: Sendable, Msg: Sendable> = @Sendable (Effect, Dispatch<Msg>) async -> Void

/// Figures about a finished run (for tests and the benchmark).
public struct RunStats: Sendable, Hashable {
    public var messages = 0
    public var framesDrawn = 0
    public var bytesWritten = 0
    /// The signal that ended the run (SIGTERM, SIGHUP...), if one did: the process should then
    /// exit with 128 + its number once the terminal is restored.
    public var terminatingSignal: Int32?

    /// The shell convention for a death by signal `n`: 128 + n (Ctrl-C 130, SIGTERM 143).
    public static func exitStatus(forSignal signal: Int32) -> Int32 { 128 + signal }
}
