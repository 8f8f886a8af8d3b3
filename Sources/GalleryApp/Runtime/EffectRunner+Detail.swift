import TerminalUI

extension EffectRunner {
    static let detailKeyOffset = 1 << 40

    /// The detail pages' work: data from the `DetailSource`, pictures from the same thumbnail
    /// provider as the grid, links through the opener.
    func performDetail(_ effect: DetailEffect, _ dispatch: Dispatch<Msg>) async {
        switch effect {
        case .load(let request):
            guard let details else {
                let failure = PageFailure.noDetailSource
                switch request.subject {
                case .character: dispatch(.detail(.characterLoaded(request, .failure(failure))))
                case .comic: dispatch(.detail(.comicLoaded(request, .failure(failure))))
                }
                return
            }
            switch request.subject {
            case .character(let id): dispatch(.detail(.characterLoaded(request, await details.character(id: id))))
            case .comic(let id): dispatch(.detail(.comicLoaded(request, await details.comic(id: id))))
            }
        case .loadStrip(let request):
            let result = await details?.strip(request) ?? .failure(PageFailure.noDetailSource)
            dispatch(.detail(.stripLoaded(request, result)))
        case .loadImages(let slot, let keys):
            for key in keys {
                // The provider keeps one load per key and answers it once: a grid tile of the
                // same character at the same size must not swallow this answer, so detail loads
                // use ids shifted past any Marvel id (they are below 2^31) in the provider.
                let own = ThumbnailKey(itemID: key.itemID &+ EffectRunner.detailKeyOffset, image: key.image,
                                       columns: key.columns, rows: key.rows)
                thumbnails.load(own, priority: .high) { image in
                    dispatch(.detail(.imageLoaded(slot, key, image)))
                }
            }
        case .openURL(let url):
            let opened = await opener.open(url)
            dispatch(.detail(.linkOpened(url, opened: opened)))
        }
    }
}
