import TerminalUI

/// Keys typed before the grid's first page came (typed ahead while the program started, such
/// as `j j Enter`) wait for it instead of moving over an empty list and opening nothing. Once
/// one key waits, every later key waits behind it so they act in the order typed; they act
/// as soon as the list has its first answer (items, none, or a failure), or after
/// `heldKeysMillis` (a source that is slow to answer: they act on what is there). Ctrl-C and
/// the too-small screen's q are never held.
extension AppState {
    /// The longest time a typed-ahead key waits for the first page.
    static let heldKeysMillis: UInt64 = 3000

    /// The grid's list has had no answer yet: there is nothing to move over or open.
    var awaitsFirstPage: Bool {
        details.isEmpty && current.isEmpty && current.failure == nil && !current.endReached
    }

    /// A grid action that acts on the list's items (so it must wait for them).
    static func needsItems(_ action: GridAction) -> Bool {
        switch action {
        case .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .halfPageUp, .halfPageDown,
             .first, .last, .open, .copy, .favourite, .nextMatch, .fullPicture:
            true
        case .search, .index, .retry, .help, .back, .quit, .format, .savedList, .sort, .jump:
            false
        }
    }

    mutating func hold(_ key: KeyEvent) -> [Effect] {
        if heldKeys.isEmpty { heldSince = clockMillis }
        heldKeys.append(key)
        return []
    }

    /// After every message: the held keys act once the list answered or they waited long enough.
    mutating func releaseHeldKeys() -> [Effect] {
        guard !heldKeys.isEmpty else { return [] }
        let waitedEnough = heldSince.flatMap { since in clockMillis.map { $0 >= since + Self.heldKeysMillis } } ?? false
        guard !awaitsFirstPage || waitedEnough else { return [] }
        let keys = heldKeys
        heldKeys = []
        heldSince = nil
        var effects: [Effect] = []
        for key in keys where !isQuitting {
            effects += handle(key: key, released: true)
        }
        return effects
    }
}
