import Dispatch
import Foundation
import Synchronization

/// `serve`'s stop on SIGTERM, SIGINT or SIGQUIT: Hummingbird stops accepting and lets running
/// handlers finish; a handler that is slow (`--latency 30000`) must not hold the process, so
/// after `grace` the process exits anyway with 128 + the signal's number.
// @unchecked: `sources` is written once in `arm` before any handler can run, then only kept.
final class StopDeadline: @unchecked Sendable {
    static let grace: DispatchTimeInterval = .milliseconds(1_500)
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGQUIT]

    private let received = Mutex<Int32?>(nil)
    // Dispatch sources stay alive as long as this object (the command's whole run).
    private var sources: [any DispatchSourceSignal] = []

    /// The first stop signal seen, if any.
    var receivedSignal: Int32? { received.withLock { $0 } }

    static func arm() -> StopDeadline {
        let deadline = StopDeadline()
        let queue = DispatchQueue(label: "serve-stop")
        var made: [any DispatchSourceSignal] = []
        for sig in signals {
            // Hummingbird's service lifecycle watches the same signals; both are told
            // (dispatch sources do not replace each other), the default action is off.
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { [deadline] in deadline.stopRequested(sig, queue: queue) }
            source.resume()
            made.append(source)
        }
        deadline.sources = made
        return deadline
    }

    private func stopRequested(_ sig: Int32, queue: DispatchQueue) {
        let first = received.withLock { value -> Bool in
            if value != nil { return false }
            value = sig
            return true
        }
        guard first else { return }
        queue.asyncAfter(deadline: .now() + Self.grace) {
            try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery serve: handlers still running after the grace period; stopping now\n".utf8))
            exit(128 + sig)
        }
    }
}
