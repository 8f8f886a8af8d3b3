/// A key press as the app core sees it: already decoded, independent of the terminal layer (the
/// program runner translates TerminalUI's key events into these).
public enum KeyInput: Equatable, Hashable, Sendable {
    case char(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl with a letter, e.g. `.ctrl("c")`.
    case ctrl(Character)
}

/// A mouse event in screen cells (0-based).
public enum MouseInput: Equatable, Sendable {
    case press(x: Int, y: Int)
    case wheelUp(x: Int, y: Int)
    case wheelDown(x: Int, y: Int)
}

/// Timers the core asks the runner for; the runner answers with `Msg.timerFired` carrying the
/// same value, so a timer that is no longer wanted is recognised by its tag and ignored.
public enum TimerTag: Equatable, Hashable, Sendable {
    /// The search debounce, tagged with the search generation it belongs to.
    case searchDebounce(generation: Int)
    /// Animation step for the spinner.
    case spinner
    /// One second of a "retry after N s" countdown on the status line of that list.
    case retryCountdown(listID: Int)
}
