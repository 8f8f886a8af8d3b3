import Synchronization

/// Strings that a cell refers to by number, so cells stay plain values (`Grapheme`, `Style`):
/// graphemes longer than a cell holds inline, and hyperlink targets. Interned: one string, one
/// number, for the life of the process, so equal cells have equal numbers and compare as
/// integers. Both are rare (a long grapheme is a ZWJ emoji or a letter under many marks; a link
/// is one per detail-page entry), so one lock is cheap; they are bounded so that hostile text
/// (millions of distinct marked letters) cannot grow it without end: when full, `id(for:)`
/// answers nil and the caller degrades (`Grapheme` keeps the leading scalars that fit inline,
/// `Style` drops the link and keeps the text).
final class SideTable: Sendable {
    static let graphemes = SideTable(capacity: 1 << 16)
    static let links = SideTable(capacity: 1 << 16)

    private struct State {
        var ids: [String: Int] = [:]
        var strings: [String] = []
    }

    private let state = Mutex(State())
    /// The most strings it holds.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of `text` (the same number every time), nil when the table is full and
    /// `text` is not in it.
    func id(for text: String) -> Int? {
        state.withLock { s in
            if let id = s.ids[text] { return id }
            guard s.strings.count < capacity else { return nil }
            s.strings.append(text)
            s.ids[text] = s.strings.count - 1
            return s.strings.count - 1
        }
    }

    /// The string numbered `id` (from `id(for:)`).
    func string(_ id: Int) -> String {
        state.withLock { $0.strings[id] }
    }

    /// How many strings it holds (tests).
    var count: Int { state.withLock { $0.strings.count } }
}
