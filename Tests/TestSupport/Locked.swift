import Foundation

/// A lock-protected value shared with `@Sendable` closures (counters, recorders): the tests' one.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    public init(_ value: Value) { self.value = value }
    public func with<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
    public var get: Value { lock.withLock { value } }
}
