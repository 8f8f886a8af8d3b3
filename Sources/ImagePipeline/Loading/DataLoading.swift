/// Downloads the bytes at a URL. Cancelling the calling task must abort the transfer.
/// Errors should be `ImagePipelineError` (`.httpStatus`, `.transport`) so the retry policy can
/// tell transient failures from permanent ones; any other error counts as permanent.
public protocol DataLoading: Sendable {
    func loadData(from url: String) async throws -> [UInt8]
    /// The same, telling the server how urgent it is (a loader that cannot say it ignores it).
    func loadData(from url: String, priority: ImagePriority) async throws -> [UInt8]
}

extension DataLoading {
    public func loadData(from url: String, priority: ImagePriority) async throws -> [UInt8] {
        try await loadData(from: url)
    }
}

extension ImagePriority {
    /// RFC 9218's urgency (0 most urgent, 3 by default, 7 least): a server short of budget
    /// (a live source's translation) serves tiles on screen before prefetched ones.
    public var urgency: Int {
        switch self {
        case .veryHigh: 0
        case .high: 1
        case .normal: 3
        case .low: 5
        case .veryLow: 6
        }
    }
}

