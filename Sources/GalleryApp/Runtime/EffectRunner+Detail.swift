import TerminalUI

extension EffectRunner {
    /// The detail pages' work: data from the `DetailSource`, pictures from the same thumbnail
    /// provider as the grid (their keys name the page they are for, so a grid tile of the same
    /// picture never swallows the answer), links through the opener.
    func performDetail(_ effect: DetailEffect, _ dispatch: Dispatch<Msg>) async {
        switch effect {
        case .load(let request):
            let result = await details?.load(request.subject) ?? .failure(PageFailure.noDetailSource)
            dispatch(.detail(.loaded(request, result)))
        case .loadStrip(let request):
            let result = await details?.strip(request) ?? .failure(PageFailure.noDetailSource)
            dispatch(.detail(.stripLoaded(request, result)))
        case .loadImages(let slot, let keys):
            for key in keys {
                thumbnails.load(key, priority: .high) { image in
                    dispatch(.detail(.imageLoaded(slot, key, image)))
                }
            }
        case .openURL(let url):
            let opened = await opener.open(url)
            dispatch(.detail(.linkOpened(url, opened: opened)))
        case .copy(let request):
            dispatch(.detail(.copied(await copy(request))))
        }
    }
}
