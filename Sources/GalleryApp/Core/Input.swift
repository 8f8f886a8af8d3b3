/// Timers the core asks the runner for; the runner answers with `Msg.timerFired` carrying the
/// same value, so a timer that is no longer wanted is recognised by its tag and ignored.
public enum TimerTag: Equatable, Hashable, Sendable {
    /// The search debounce, tagged with the search generation it belongs to.
    case searchDebounce(generation: Int)
    /// Animation step for the spinner.
    case spinner
    /// One second of a "retry after N s" countdown on the status line of that list.
    case retryCountdown(listID: Int)
    /// Jump by typing: the typed prefix settled (look it up) / paused long enough (end it).
    case jumpDebounce(generation: Int)
    case jumpPause(generation: Int)
    /// Look at the file of the saved grid of this list again (`Update+Saved.swift`).
    case savedCheck(listID: Int)
    /// A held key that outran the pictures or pages may have been let go: look at the screen again.
    case letGo
}
