import HTTPTransport
import MarvelAPI

/// The "retry after N s" of a rate-limited page counts down on the status line, one timer a
/// second, instead of standing still at N. Nothing is retried on its own: `r` still decides.
extension AppState {
    mutating func startRetryCountdown(_ listID: Int, _ result: Result<ItemPage, PageFailure>) -> [Effect] {
        guard case .failure(let failure) = result, let seconds = failure.retryAfterSeconds,
              current.id == listID else { return [] }
        guard seconds > 0 else { return [] }
        retrySecondsLeft = seconds
        return [.startTimer(.retryCountdown(listID: listID), milliseconds: 1000)]
    }

    mutating func tickRetryCountdown(_ listID: Int) -> [Effect] {
        guard current.id == listID, current.failure != nil, let left = retrySecondsLeft, left > 0 else {
            return []
        }
        retrySecondsLeft = left - 1
        return left > 1 ? [.startTimer(.retryCountdown(listID: listID), milliseconds: 1000)] : []
    }

    /// The failure as the status line shows it: a rate limit with the seconds still to wait.
    func displayedFailure(_ failure: PageFailure) -> PageFailure {
        guard failure.retryAfterSeconds != nil, let left = retrySecondsLeft else { return failure }
        var shown = failure
        shown.userMessage = .rateLimited(retryAfterSeconds: left > 0 ? left : nil)
        return shown
    }
}
