import Foundation

/// Bytes read from the terminal before the key reader runs. The start-up questions' reads take
/// whatever arrives: the answers, and the keys typed before or among them (over ssh a user
/// types `/spi` or `j j Enter` right after launching). They are kept in order and handed whole
/// to the reader (`InputReader`), whose decoder drops the answers however they were split (DCS,
/// OSC and APC strings, private and `t` CSI replies are never keys) and delivers the keys.
/// They are not flushed with the answers: that would lose what the user typed.
public final class TypeAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    public init() {}

    public func append<S: Sequence>(_ more: S) where S.Element == UInt8 {
        lock.withLock { bytes.append(contentsOf: more) }
    }

    /// Everything kept so far, once.
    public func take() -> [UInt8] {
        lock.withLock {
            defer { bytes = [] }
            return bytes
        }
    }
}
