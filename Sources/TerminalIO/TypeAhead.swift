import Foundation
import Synchronization

/// Bytes read from the terminal before the key reader runs. The start-up questions' reads take
/// whatever arrives: the answers, and the keys typed before or among them (over ssh a user
/// types `/spi` or `j j Enter` right after launching). They are kept in order and handed whole
/// to the reader (`InputReader`), whose decoder drops the answers however they were split (DCS,
/// OSC and APC strings, private and `t` CSI replies are never keys) and delivers the keys.
/// They are not flushed with the answers: that would lose what the user typed.
public final class TypeAhead: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    public init() {}

    public func append<S: Sequence>(_ more: S) where S.Element == UInt8 {
        let more = Array(more)
        bytes.withLock { $0.append(contentsOf: more) }
    }

    /// Everything kept so far, once.
    public func take() -> [UInt8] {
        bytes.withLock { bytes in
            defer { bytes = [] }
            return bytes
        }
    }
}
