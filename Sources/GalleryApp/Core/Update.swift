import TerminalUI

/// The pure state machine: `update` applies one message and returns the effects to run.
/// Everything the runner does comes back as a message, so a test can play any sequence.
extension AppState {
    /// `update` at `now` on the event loop's clock (ms, monotonic): what the runtime calls.
    public mutating func update(_ msg: Msg, atMillis now: UInt64) -> [Effect] {
        clockMillis = now
        return update(msg)
    }

    public mutating func update(_ msg: Msg) -> [Effect] {
        guard !isQuitting else { return [] }
        var effects: [Effect] = []
        switch msg {
        case .resized(let newSize):
            resize(to: newSize)
            effects += updateDetails(.resized(newSize))
        case .key(let key):
            effects += handle(key: key)
        case .paste(let text):
            effects += handle(paste: text)
        case .mouse(let mouse, let millis):
            effects += handle(mouse: mouse, atMillis: millis)
        case .pageLoaded(let request, let result) where receiveJumpProbe(request, result):
            break  // the answer to a jump's "first name starting with"
        case .pageLoaded(let request, let result):
            receivePage(request, result)
            effects += startRetryCountdown(request.listID, result)
        case .thumbnailLoaded(let key, let thumbnail, _) where key.use == .full:
            receiveFullPicture(key, thumbnail)
        case .thumbnailFailed(let key) where key.use == .full:
            receiveFullPicture(key, nil)
        case .thumbnailLoaded(let key, let thumbnail, let roundTrip):
            if let roundTrip { pictureRoundTrip.add(millis: roundTrip) }
            receiveThumbnail(key, thumbnail)
        case .thumbnailFailed(let key):
            if requestedThumbnails.removeValue(forKey: key) != nil { failedThumbnails.insert(key) }
        case .timerFired(.searchDebounce(let generation)):
            if let search, search.generation == generation { applySearch() }
        case .timerFired(.spinner):
            spinnerTicking = false
            spinnerFrame &+= 1
        case .timerFired(.retryCountdown(let listID)):
            effects += tickRetryCountdown(listID)
        case .timerFired(.jumpDebounce(let generation)):
            effects += jumpTimerFired(.jumpDebounce(generation: generation))
        case .timerFired(.jumpPause(let generation)):
            effects += jumpTimerFired(.jumpPause(generation: generation))
        case .detail(let detailMsg):
            effects += updateDetails(detailMsg)
        case .healthChanged(let health):
            self.health = health
        case .copied(let copy):
            copyNotice = copy.confirmation(strings)
        case .savedProblem(let problem, let path):
            noteSavedProblem(problem, path: path)
        case .savedReread(let list, let listID, let stamp, let entries):
            effects += receiveSavedFile(list, listID: listID, stamp: stamp, entries: entries)
        case .timerFired(.savedCheck(let listID)):
            effects += checkSavedFile(listID: listID)
        case .timerFired(.letGo):
            letGoCheckPending = false  // `settle` looks at the screen again
        case .terminate:
            isQuitting = true  // the runner stops when the state says so (`isFinished`)
            return []
        }
        if isQuitting { return effects }
        effects += releaseHeldKeys()
        if isQuitting { return effects }
        return effects + settleFullPicture() + settle()
    }

    /// After every message: keep the list on screen consistent, ask for the next page when the
    /// view nears the end, move the thumbnail window, keep the spinner turning.
    mutating func settle() -> [Effect] {
        if !details.isEmpty {
            guard details.isWaiting, !spinnerTicking else { return [] }
            spinnerTicking = true
            return [.startTimer(.spinner, milliseconds: config.spinnerMillis)]
        }
        var effects: [Effect] = []
        let top = lists.count - 1
        // A list pushed over the main one (a search, a format) pages in the main list's order.
        if lists[top].order == nil { lists[top].order = lists[0].order }
        effects += advanceJump()
        let grid = layout.tileGrid
        if let grid { lists[top].clampTopRow(in: grid) }
        let (visible, margin) = pageWindow(lists[top], grid: grid)
        effects += watchSavedFile()
        answerSavedPages(visible: visible, margin: margin)
        let lead = pageLead(lists[top])
        while let request = lists[top].requestPage(visible: visible, margin: margin, limit: config.pageSize, lead: lead,
                                                   atMillis: clockMillis) {
            effects.append(.fetchPage(request))
        }
        effects += syncThumbnailWindow()
        effects += watchLetGo()
        if current.isEmpty && current.isLoading && !spinnerTicking {
            spinnerTicking = true
            effects.append(.startTimer(.spinner, milliseconds: config.spinnerMillis))
        } else if current.isLoading || !requestedThumbnails.isEmpty, !spinnerTicking, case .live = config.source {
            // A page or pictures from a live source may wait for the budget or for what the
            // source asked (its status text says which and counts the wait down): redrawn once
            // a second while they load, not only on the next key.
            spinnerTicking = true
            effects.append(.startTimer(.spinner, milliseconds: 1000))
        }
        return effects
    }

    /// What the list must have loaded: the positions on screen, and two screens past them (past
    /// the selection, when it is further) in the scroll direction.
    func pageWindow(_ list: PagedList, grid: TileGrid?) -> (visible: Range<Int>, margin: Int) {
        guard let grid else { return (0..<0, 0) }
        let visible = grid.visibleRange(topRow: list.topRow, count: list.count)
        let beyondSelection = list.scrollsForward ? max(0, list.selection + 1 - visible.upperBound) : 0
        let ahead = max(2 * grid.tilesPerScreen, prefetchDistance(list, grid: grid) + grid.tilesPerScreen)
        return (visible, ahead + beyondSelection)
    }

    /// While a held key outruns the list's pages (a move comes sooner than a page's round
    /// trip): the positions it covers before a page asked now lands and its pictures come
    /// (`PagedList.requestPage`'s `lead`); nil otherwise.
    func pageLead(_ list: PagedList) -> Int? {
        guard let pageTrip = pageRoundTrip.millis, list.pace.outruns(atMillis: clockMillis, roundTripMillis: pageTrip) else {
            return nil
        }
        return list.pace.positions(coveredIn: pageTrip + (roundTripMillis ?? 0))
    }

    /// While a held key outruns the pictures or the pages, the screen's own pictures and gaps
    /// wait for the key to be let go; a timer looks again once no move came for the hold's gap,
    /// so a key let go with nothing else in flight (the end of the list) is still noticed.
    mutating func watchLetGo() -> [Effect] {
        let list = current
        guard !letGoCheckPending, details.isEmpty, let interval = list.pace.moveIntervalMillis,
              onScreenPriority(list) == .low || pageLead(list) != nil else { return [] }
        letGoCheckPending = true
        return [.startTimer(.letGo, milliseconds: Int(TravelPace.holdGapMoves * max(1, interval)) + 1)]
    }

    mutating func resize(to newSize: Size) {
        let oldGrid = gridBeforeResize
        if layout.tileGrid != nil { lastFittingSize = size }
        size = newSize
        tooSmallKeyIgnored = false
        guard let grid = layout.tileGrid else { return }
        lastFittingSize = nil
        for i in lists.indices {
            // Keep the selected tile on the same screen row where possible, then make sure it
            // is visible: the user keeps looking at the same character.
            var list = lists[i]
            if let oldGrid {
                let offset = list.selection / oldGrid.columns - list.topRow
                let clampedOffset = min(max(0, offset), grid.visibleRows - 1)
                list.topRow = list.selection / grid.columns - clampedOffset
            }
            list.revealSelection(in: grid)
            lists[i] = list
        }
    }

    mutating func receivePage(_ request: PageRequest, _ result: Result<ItemPage, PageFailure>) {
        guard let i = lists.firstIndex(where: { $0.id == request.listID }) else { return }
        let since = lists[i].askedAt(request)
        guard lists[i].receive(request, result: result) else { return }
        if let since, let now = clockMillis, now >= since { pageRoundTrip.add(millis: Int(now - since)) }
        if case .success(let page) = result {
            // Cleaned whole here: the header's cells would drop only the Esc bytes and show the rest.
            if let text = page.attributionText.map({ Sanitizer.clean($0) }), !text.isEmpty { attribution = text }
            if page.isStale { staleData = true }
        }
    }

    mutating func receiveThumbnail(_ key: ThumbnailKey, _ thumbnail: HalfBlockCells) {
        let wasWanted = requestedThumbnails.removeValue(forKey: key) != nil
        guard wasWanted || windowItemIDs().contains(key.itemID) else { return }
        // An older size arriving late never replaces a newer one.
        if let grid = layout.tileGrid, let existing = thumbnails[key.itemID],
           existing.cols == grid.thumbColumns, existing.rows == grid.thumbRows,
           key.columns != grid.thumbColumns || key.rows != grid.thumbRows {
            return
        }
        thumbnails[key.itemID] = thumbnail
    }

    mutating func quit() -> [Effect] {
        isQuitting = true
        return []
    }
}
