import TerminalUI

/// Jump by typing (`'` then letters, as `f` finds in ranger; `f` stars here) and
/// the index letters: the selection moves to the first name with the prefix in the list on
/// screen, which stays as it is (nothing is filtered). Names not loaded yet are found the way
/// `G` reaches the end of a sparse list: the source is asked for the first name starting with
/// the prefix (one row, `nameStartsWith`/`titleStartsWith` in the list's own order), then its
/// position is found by halving over the list's positions, one page per step for a gap (about
/// log2(pages) pages: 4 for 1,500 characters at 100 a page), and those pages stay in the list.
/// Typing waits for the search debounce before asking (never a request per keystroke); a pause
/// of `jumpPauseMillis` ends the prefix. Only a list in name order can be jumped in.
public struct JumpTyping: Equatable, Sendable {
    public internal(set) var text = ""
    var generation = 0
    /// The text last looked up (the debounce fired for it).
    var lookedUp: String?
}

/// A jump being placed: the prefix, then the sort key of the first name with it, then the
/// halving window over the positions of the list it started on.
public struct JumpState: Equatable, Sendable {
    /// The prefix as typed, or the index entry (`#`: names starting with a digit).
    public let text: String
    let listID: Int
    let digits: Bool
    let descending: Bool
    /// The "first name starting with" question in flight.
    var probe: PageRequest?
    /// Sort key to place: the first position whose key is at or past it (ascending; at or
    /// before it descending) is the answer. `#` needs no question: digits start at "0".
    var bound: [UInt8]?
    var lo = 0
    var hi: Int?
}

extension AppState {
    /// `'`: starts typing a prefix (the status line shows it).
    mutating func startJumpTyping() -> [Effect] {
        guard let reason = jumpRefusal() else {
            let generation = (jumpTyping?.generation ?? 0) + 1
            jumpTyping = JumpTyping(text: "", generation: generation)
            return [.startTimer(.jumpPause(generation: generation), milliseconds: config.jumpPauseMillis)]
        }
        jumpNotice = reason
        return []
    }

    /// A key while a prefix is typed; nil when the key ends the typing and goes to the grid.
    mutating func handleJumpTyping(key: KeyEvent) -> [Effect]? {
        guard var typing = jumpTyping else { return nil }
        switch key {
        case .escape:
            jumpTyping = nil
            return []
        case .enter:
            // Enter looks the text up at once when the debounce has not (a live source's small budget
            // waits for Enter, as its search does).
            jumpTyping = nil
            return typing.lookedUp == typing.text ? [] : startJump(to: typing.text)
        case .backspace:
            guard !typing.text.isEmpty else { jumpTyping = nil; return [] }
            typing.text.removeLast()
        case _ where key.typed.map { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } } == true:
            typing.text.append(key.typed!)
        default:
            jumpTyping = nil
            return nil
        }
        typing.generation += 1
        jumpTyping = typing
        var effects: [Effect] = [.startTimer(.jumpPause(generation: typing.generation), milliseconds: config.jumpPauseMillis)]
        if !typing.text.drop(while: { $0 == " " }).isEmpty, !config.source.searchesOnEnter {
            effects.append(.startTimer(.jumpDebounce(generation: typing.generation), milliseconds: config.searchDebounceMillis))
        }
        return effects
    }

    mutating func jumpTimerFired(_ tag: TimerTag) -> [Effect] {
        switch tag {
        case .jumpDebounce(let generation) where jumpTyping?.generation == generation:
            let text = jumpTyping?.text ?? ""
            jumpTyping?.lookedUp = text
            return startJump(to: text)
        case .jumpPause(let generation) where jumpTyping?.generation == generation:
            jumpTyping = nil
        default:
            break
        }
        return []
    }

    /// Why the list on screen cannot be jumped in (nil: it can): not in name order.
    func jumpRefusal() -> String? {
        let base = search.map { lists[max(0, min($0.baseDepth, lists.count) - 1)] } ?? current
        if let order = base.order, !order.isByName { return strings.text(.jumpNeedsNames, order.label(strings)) }
        switch base.query {
        case .titles(.creators, _): return strings[.jumpNotHere]  // shown by full name, ordered by last name
        case .letter(.digits): return strings[.jumpNotHere]       // paged in sequence, not by position
        default: return nil
        }
    }

    /// Moves to the first name starting with `text` (or, for the index's `#`, with a digit) in
    /// the list the grid shows (a search is closed first: its results are ranked, not ordered).
    mutating func startJump(to text: String, digits: Bool = false) -> [Effect] {
        let prefix = String(text.drop(while: { $0 == " " }))
        guard !prefix.isEmpty || digits else { return [] }
        if let reason = jumpRefusal() {
            jumpNotice = reason
            return []
        }
        if search != nil { restoreFromSearch() }
        let list = current
        let descending = list.order?.descending ?? false
        var state = JumpState(text: digits ? "#" : prefix, listID: list.id, digits: digits, descending: descending)
        if digits {
            // Byte order: digits start at "0" and end before ":".
            state.bound = Array((descending ? ":" : "0").utf8)
            jump = state
            return []
        }
        let probe = PageRequest(listID: nextListID, query: list.query, offset: 0, limit: 1, order: list.order, startsWith: prefix)
        nextListID += 1
        state.probe = probe
        jump = state
        return [.fetchPage(probe)]
    }

    /// The answer to the jump's question, if `request` was it.
    mutating func receiveJumpProbe(_ request: PageRequest, _ result: Result<ItemPage, PageFailure>) -> Bool {
        guard var state = jump, state.probe == request else { return false }
        state.probe = nil
        switch result {
        case .failure(let failure):
            jump = nil
            jumpNotice = strings.text(.pageError, strings.failure(displayedFailure(failure)))
        case .success(let page):
            guard let first = page.items.first, NameMatch.fold(first.name).hasPrefix(NameMatch.fold(state.text)) else {
                jump = nil
                jumpNotice = strings.text(.jumpNotFound, state.text)
                return true
            }
            state.bound = sortKey(first.name)
            jump = state
        }
        return true
    }

    /// The name's key in the list's order: its bytes (the contract's name order is byte order);
    /// a comic's title without its " #N" (titles order by series, then by number).
    func sortKey(_ name: String) -> [UInt8] { Self.sortKey(name, comics: config.catalog == .comics) }

    static func sortKey(_ name: String, comics: Bool) -> [UInt8] {
        guard comics, let mark = name.range(of: " #") else { return Array(name.utf8) }
        return Array(name[..<mark.lowerBound].utf8)
    }

    /// One halving step per message (from `settle`): narrows the window over the loaded
    /// positions, asks for the page at the middle when it is a gap, and moves the selection
    /// once the window closes.
    mutating func advanceJump() -> [Effect] {
        guard var state = jump, let bound = state.bound else { return [] }
        guard let at = lists.firstIndex(where: { $0.id == state.listID }), at == lists.count - 1 else {
            jump = nil  // the list left the screen (Esc, a search, a sort)
            return []
        }
        let list = lists[at]
        guard list.total != nil, list.pending == nil else { return [] }  // the first page, or a page, is on its way
        let comics = config.catalog == .comics, digits = state.digits, descending = state.descending
        let atOrPast = { (item: GalleryItem) -> Bool in
            let key = AppState.sortKey(item.name, comics: comics)
            if digits && descending { return key.lexicographicallyPrecedes(bound) }
            return descending ? !bound.lexicographicallyPrecedes(key) : !key.lexicographicallyPrecedes(bound)
        }
        var hi = min(state.hi ?? list.count, list.count)
        var lo = min(state.lo, hi)
        while lo < hi {
            let mid = (lo + hi) / 2
            guard let item = list.item(at: mid) else {
                state.lo = lo; state.hi = hi
                jump = state
                return fetchJumpPage(at: mid, in: at)
            }
            if atOrPast(item) { hi = mid } else { lo = mid + 1 }
        }
        if lo < list.count, list.item(at: lo) == nil {
            state.lo = lo; state.hi = hi
            jump = state
            return fetchJumpPage(at: lo, in: at)
        }
        jump = nil
        guard lo < list.count, let found = list.item(at: lo), matches(found, state) else {
            jumpNotice = strings.text(.jumpNotFound, state.text)
            return []
        }
        // The found name at the top of the screen, with the names after it below.
        if let grid = layout.tileGrid { lists[at].topRow = lo / grid.columns }
        move(to: lo)
        return []
    }

    private func matches(_ item: GalleryItem, _ state: JumpState) -> Bool {
        state.digits ? IndexLetter.digits.matches(item.name) : NameMatch.fold(item.name).hasPrefix(NameMatch.fold(state.text))
    }

    /// The page that holds `position` (a gap), asked for like any page of the list.
    private mutating func fetchJumpPage(at position: Int, in index: Int) -> [Effect] {
        guard lists[index].failure == nil,
              let request = lists[index].requestPage(visible: position..<(position + 1), margin: 0, limit: config.pageSize) else {
            return []  // a failed page waits for `r`, as on the grid
        }
        return [.fetchPage(request)]
    }
}
