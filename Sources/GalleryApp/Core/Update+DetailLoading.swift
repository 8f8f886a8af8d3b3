/// Answers for the detail pages (data, strip pages, pictures, links) and what each page still
/// needs after every message: its picture at the layout's size, the next strip page when the
/// selection nears the end, the covers on screen and one screen ahead.
extension AppState {
    mutating func receive(detail msg: DetailMsg) {
        let strings = self.strings  // read before `withPage` holds `self` for writing
        switch msg {
        case .characterLoaded(let request, let result):
            withPage(request.pageID) { page in
                switch result {
                case .success(let character): page.content = .character(character)
                case .failure(let failure): page.failure = strings.failure(failure)
                }
            }
        case .comicLoaded(let request, let result):
            withPage(request.pageID) { page in
                switch result {
                case .success(let comic): page.content = .comic(comic)
                case .failure(let failure): page.failure = strings.failure(failure)
                }
            }
        case .stripLoaded(let request, let result):
            withPage(request.listID) { page in _ = page.strip.list.receive(request, result: result) }
        case .imageLoaded(.main(let pageID), let key, let image):
            withPage(pageID) { page in
                guard page.requestedImage == key else { return }
                if let image { page.image = image } else if page.image == nil { page.imageFailed = true }
            }
        case .imageLoaded(.strip(let pageID), let key, let image):
            withPage(pageID) { page in
                guard page.strip.requested.remove(key) != nil else { return }
                if let image { page.strip.images[key.itemID] = image } else { page.strip.failed.insert(key) }
            }
        case .linkOpened(let url, let opened):
            let top = details.pages.count - 1
            guard top >= 0 else { return }
            details.pages[top].notice = strings.text(opened ? .linkOpened : .linkNoOpener, url)
        }
    }

    private mutating func withPage(_ pageID: Int, _ change: (inout DetailPage) -> Void) {
        guard let i = details.pages.firstIndex(where: { $0.pageID == pageID }) else { return }
        change(&details.pages[i])
    }

    /// What the top page needs now. Pages below keep what they have and ask again when they
    /// are back on top.
    mutating func settleDetails() -> [Effect] {
        let top = details.pages.count - 1
        guard top >= 0 else { return [] }
        var effects: [Effect] = []
        let page = details.pages[top]
        if page.isLoading || (page.strip.list.isLoading && page.strip.list.isEmpty), !spinnerTicking {
            spinnerTicking = true
            effects.append(.startTimer(.spinner, milliseconds: config.spinnerMillis))
        }
        guard let content = page.content else { return effects }
        let layout = detailLayout
        clampDetailScroll()

        // The page's picture at this layout's size (the old size stays drawn until it arrives).
        if let ref = content.picture, !ref.isPlaceholder, !page.imageFailed {
            let picture = layout.pictureSize
            let key = ThumbnailKey(itemID: page.subject.id, image: ref, columns: picture.width, rows: picture.height)
            let have = page.image.map { $0.cols == key.columns && $0.rows == key.rows } ?? false
            if !have && page.requestedImage != key {
                details.pages[top].requestedImage = key
                effects.append(.detail(.loadImages(.main(pageID: page.pageID), [key])))
            }
        }

        // The strip: the page that holds the gap on screen or within two screens of it, in the
        // direction of the last move (the sparse list decides, as for the grids).
        let visible = CoverStrip.visibleCount(width: layout.viewport.width)
        var strip = details.pages[top].strip
        let onScreen = strip.visibleRange(visible)
        if let request = strip.list.requestPage(visible: onScreen, margin: 2 * visible, limit: CoverStrip.pageSize) {
            effects.append(.detail(.loadStrip(request)))
        }
        // Covers on screen and the next screen, when the strip is shown; far ones are dropped.
        if page.showsStrip {
            strip.dropFarImages(visible: visible)
            var keys: [ThumbnailKey] = []
            let end = min(strip.list.count, strip.first + 2 * visible)
            for item in (min(strip.first, end)..<end).compactMap({ strip.list.item(at: $0) }) {
                guard let ref = item.thumbnail, !ref.isPlaceholder, strip.images[item.id] == nil else { continue }
                let key = ThumbnailKey(itemID: item.id, image: ref, columns: CoverStrip.coverColumns, rows: CoverStrip.coverRows)
                guard !strip.requested.contains(key), !strip.failed.contains(key) else { continue }
                strip.requested.insert(key)
                keys.append(key)
            }
            if !keys.isEmpty { effects.append(.detail(.loadImages(.strip(pageID: page.pageID), keys))) }
        }
        details.pages[top].strip = strip
        return effects
    }
}

extension DetailSubject {
    var id: Int {
        switch self {
        case .character(let id), .comic(let id): return id
        }
    }
}

extension AppState {
    /// True when what is on screen is fully drawn: the grid (`isGridComplete`), or the top
    /// detail page with its data, its picture at the layout's size and the covers on screen
    /// (a failed page counts as complete: its modal is final). The headless run waits for this.
    public var isScreenComplete: Bool {
        guard let page = details.top else { return isGridComplete }
        if page.failure != nil { return true }
        guard let content = page.content else { return false }
        if let ref = content.picture, !ref.isPlaceholder, !page.imageFailed {
            let size = detailLayout.pictureSize
            guard let image = page.image, image.cols == size.width, image.rows == size.height else { return false }
        }
        if page.showsStrip {
            if page.strip.list.isEmpty && page.strip.list.isLoading { return false }
            for index in page.strip.visibleRange(CoverStrip.visibleCount(width: detailLayout.viewport.width))
            where page.strip.list.item(at: index) == nil && page.strip.list.failure == nil { return false }
            if !page.strip.requested.isEmpty { return false }
        }
        return true
    }
}
