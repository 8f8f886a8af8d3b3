/// Chooses, for one row of cells, which equivalent glyph form each cell uses so the row's SGR
/// bytes are minimal: a dynamic program over the (fg, bg) state the terminal is left in.
/// Greedy per-cell choice is not optimal: `▀` vs `▄` (or space vs `█`) decides which colour is
/// still current for the next cell.
struct RowPlanner {
    enum Glyph: UInt8 { case space, upper, lower, full }

    struct Option {
        var glyph: Glyph
        var fg: Int32?  // nil: this form does not care about fg
        var bg: Int32?
    }

    private struct State {
        var fg: Int32
        var bg: Int32
        var cost: Int
        var parent: Int  // index into the previous column's states
        var option: Option
    }

    /// States kept per column (cheapest first); runs of uniform cells could otherwise multiply them.
    static let maxStates = 6

    static func options(top t: Int32, bottom b: Int32, tolerance: Int32) -> [Option] {
        let d = SGRWriter.defaultKey
        if t == d && b == d { return [Option(glyph: .space, fg: nil, bg: d)] }
        if t == b { return [Option(glyph: .space, fg: nil, bg: t), Option(glyph: .full, fg: t, bg: nil)] }
        if near(t, b, tolerance) {
            return [Option(glyph: .space, fg: nil, bg: t), Option(glyph: .full, fg: t, bg: nil),
                    Option(glyph: .upper, fg: t, bg: b), Option(glyph: .lower, fg: b, bg: t)]
        }
        if b == d { return [Option(glyph: .upper, fg: t, bg: d)] }
        if t == d { return [Option(glyph: .lower, fg: b, bg: d)] }
        return [Option(glyph: .upper, fg: t, bg: b), Option(glyph: .lower, fg: b, bg: t)]
    }

    /// Whether two 0xRRGGBB keys differ by at most `tolerance` in every channel (never for the
    /// default colour or palette indices, which callers pass with tolerance 0).
    @inline(__always)
    static func near(_ a: Int32, _ b: Int32, _ tolerance: Int32) -> Bool {
        if a == b { return true }
        if tolerance == 0 || a < 0 || b < 0 { return false }
        return abs((a >> 16) - (b >> 16)) <= tolerance && abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF)) <= tolerance
            && abs((a & 0xFF) - (b & 0xFF)) <= tolerance
    }

    /// The cheapest option per cell, given the SGR cost model of `writer`. With a tolerance, a
    /// colour already current that is within `tolerance` of the wanted one is kept (no SGR).
    static func plan(top: [Int32], bottom: [Int32], writer: SGRWriter, tolerance: Int32 = 0) -> [Option] {
        let d = SGRWriter.defaultKey
        var columns: [[State]] = []
        columns.reserveCapacity(top.count)
        var previous = [State(fg: d, bg: d, cost: 0, parent: -1, option: Option(glyph: .space, fg: nil, bg: nil))]
        for i in 0..<top.count {
            var next: [State] = []
            for (p, state) in previous.enumerated() {
                for var option in options(top: top[i], bottom: bottom[i], tolerance: tolerance) {
                    if let f = option.fg, f != state.fg, near(f, state.fg, tolerance) { option.fg = state.fg }
                    if let g = option.bg, g != state.bg, near(g, state.bg, tolerance) { option.bg = state.bg }
                    let fg = option.fg ?? state.fg, bg = option.bg ?? state.bg
                    let cost = state.cost + writer.transitionCost(from: (state.fg, state.bg), to: (fg, bg))
                        + (option.glyph == .space ? 1 : 3)
                    if let j = next.firstIndex(where: { $0.fg == fg && $0.bg == bg }) {
                        if cost < next[j].cost { next[j] = State(fg: fg, bg: bg, cost: cost, parent: p, option: option) }
                    } else {
                        next.append(State(fg: fg, bg: bg, cost: cost, parent: p, option: option))
                    }
                }
            }
            if next.count > maxStates {
                next.sort { $0.cost < $1.cost }
                next.removeLast(next.count - maxStates)
            }
            columns.append(next)
            previous = next
        }
        guard var index = previous.indices.min(by: { previous[$0].cost < previous[$1].cost }) else { return [] }
        var plan = [Option](repeating: Option(glyph: .space, fg: nil, bg: nil), count: top.count)
        for i in stride(from: top.count - 1, through: 0, by: -1) {
            plan[i] = columns[i][index].option
            index = columns[i][index].parent
        }
        return plan
    }
}

extension SGRWriter {
    /// Bytes of the single SGR that moves the terminal from one (fg, bg) to another.
    func transitionCost(from: (Int32, Int32), to: (Int32, Int32)) -> Int {
        let df = from.0 != to.0, db = from.1 != to.1
        if !df && !db { return 0 }
        return 3 + (df ? paramLength(to.0) : 0) + (db ? paramLength(to.1) : 0) + (df && db ? 1 : 0)
    }

    mutating func emit(_ option: RowPlanner.Option, into out: inout ByteSink) {
        set(fg: option.fg, bg: option.bg, into: &out)
        switch option.glyph {
        case .space: out.append(0x20)
        case .upper: out.append(0xE2, 0x96, 0x80)  // ▀
        case .lower: out.append(0xE2, 0x96, 0x84)  // ▄
        case .full: out.append(0xE2, 0x96, 0x88)  // █
        }
    }
}
