import MarvelAPI
import TerminalUI

/// Answers for the detail pages (data, strip pages, pictures, links) and what the top page
/// still needs after every message: its picture at the layout's size, the next strip page when
/// the selection nears the end, the pictures of the strip on screen and one screen ahead.
extension DetailStack {
    mutating func receive(_ msg: DetailMsg) {
        let strings = self.strings
        switch msg {
        case .loaded(let request, let result):
            withPage(request.pageID) { page in
                switch result {
                case .success(let content): page.content = content
                case .failure(let failure): page.failure = strings.failure(failure)
                }
            }
        case .stripLoaded(let request, let result):
            withPage(request.pageID) { page in
                guard var strip = page.strips[request.related], strip.pending == request else { return }
                strip.pending = nil
                switch result {
                case .success(let answer):
                    strip.failure = nil
                    strip.receive(answer, for: request)
                case .failure(let failure):
                    strip.failure = strings.failure(failure)
                }
                page.strips[request.related] = strip
            }
        case .imageLoaded(.main(let pageID), let key, let image):
            withPage(pageID) { page in
                guard page.requestedImage == key else { return }
                if let image { page.image = image } else if page.image == nil { page.imageFailed = true }
            }
        case .imageLoaded(.strip(let pageID, let related), let key, let image):
            withPage(pageID) { page in
                guard var strip = page.strips[related], strip.requested.remove(key) != nil else { return }
                if let image { strip.images[key.itemID] = image } else { strip.failed.insert(key) }
                page.strips[related] = strip
            }
        case .linkOpened(let url, let opened):
            let top = pages.count - 1
            guard top >= 0 else { return }
            pages[top].notice = strings.text(opened ? .linkOpened : .linkNoOpener, url)
            pages[top].unopenedLink = opened ? nil : url
        case .copied(let copy):
            guard !pages.isEmpty else { return }
            pages[pages.count - 1].notice = copy.confirmation(strings)
        case .open, .key, .mouse, .resized:
            break
        }
    }

    private mutating func withPage(_ pageID: Int, _ change: (inout DetailPage) -> Void) {
        guard let i = pages.firstIndex(where: { $0.pageID == pageID }) else { return }
        change(&pages[i])
    }

    /// True while the top page shows a spinner (its data, or the first page of its strip).
    public var isWaiting: Bool {
        guard let page = top else { return false }
        return page.isLoading || (page.strip.pending != nil && page.strip.count == 0)
    }

    /// What the top page needs now. Pages below keep what they have and ask again when they
    /// are back on top.
    mutating func settle() -> [DetailEffect] {
        let top = pages.count - 1
        guard top >= 0, let content = pages[top].content else { return [] }
        var effects: [DetailEffect] = []
        let page = pages[top]
        let layout = self.layout
        clampScroll()

        // The page's picture at this layout's size (the old size stays drawn until it arrives).
        if let ref = content.picture, !ref.isPlaceholder, !page.imageFailed {
            let picture = layout.pictureSize
            let key = ThumbnailKey(itemID: page.subject.id, image: ref, columns: picture.width, rows: picture.height,
                                   use: .detail(pageID: page.pageID), hole: layout.pictureHole)
            let have = page.image.map { $0.cols == key.columns && $0.rows == key.rows } ?? false
            if !have && page.requestedImage != key {
                pages[top].requestedImage = key
                effects.append(.loadImages(.main(pageID: page.pageID), [key]))
            }
        }

        // The strip: a list the entity carries itself is there at once; a cross route is paged
        // sparsely where the strip looks (on screen, then two screens on the side it moves to).
        let visible = CoverStrip.visibleCount(width: layout.viewport.width)
        var strip = page.strip
        if let inline = content.inlineItems(page.tab) {
            if strip.total == nil { strip.receiveInline(inline) }
        } else if let request = strip.nextRequest(pageID: page.pageID, subject: page.subject, related: page.tab,
                                                  visible: visible) {
            effects.append(.loadStrip(request))
        }
        // Pictures of the strip on screen and the next screen; the far ones are let go.
        strip.dropFarPictures(visible: visible)
        var keys: [ThumbnailKey] = []
        let end = min(strip.count, strip.first + 2 * visible)
        for index in min(strip.first, end)..<end {
            guard let item = strip.item(at: index), let ref = item.thumbnail, !ref.isPlaceholder,
                  strip.images[item.id] == nil else { continue }
            let key = ThumbnailKey(itemID: item.id, image: ref, columns: CoverStrip.coverColumns,
                                   rows: CoverStrip.coverRows, use: .detail(pageID: page.pageID))
            guard !strip.requested.contains(key), !strip.failed.contains(key) else { continue }
            strip.requested.insert(key)
            keys.append(key)
        }
        if !keys.isEmpty { effects.append(.loadImages(.strip(pageID: page.pageID, related: page.tab), keys)) }
        pages[top].strip = strip
        return effects
    }

    /// True when the top page is fully drawn: its data, its picture at the layout's size and
    /// the pictures of its strip on screen (a failed page counts as complete: its modal is
    /// final). The headless run waits for this.
    public var isComplete: Bool {
        guard let page = top else { return true }
        if page.failure != nil { return true }
        guard let content = page.content else { return false }
        if let ref = content.picture, !ref.isPlaceholder, !page.imageFailed {
            let size = layout.pictureSize
            guard let image = page.image, image.cols == size.width, image.rows == size.height else { return false }
        }
        if page.strip.count == 0 && page.strip.pending != nil { return false }
        return page.strip.requested.isEmpty
    }
}
