import TerminalUI

/// The kitty pictures this program keeps in the terminal, under a byte budget.
///
/// kitty keeps every transmitted image until it is deleted, up to a quota (320 MB by default,
/// counted as decoded pixels, 4 bytes each), and past it deletes old images on its own, which
/// a later `a=p` would find gone. A long walk through the gallery transmits hundreds of
/// pictures, so the program frees them itself: least recently shown first, never one on the
/// current frame, and sends a freed one again if it comes back.
///
/// 64 MiB is a fifth of kitty's default quota, so a few programs (tmux panes) fit beside each
/// other, and still holds about seven 200x60 screens of tiles at 10x20-pixel cells (a full
/// screen is 9.6 MB) or two and a half at 16x32 (HiDPI): a scroll down and back never sends a
/// picture twice. Eviction goes down to three quarters of the budget, so it runs rarely.
struct KittyImageStore: Sendable {
    static let defaultBudget = 64 << 20

    var budget: Int
    private(set) var bytes = 0
    private var entries: [UInt32: Entry] = [:]
    private var clock: UInt64 = 0

    struct Entry: Sendable {
        var bytes: Int
        var lastShown: UInt64
        /// Sent through tmux: its delete must go the same way.
        var placeholders: Bool
    }

    init(budget: Int = KittyImageStore.defaultBudget) { self.budget = max(0, budget) }

    var count: Int { entries.count }
    func contains(_ id: UInt32) -> Bool { entries[id] != nil }

    /// A new frame: pictures shown from now on are newer than all before.
    mutating func nextFrame() { clock += 1 }

    /// Marks `image` shown on this frame; true when the terminal does not hold it (send it).
    mutating func show(_ image: TerminalImage) -> Bool {
        if entries[image.id] != nil {
            entries[image.id]?.lastShown = clock
            return false
        }
        entries[image.id] = Entry(bytes: image.storedBytes, lastShown: clock, placeholders: image.placeholders)
        bytes += image.storedBytes
        return true
    }

    /// Over budget: the least recently shown pictures not in `placed` (on screen now) are
    /// forgotten until the rest fits in three quarters of the budget. Returns them, to free in
    /// the terminal with `a=d,d=I`.
    ///
    /// kitty 0.26.5 (Debian 12's) frees with any `d=I` every picture that has no placement,
    /// not only the one named (kitty fixed it in 0.38.1; the note is in `KittyGraphics.free`).
    /// So once one picture drawn with `a=p` goes, all of them that are not on screen go with it:
    /// they are all returned (each is then freed by name, which a newer kitty needs) and sent
    /// again when they come back. Pictures shown through placeholders have virtual placements,
    /// which a `d=I` leaves alone: for them the least recently shown go and no more.
    mutating func evict(placed: Set<UInt32>) -> [(id: UInt32, placeholders: Bool)] {
        guard bytes > budget else { return [] }
        let target = budget / 4 * 3
        var freed: [(id: UInt32, placeholders: Bool)] = []
        for (id, entry) in entries.sorted(by: { $0.value.lastShown < $1.value.lastShown }) {
            guard bytes > target else { break }
            if placed.contains(id) { continue }
            freed.append((id, entry.placeholders))
            forget(id)
        }
        if freed.contains(where: { !$0.placeholders }) {
            for (id, entry) in entries.sorted(by: { $0.value.lastShown < $1.value.lastShown })
            where !entry.placeholders && !placed.contains(id) {
                freed.append((id, false))
                forget(id)
            }
        }
        return freed
    }

    /// The terminal freed every picture drawn with `a=p` that has no placement: kitty 0.26.5
    /// does so on a `d=I` and on a full-screen erase (`CSI 2J`).
    mutating func forgetUnplaced(placed: Set<UInt32>) {
        for (id, entry) in entries where !entry.placeholders && !placed.contains(id) { forget(id) }
    }

    mutating func forget(_ id: UInt32) {
        if let entry = entries.removeValue(forKey: id) { bytes -= entry.bytes }
    }

    /// The terminal dropped everything (leave, suspend).
    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
