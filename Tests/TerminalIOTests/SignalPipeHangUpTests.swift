import CTerminal
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Leaving a hung-up terminal: the kernel wakes the terminal's readers before it signals the
/// session, so SIGHUP may arrive after the run has begun to leave. Closing the signal pipe then
/// hands SIGHUP straight from the pipe's handler to "ignored", so it cannot end the run before
/// its files are removed; otherwise the previous disposition comes back.
final class SignalPipeHangUpTests: XCTestCase {
    private func sighupHandler() -> sighandler_t? {
        var now = sigaction()
        XCTAssertEqual(sigaction(SIGHUP, nil, &now), 0)
        return now.__sigaction_handler.sa_handler
    }

    private func isIgnored(_ handler: sighandler_t?) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private func isDefault(_ handler: sighandler_t?) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
    }

    func testAHungUpTerminalLeavesSIGHUPIgnoredAndAnotherRestoresIt() {
        let previous = signal(SIGHUP, SIG_DFL)
        defer { signal(SIGHUP, previous) }

        XCTAssertGreaterThanOrEqual(mg_term_signal_pipe_open(), 0)
        XCTAssertFalse(isDefault(sighupHandler()) || isIgnored(sighupHandler()), "the pipe catches SIGHUP")
        mg_term_signal_pipe_close(1)
        XCTAssertTrue(isIgnored(sighupHandler()), "hung up: SIGHUP left ignored")

        signal(SIGHUP, SIG_DFL)
        XCTAssertGreaterThanOrEqual(mg_term_signal_pipe_open(), 0)
        mg_term_signal_pipe_close(0)
        XCTAssertTrue(isDefault(sighupHandler()), "not hung up: the previous disposition again")
    }
}
