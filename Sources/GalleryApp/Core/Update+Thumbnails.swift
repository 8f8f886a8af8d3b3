/// The thumbnail window: what is on screen loads at high priority, the prefetch band in the
/// scroll direction (a screen, or what a held key covers in one round trip) at low priority,
/// anything else in flight is cancelled and its picture forgotten (the pipeline's memory
/// cache brings it back instantly when scrolled to again). While a held key outruns the
/// pictures, the screen shown is asked at low priority too: it is gone before its pictures
/// could come, and the band's far end, which is shown when they come, goes first (the
/// pipeline starts the newest prefetch first). Once the key is let go, the screen is raised.
extension AppState {
    /// Items of the current list on screen, and the prefetch band ahead in the scroll direction.
    func window() -> (visible: Range<Int>, ahead: Range<Int>)? {
        guard let grid = layout.tileGrid else { return nil }
        let list = current
        let count = list.count
        let visible = grid.visibleRange(topRow: list.topRow, count: count)
        let distance = prefetchDistance(list, grid: grid)
        let ahead = list.scrollsForward
            ? visible.upperBound..<min(count, visible.upperBound + distance)
            : max(0, visible.lowerBound - distance)..<visible.lowerBound
        return (visible, ahead)
    }

    /// How far past the screen `list` prefetches: the distance its pace covers in one picture
    /// round trip (the measured one, or the configured assumption).
    func prefetchDistance(_ list: PagedList, grid: TileGrid) -> Int {
        list.prefetchDistance(screen: grid.tilesPerScreen, roundTripMillis: roundTripMillis)
    }

    /// The picture round trip the window is sized by: the measured one, or the configured assumption.
    var roundTripMillis: Double? { config.assumedRoundTripMillis.map(Double.init) ?? pictureRoundTrip.millis }

    /// The priority of the tiles on screen: low while a held key outruns the pictures.
    func onScreenPriority(_ list: PagedList) -> ThumbnailPriority {
        list.pace.outruns(atMillis: clockMillis, roundTripMillis: roundTripMillis) ? .low : .high
    }

    func windowItemIDs() -> Set<Int> {
        guard let (visible, ahead) = window() else { return [] }
        return Set((Array(visible) + Array(ahead)).compactMap { current.item(at: $0)?.id })
    }

    mutating func syncThumbnailWindow() -> [Effect] {
        guard let grid = layout.tileGrid, let (visible, ahead) = window() else { return [] }
        let list = current
        var wanted: [ThumbnailKey: ThumbnailPriority] = [:]
        var high: [ThumbnailKey] = [], low: [ThumbnailKey] = []
        for (range, priority) in [(visible, onScreenPriority(list)), (ahead, .low)] {
            for index in range {
                guard let character = list.item(at: index),
                      let key = thumbnailKey(for: character, in: grid),
                      !failedThumbnails.contains(key) else { continue }
                if let have = thumbnails[character.id], have.cols == key.columns, have.rows == key.rows {
                    continue
                }
                wanted[key] = priority
                if requestedThumbnails[key] != priority {
                    requestedThumbnails[key] = priority
                    if priority == .high { high.append(key) } else { low.append(key) }
                }
            }
        }
        let leaving = requestedThumbnails.keys.filter { wanted[$0] == nil }
            .sorted { ($0.itemID, $0.columns, $0.rows) < ($1.itemID, $1.columns, $1.rows) }
        for key in leaving { requestedThumbnails[key] = nil }

        // Pictures outside the window are dropped: on a long walk memory holds ids and names only.
        let keep = Set((Array(visible) + Array(ahead)).compactMap { list.item(at: $0)?.id })
        thumbnails = thumbnails.filter { keep.contains($0.key) }

        // The screen's loads (new, or prefetches raised to on-screen) are told first, then the
        // tiles left behind are cancelled in one pass: the transfer slots they free go to this
        // screen at on-screen urgency. Cancelled first (and one by one), the slots went to the
        // screen left behind's queued tiles and to the band ahead still marked prefetch
        // (`Priority: u=5`), and a live source short of budget served the screen left behind
        // (`u=1`, and the newest) before the screen paged to.
        guard !high.isEmpty || !leaving.isEmpty || !low.isEmpty else { return [] }
        return [.moveThumbnailWindow(load: high, cancel: leaving, prefetch: low)]
    }
}
