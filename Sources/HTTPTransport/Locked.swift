import Foundation

/// A value behind an `NSLock`: the small shared state between callers' threads and the curl
/// thread (command queue, statistics, one-shot continuations), and the tests' counters and
/// recorders. `Synchronization.Mutex` would need macOS 15, the package targets 14.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var get: Value { withLock { $0 } }
}
