import CTerminal
import Foundation
import PictureProtocols
import Synchronization
import TerminalUI

/// The real terminal: raw mode, alternate screen, hidden cursor, bracketed paste, SGR mouse,
/// signals as events, and restore on every exit path (normal, SIGTERM, Ctrl-Z, crash).
public final class TTYBackend: Backend, @unchecked Sendable {
    public let tty: TTY
    public let capabilities: Capabilities
    private let mouse: Bool
    /// DA1 did not come back at start-up: late replies to the probe may still arrive.
    private let repliesMayBeLate: Bool
    /// Enter, leave, suspend and the events stream take turns: what they guard is the
    /// terminal's mode and screen as much as the fields below, so the lock holds no value.
    private let lock = Mutex(())
    /// Frames and out-of-band bytes come from different tasks; each write goes whole.
    private let writeLock = Mutex(())
    private var entered = false
    private var everEntered = false
    private var reader: InputReader?
    private var stream: AsyncStream<TerminalEvent>?
    private var syncOutput: Bool
    /// kitty pictures' temporary files when the terminal reads this machine's files (removed,
    /// with whatever the terminal did not read, on leaving).
    private let pictureFiles: KittyTempFiles?
    /// The file probe kitty did not answer in time (`CapabilityDetection.Result.lateFileProbe`).
    private let lateFileProbe: KittyFileProbe?
    /// What the start-up questions read (their answers and the keys typed among them), for
    /// the reader to decode first: type-ahead is kept, in order.
    private let typeAhead = TypeAhead()

    /// Opens the terminal; `environment`, the terminal's answers and the user's `display`
    /// settings decide colours and features (`CapabilityDetection`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true,
                display: DisplayRequest = DisplayRequest()) throws {
        let tty = try TTY.open()
        self.tty = tty
        // From the questions on, raw mode is set and temporary files may exist: a hang-up or
        // SIGTERM is queued on the signal pipe from now (read with the keys once the UI runs)
        // and ends the run the orderly way, exit 129 or 143 with the files removed. It killed
        // the process outright before the first screen, 12 of 20 hang-ups in the first second.
        let signals = mg_term_signal_pipe_open()
        // Raw mode stays on from the questions to the end (keys typed meanwhile are neither
        // echoed nor flushed, late answers never echo); restored here if the settings are
        // refused, else by `leave`. A kitty-family terminal on a loaded machine may answer after
        // the 150 ms budget, and its file probe's answer decides whether pictures go as files:
        // the first screen is drawn at once with its kitty pictures as half-blocks until that
        // answer comes (`KittyPictureFiles.deciding`, at most `lateAnswersWait`), instead of a
        // blank screen for the whole wait (5 s where DA1 never came).
        let detected: CapabilityDetection.Result
        do {
            detected = try CapabilityDetection.detect(tty: tty, environment: environment, request: display,
                                                      keepLateFileProbe: true, typeAhead: typeAhead)
        } catch {
            RawMode.restore()
            if signals >= 0 { mg_term_signal_pipe_close(0) }
            throw error
        }
        self.capabilities = detected.capabilities
        // The start-up questions end with DA1, which every terminal answers after the others:
        // without it, replies may still be on their way (a loaded machine, ssh), and one split
        // right after its Esc would read as the Esc key (which quits the grid).
        self.repliesMayBeLate = detected.answers != nil && detected.answers?.deviceAttributes == nil
        self.mouse = mouse
        self.syncOutput = capabilities.synchronizedOutput
        let files = capabilities.graphicsTransfer == .file && capabilities.graphics == .kitty
        self.lateFileProbe = detected.lateFileProbe
        // Unanswered in time: files stay off, and kitty pictures wait, until the late answer
        // (`lateReply`) or `lateAnswersWait`.
        self.pictureFiles = files || lateFileProbe != nil
            ? KittyTempFiles(environment: environment, enabled: files, deciding: lateFileProbe != nil) : nil
    }

    public var size: Size { tty.windowSize().cells }
    public var colorDepth: ColorDepth { capabilities.colorDepth }
    public var synchronizedOutput: Bool { lock.withLock { _ in syncOutput } }
    public var graphics: GraphicsMode { capabilities.graphicsMode }
    /// The window title is ours to set outside tmux and screen (their pane title is theirs and
    /// tmux 3.3a keeps no title stack).
    public var setsWindowTitle: Bool { !capabilities.inTmux && !capabilities.inScreen }
    public var kittyFiles: (any KittyPictureFiles)? { pictureFiles }

    public func enter() throws {
        try lock.withLock { _ in
            guard !entered else { return }
            try RawMode.enable(tty)
            everEntered = true
            // Ask once whether synchronized output is supported (reply or not within 100 ms).
            if !syncOutput, let reply = TerminalQuery.synchronizedOutput(tty, timeoutMilliseconds: 100, keeping: typeAhead) {
                syncOutput = reply
            }
            let leave = ANSI.leaveSequence(mouse: mouse, graphics: capabilities.graphicsMode, titles: setsWindowTitle,
                                           erasingEchoedLine: RawMode.echoedBeforeHold > 0)
            leave.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { mg_term_set_leave_bytes(tty.outputFD, $0.baseAddress, $0.count) }
            }
            _ = mg_term_install_fatal_handlers()
            let sigFD = mg_term_signal_pipe_open()
            try tty.write(ANSI.enterSequence(mouse: mouse, titles: setsWindowTitle))
            entered = true
            if reader == nil, sigFD >= 0 {
                let (s, c) = AsyncStream.makeStream(of: TerminalEvent.self)
                let r = InputReader(tty: tty, signalFD: sigFD, ctrlZSuspends: true, continuation: c,
                                    typeAhead: typeAhead.take(),
                                    patientEscape: repliesMayBeLate ? .seconds(5) : nil,
                                    graphicsReply: { [pictureFiles, lateFileProbe] reply in
                                        if Self.lateReply(reply, probe: lateFileProbe, files: pictureFiles) { c.yield(.resumed) }
                                    })
                if let files = pictureFiles, files.deciding {
                    // No answer in time: the pictures go streamed, drawn again.
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(CapabilityDetection.lateAnswersWait)) {
                        if files.decided() { c.yield(.resumed) }
                    }
                }
                stream = s
                reader = r
                r.start()
            }
        }
    }

    public func leave() {
        lock.withLock { _ in
            guard entered else { return }
            entered = false
            settleFileReplies()
            restoreScreen()
            reader?.stop()
            // A hung-up terminal's SIGHUP can come after its end of input was read: the run is
            // ending (129) and must not be killed by it on the way out (files still to remove).
            var hangUp = pollfd(fd: tty.inputFD, events: 0, revents: 0)
            let hungUp = poll(&hangUp, 1, 0) > 0 && hangUp.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            mg_term_signal_pipe_close(hungUp ? 1 : 0)
            mg_term_uninstall_fatal_handlers()
            reader = nil
            pictureFiles?.removeAll()
            lateFileProbe?.remove()
        }
    }

    /// The file probe's answer after start-up: OK with the file gone (kitty read and deleted
    /// it) turns files on, as the start-up decision would have. True when kitty pictures were
    /// waiting for it (they are to be drawn again).
    @discardableResult
    static func lateReply(_ reply: KittyGraphicsReply, probe: KittyFileProbe?, files: KittyTempFiles?) -> Bool {
        guard let probe, reply.id == TerminalProbe.fileProbeID else { return false }
        if reply.isOK, probe.deleted { files?.enable() }
        probe.remove()
        return files?.decided() ?? false
    }

    /// Before the files go: the terminal reads a file when it parses its command, which may be
    /// after our write returned. Removed first, it would answer an error (`q=1`) into the
    /// shell's input after exit. DA1 comes back only once everything before it was parsed, so
    /// the files are read by then (a loaded machine's kitty can take over 300 ms, so the wait is
    /// `lateAnswersWait`; the reader is stopped so that it does not take the reply, and what
    /// came is flushed).
    private func settleFileReplies() {
        guard pictureFiles?.used == true || lateFileProbe != nil else { return }
        reader?.stop()
        _ = TerminalQuery.ask(tty, "", timeoutMilliseconds: CapabilityDetection.lateAnswersWait)
    }

    /// Leave the screen and restore termios, but keep handlers (used for suspend).
    private func restoreScreen() {
        try? tty.write(ANSI.leaveSequence(mouse: mouse, graphics: capabilities.graphicsMode, titles: setsWindowTitle,
                                          erasingEchoedLine: RawMode.echoedBeforeHold > 0))
        RawMode.restore()
    }

    public func write(_ bytes: [UInt8], frame: Buffer) throws {
        try writeLock.withLock { _ in try tty.write(bytes) }
    }

    /// A clipboard sequence from an effect's task: never in the middle of a frame's bytes.
    public func writeOutOfBand(_ bytes: [UInt8]) throws {
        try writeLock.withLock { _ in try tty.write(bytes) }
    }

    public func suspend() throws {
        try lock.withLock { _ in
            guard entered else { return }
            restoreScreen()
            reader?.expectOwnContinue()
            mg_term_stop_self()
            // Continued (fg): back into raw mode and the alternate screen; the runner repaints.
            if mg_term_enter_raw(tty.inputFD) != 0 { throw TerminalIOError.termios(errno: errno) }
            try tty.write(ANSI.enterSequence(mouse: mouse, titles: setsWindowTitle))
        }
    }

    public func events() -> AsyncStream<TerminalEvent> {
        lock.withLock { _ in
            if let stream { return stream }
            // Not entered: an empty, finished stream.
            let (s, c) = AsyncStream.makeStream(of: TerminalEvent.self)
            c.finish()
            return s
        }
    }

    deinit {
        // Never entered: raw mode is still on from the start-up questions.
        if !lock.withLock({ _ in everEntered }) { RawMode.restore() }
        leave()
        tty.close()
    }
}
