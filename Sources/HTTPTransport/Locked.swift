import Synchronization

/// A value behind a `Mutex`, shared by reference: the small shared state between callers'
/// threads and the curl thread (command queue, statistics, one-shot continuations), and the
/// tests' counters and recorders. A `Mutex` cannot be copied, so a value that closures or
/// several owners share needs this class around it; a class that owns its state keeps a
/// `Mutex` itself.
public final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) { mutex = Mutex(value) }

    public func withLock<T, E: Error>(_ body: (inout sending Value) throws(E) -> sending T) throws(E) -> T {
        try mutex.withLock(body)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the value as it is now.
    public var get: Value { withLock { $0 } }
}
