/// Downloads the bytes at a URL. Cancelling the calling task must abort the transfer.
/// Errors should be `ImagePipelineError` (`.httpStatus`, `.transport`) so the retry policy can
/// tell transient failures from permanent ones; any other error counts as permanent.
public protocol DataLoading: Sendable {
    func loadData(from url: String) async throws -> [UInt8]
}

