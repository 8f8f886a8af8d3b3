import Foundation
import Synchronization

/// The requests of this process waiting for the budget, in the order they may take it: what
/// the user asked for (a page, a detail) first, then pictures by urgency (on screen before
/// prefetch), then in the order asked (the gallery asks nearest the screen first). A picture
/// whose client closed its connection has left (the server cancels its wait), so the waits of a
/// screen left behind take nothing; an older prefetch still waiting is the one nearest the
/// screen, often on it already (raised in the gallery, still `u=5` here), and goes before a
/// newer band further on. When the minute is spent, the slot that frees goes to the first of
/// them, not to whichever wakes first; and the status line can say what is waited for and until when.
final class LimiterQueue: Sendable {
    struct Waiter: Sendable {
        let id: Int
        let background: Bool
        /// 0 is the most urgent (RFC 9218's `u`); requests the user asked for are 0.
        let urgency: Int
        /// When it next tries (nil: not known yet).
        var until: Date?
    }

    private let state = Mutex<(next: Int, waiters: [Waiter])>((0, []))

    func enter(background: Bool, urgency: Int) -> Int {
        state.withLock { s in
            s.next += 1
            s.waiters.append(Waiter(id: s.next, background: background, urgency: background ? max(1, urgency) : 0))
            return s.next
        }
    }

    func leave(_ id: Int) { state.withLock { $0.waiters.removeAll { $0.id == id } } }

    func sleeps(_ id: Int, until: Date) {
        state.withLock { s in
            if let i = s.waiters.firstIndex(where: { $0.id == id }) { s.waiters[i].until = until }
        }
    }

    /// Whether another waiter goes before `id` (more urgent, or as urgent and asked earlier).
    func isBehind(_ id: Int) -> Bool {
        state.withLock { s in
            guard let me = s.waiters.first(where: { $0.id == id }) else { return false }
            return s.waiters.contains { $0.urgency < me.urgency || ($0.urgency == me.urgency && $0.id < me.id) }
        }
    }

    /// How many requests are asleep in the line, each until its next try.
    var sleeping: Int { state.withLock { s in s.waiters.filter { $0.until != nil }.count } }

    /// The earliest time a waiting request of each kind tries again (nil: none waits).
    func nextTries() -> (user: Date?, pictures: Date?) {
        state.withLock { s in
            let user = s.waiters.filter { !$0.background }.compactMap(\.until).min()
            let pictures = s.waiters.filter(\.background).compactMap(\.until).min()
            return (user, pictures)
        }
    }
}
