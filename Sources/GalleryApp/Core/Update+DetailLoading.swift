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
            withPage(request.pageID) { page in
                guard page.strip.pending == request else { return }
                page.strip.pending = nil
                switch result {
                case .success(let answer):
                    page.strip.failure = nil
                    page.strip.receive(answer)
                case .failure(let failure):
                    page.strip.failure = strings.failure(failure)
                }
            }
        case .imageLoaded(.main(let pageID), let key, let image):
            withPage(pageID) { page in
                guard page.requestedImage == key else { return }
                if let image { page.image = image } else if page.image == nil { page.imageFailed = true }
            }
        case .imageLoaded(.strip(let pageID), let key, let image):
            withPage(pageID) { page in
                guard page.strip.requested.remove(key) != nil else { return }
                if let image { page.strip.images[key.characterID] = image } else { page.strip.failed.insert(key) }
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
        if page.isLoading || (page.strip.pending != nil && page.strip.items.isEmpty), !spinnerTicking {
            spinnerTicking = true
            effects.append(.startTimer(.spinner, milliseconds: config.spinnerMillis))
        }
        guard let content = page.content else { return effects }
        let layout = detailLayout
        clampDetailScroll()

        // The page's picture at this layout's size (the old size stays drawn until it arrives).
        if let ref = content.picture, !ref.isPlaceholder, !page.imageFailed {
            let picture = layout.pictureSize
            let key = ThumbnailKey(characterID: page.subject.id, image: ref, columns: picture.width, rows: picture.height)
            let have = page.image.map { $0.cols == key.columns && $0.rows == key.rows } ?? false
            if !have && page.requestedImage != key {
                details.pages[top].requestedImage = key
                effects.append(.detail(.loadImages(.main(pageID: page.pageID), [key])))
            }
        }

        // The strip: next page when the selection is within two screens of the end.
        let visible = CoverStrip.visibleCount(width: layout.viewport.width)
        var strip = details.pages[top].strip
        if strip.pending == nil, strip.failure == nil, !strip.endReached,
           strip.items.count - strip.selection <= 2 * visible {
            let request = StripRequest(pageID: page.pageID, subject: page.subject, offset: strip.nextOffset,
                                       limit: CoverStrip.pageSize)
            strip.pending = request
            effects.append(.detail(.loadStrip(request)))
        }
        // Covers on screen and the next screen, when the strip is shown.
        if page.showsStrip {
            var keys: [ThumbnailKey] = []
            let end = min(strip.items.count, strip.first + 2 * visible)
            for item in strip.items[min(strip.first, end)..<end] {
                guard let ref = item.thumbnail, !ref.isPlaceholder, strip.images[item.id] == nil else { continue }
                let key = ThumbnailKey(characterID: item.id, image: ref, columns: CoverStrip.coverColumns, rows: CoverStrip.coverRows)
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
            if page.strip.items.isEmpty && page.strip.pending != nil { return false }
            if !page.strip.requested.isEmpty { return false }
        }
        return true
    }
}
