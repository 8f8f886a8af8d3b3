import Foundation
import Synchronization

/// "Preparing the catalog…" on the terminal while a slow start-up step runs (a first launch
/// builds the embedded SQLite catalog): shown only when the step takes longer than `delay` and
/// stdout is a terminal, and erased when the step ends, so a warm start shows nothing.
public enum PreparingNotice {
    /// Below this a start feels instant; above it a blank screen looks like a hang.
    public static let delay = Duration.milliseconds(100)

    public static func around<T>(_ text: String, enabled: Bool, _ body: () async throws -> T) async throws -> T {
        guard enabled, isatty(STDOUT_FILENO) != 0 else { return try await body() }
        return try await around(text, delay: delay, write: writeToStdout, body)
    }

    /// The same, with the delay and the output given: what the tests drive.
    public static func around<T>(_ text: String, delay: Duration, write: @escaping @Sendable ([UInt8]) -> Void,
                                 _ body: () async throws -> T) async throws -> T {
        let line = Line(text, write: write)
        let timer = Task {
            // A cancelled sleep returns at once: showing then would flash the notice on a fast start.
            do { try await Task.sleep(for: delay) } catch { return }
            line.show()
        }
        defer {
            line.finish()
            timer.cancel()
        }
        return try await body()
    }

    private static let writeToStdout: @Sendable ([UInt8]) -> Void = { bytes in
        _ = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// The notice's state, shared by the timer and the step: once finished it is never shown.
    private final class Line: Sendable {
        private let text: String
        private let write: @Sendable ([UInt8]) -> Void
        /// Shown and finished; the write happens under the lock, so a show never follows the finish.
        private let state = Mutex((shown: false, finished: false))

        init(_ text: String, write: @escaping @Sendable ([UInt8]) -> Void) {
            self.text = text
            self.write = write
        }

        func show() {
            state.withLock { state in
                guard !state.finished, !state.shown else { return }
                state.shown = true
                write(Array(("\r\u{1B}[2K" + text).utf8))
            }
        }

        func finish() {
            state.withLock { state in
                state.finished = true
                if state.shown { write(Array("\r\u{1B}[2K".utf8)) }
            }
        }
    }
}
