/// What the terminal tells the program: input, a new size, and lifecycle requests.
public enum TerminalEvent: Hashable, Sendable {
    case input(InputEvent)
    /// The window changed size (SIGWINCH); the runner resizes both buffers and repaints fully.
    case resize(Size)
    /// Ctrl-Z / SIGTSTP: the runner asks the backend to leave, stop, and re-enter on SIGCONT.
    case suspend
    /// SIGCONT without our own suspend (e.g. `kill -STOP` then `kill -CONT`), or the terminal's
    /// late answers decided how kitty pictures travel (`KittyPictureFiles.deciding`): repaint fully.
    case resumed
    /// SIGTERM / SIGHUP (or end of input): an orderly quit.
    case terminate(signal: Int32)
}

/// The terminal as the program loop sees it. `TerminalIO.TTYBackend` is the real one;
/// `HeadlessBackend` has no terminal: it records frames and replays scripted events (tests, and
/// `--headless` runs that benchmarks and dumps read).
public protocol Backend: Sendable {
    /// The current size in cells.
    var size: Size { get async }
    var colorDepth: ColorDepth { get async }
    var synchronizedOutput: Bool { get async }
    /// How pictures are drawn (the pipeline makes pixel pictures for it).
    var graphics: GraphicsMode { get async }
    /// Raw mode, alternate screen, hidden cursor, paste and mouse reporting on.
    func enter() async throws
    /// Everything `enter` changed, restored. Safe to call twice.
    func leave() async
    /// Writes one frame's bytes in one go; `frame` is the buffer those bytes draw.
    func write(_ bytes: [UInt8], frame: Buffer) async throws
    /// Leave, stop the process until it is continued, enter again (Ctrl-Z then `fg`).
    func suspend() async throws
    /// Bytes outside any frame (OSC 52 clipboard, a chunk of a kitty picture sent ahead),
    /// written whole between frames: they draw nothing and move no cursor, so the next
    /// frame's diff stays true.
    func writeOutOfBand(_ bytes: [UInt8]) async throws
    /// The event stream; it finishes when input ends.
    func events() async -> AsyncStream<TerminalEvent>
    /// Where kitty pictures are written as temporary files when the terminal reads this
    /// machine's files (nil: they are streamed).
    var kittyFiles: (any KittyPictureFiles)? { get async }
    /// Whether frames may set the window title: the backend pushed the terminal's own on
    /// `enter` and pops it on every way out.
    var setsWindowTitle: Bool { get async }
}

extension Backend {
    public var setsWindowTitle: Bool { get async { false } }
    public var graphics: GraphicsMode { get async { .blocks } }
    public var kittyFiles: (any KittyPictureFiles)? { get async { nil } }
}

/// A backend without a terminal: scripted events, every frame recorded. Tests drive it, and
/// `marvel-gallery --headless` runs the real program on it (startup bench, frame dumps).
public actor HeadlessBackend: Backend {
    public private(set) var size: Size
    public let colorDepth: ColorDepth
    public let synchronizedOutput: Bool
    public let graphics: GraphicsMode
    public private(set) var frames: [Buffer] = []
    public private(set) var output: [UInt8] = []
    public private(set) var enterCount = 0
    public private(set) var leaveCount = 0
    public private(set) var suspendCount = 0
    private let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    public init(size: Size, colorDepth: ColorDepth = .truecolor, synchronizedOutput: Bool = false,
                graphics: GraphicsMode = .blocks) {
        self.size = size
        self.graphics = graphics
        self.colorDepth = colorDepth
        self.synchronizedOutput = synchronizedOutput
        (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    public func enter() { enterCount += 1 }
    public func leave() { leaveCount += 1 }
    public func write(_ bytes: [UInt8], frame: Buffer) {
        output.append(contentsOf: bytes)
        frames.append(frame)
    }
    public func suspend() { suspendCount += 1 }
    public func writeOutOfBand(_ bytes: [UInt8]) { output.append(contentsOf: bytes) }
    public func events() -> AsyncStream<TerminalEvent> { stream }

    /// kitty pictures as temporary files (tests of the file transfer and its fallbacks).
    public private(set) var kittyFiles: (any KittyPictureFiles)?
    public func useKittyFiles(_ files: (any KittyPictureFiles)?) { kittyFiles = files }

    /// Script: deliver an event as if the terminal produced it.
    public func send(_ event: TerminalEvent) {
        if case .resize(let s) = event { size = s }
        continuation.yield(event)
    }
    /// Script: the keys of `text`, one event per grapheme.
    public func type(_ text: String) {
        for ch in text { continuation.yield(.input(.key(.char(ch)))) }
    }
    /// Script: input ended (the runner draws what is pending and returns).
    public func finish() { continuation.finish() }

    /// The last frame as text.
    public var screen: String { frames.last?.text ?? "" }
}
