import CTerminal
import Foundation
import Synchronization
import TerminalUI

/// One thread that waits on the terminal and the signal self-pipe with `poll`, decodes input
/// (a lone Esc is flushed after 50 ms of silence, an open terminal reply after a second), and turns signals into `TerminalEvent`s.
final class InputReader: @unchecked Sendable {
    private let tty: TTY
    private let signalFD: Int32
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// Ctrl-Z as a byte (ISIG is off in raw mode) means suspend, like the shell would.
    private let ctrlZSuspends: Bool
    private let ignoreNextContinue = Mutex(false)
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// For this long after start, a lone Esc waits `InputDecoder.patientEscapeMilliseconds`
    /// (nil: never): the start-up probe went unanswered, so a late reply split right after its
    /// Esc must not read as the Esc key.
    private let patientEscape: Duration?

    /// Sees every kitty graphics reply before the program does (the late file probe's answer).
    private let graphicsReply: (@Sendable (KittyGraphicsReply) -> Void)?

    /// Bytes read before the reader ran (`TypeAhead`): decoded first, before anything new.
    private let typeAhead: [UInt8]

    init(tty: TTY, signalFD: Int32, ctrlZSuspends: Bool, continuation: AsyncStream<TerminalEvent>.Continuation,
         typeAhead: [UInt8] = [], patientEscape: Duration? = nil,
         graphicsReply: (@Sendable (KittyGraphicsReply) -> Void)? = nil) {
        self.graphicsReply = graphicsReply
        self.typeAhead = typeAhead
        self.patientEscape = patientEscape
        self.tty = tty
        self.signalFD = signalFD
        self.ctrlZSuspends = ctrlZSuspends
        self.continuation = continuation
    }

    func start() {
        let t = Thread { [self] in run() }
        t.name = "marvel-gallery input"
        thread = t
        t.start()
    }

    /// Wakes the thread (a 0 byte in the signal pipe) and waits until it has left `poll`, so
    /// the pipe can be closed without the thread polling a closed (or reused) descriptor.
    func stop() {
        guard thread != nil else { return }
        mg_term_signal_pipe_poke(0)
        _ = finished.wait(timeout: .now() + .seconds(1))
        thread = nil
    }

    /// The next SIGCONT is the end of our own suspend (the backend repaints already).
    func expectOwnContinue() {
        ignoreNextContinue.withLock { $0 = true }
    }

    private func run() {
        var decoder = InputDecoder()
        let clock = ContinuousClock()
        let patientUntil = patientEscape.map { clock.now + $0 }
        var buf = [UInt8](repeating: 0, count: 4096)
        var fds = [pollfd(fd: tty.inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
        if let until = patientUntil, clock.now < until { decoder.loneEscapeMilliseconds = InputDecoder.patientEscapeMilliseconds }
        deliver(decoder.feed(typeAhead))
        while true {
            if let until = patientUntil {
                decoder.loneEscapeMilliseconds = clock.now < until ? InputDecoder.patientEscapeMilliseconds
                    : InputDecoder.escapeTimeoutMilliseconds
            }
            let timeout = decoder.timeoutMilliseconds.map { Int32($0) } ?? -1
            fds[0].revents = 0; fds[1].revents = 0
            let n = poll(&fds, 2, timeout)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 {
                deliver(decoder.flush())
                continue
            }
            // Keys first: bytes already queued when a resize is signalled were typed before it
            // (keys typed at the too-small screen must not act on the enlarged one).
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                let got = read(tty.inputFD, &buf, buf.count)
                if got <= 0, !(got < 0 && (errno == EINTR || errno == EAGAIN)) {
                    // The terminal went away (EOF/EIO): an orderly quit, like SIGHUP.
                    continuation.yield(.terminate(signal: SIGHUP))
                    break
                }
                if got > 0 { deliver(decoder.feed(buf[0..<got])) }
            }
            if fds[1].revents & Int16(POLLNVAL | POLLERR | POLLHUP) != 0 { break }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let got = read(signalFD, &buf, buf.count)
                if got > 0, !handleSignals(buf[0..<got]) { break }
            }
        }
        continuation.finish()
        finished.signal()
    }

    private func deliver(_ events: [InputEvent]) {
        for e in events {
            if case .graphicsReply(let reply) = e { graphicsReply?(reply) }
            if ctrlZSuspends, case .key(let k) = e, k == .ctrl("z") {
                continuation.yield(.suspend)
            } else {
                continuation.yield(.input(e))
            }
        }
    }

    /// Returns false when the reader should stop.
    private func handleSignals(_ bytes: ArraySlice<UInt8>) -> Bool {
        var resized = false
        for b in bytes {
            switch Int32(b) {
            case 0: return false                       // poked by `stop`
            case SIGWINCH: resized = true
            case SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPWR:
                continuation.yield(.terminate(signal: Int32(b)))
            case SIGTSTP: continuation.yield(.suspend)
            case SIGCONT:
                let own = ignoreNextContinue.withLock { ignore in
                    defer { ignore = false }
                    return ignore
                }
                if !own { continuation.yield(.resumed) }
            default: break
            }
        }
        // Many SIGWINCH in one read (a window being dragged) become one resize.
        if resized { continuation.yield(.resize(tty.windowSize().cells)) }
        return true
    }
}
