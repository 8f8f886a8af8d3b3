import Foundation

/// "Preparing the catalog…" on the terminal while a slow start-up step runs (a first launch
/// builds the embedded SQLite catalog): shown only when the step takes longer than 100 ms and
/// stdout is a terminal, and erased when the step ends, so a warm start shows nothing.
enum PreparingNotice {
    static let delay = Duration.milliseconds(100)

    static func around<T>(_ text: String, enabled: Bool, _ body: () async throws -> T) async throws -> T {
        guard enabled, isatty(STDOUT_FILENO) != 0 else { return try await body() }
        let line = Line(text)
        let timer = Task {
            try? await Task.sleep(for: delay)
            line.show()
        }
        defer {
            timer.cancel()
            line.finish()
        }
        return try await body()
    }

    /// The notice's state, shared by the timer and the step: once finished it is never shown.
    private final class Line: @unchecked Sendable {
        private let lock = NSLock()
        private let text: String
        private var shown = false
        private var finished = false

        init(_ text: String) { self.text = text }

        func show() {
            lock.withLock {
                guard !finished, !shown else { return }
                shown = true
                write("\r\u{1B}[2K" + text)
            }
        }

        func finish() {
            lock.withLock {
                finished = true
                if shown { write("\r\u{1B}[2K") }
            }
        }

        private func write(_ s: String) {
            let bytes = Array(s.utf8)
            _ = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
