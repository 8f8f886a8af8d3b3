import Foundation
import Synchronization
import TerminalUI

/// Performs the core's effects against the real world and reports back as messages:
/// pages from the `ItemPageSource`, thumbnails from the `ThumbnailProviding`, timers
/// with `Dispatch.after`. It keeps no state of its own beyond what the providers keep.
public struct EffectRunner: Sendable {
    public let pages: any ItemPageSource
    public let thumbnails: any ThumbnailProviding
    /// Character and comic details (nil: detail pages report that none can be loaded).
    public var details: (any DetailSource)?
    /// Opens links (`o` on a detail page).
    public var opener: any URLOpening = SystemURLOpener()
    /// Where `y` / `Y` put their text (nil: nowhere; the confirmation still names it).
    public var clipboard: (any ClipboardWriting)?
    /// A link as it outlives the process: the executable maps in-process loopback URLs to the
    /// record's own (`InProcessURLs`).
    public var canonicalLink: @Sendable (String) -> String = { $0 }
    /// The other way: a record's own picture link to where this run serves it (a saved file
    /// read again).
    public var localLink: @Sendable (String) -> String = { $0 }
    /// Where favourites and history are written (nil: kept in memory only).
    public var savedStore: SavedStore?
    /// The health last reported, so a change is sent once.
    private let reportedHealth = HealthLatch()

    public init(pages: any ItemPageSource, thumbnails: any ThumbnailProviding) {
        self.pages = pages
        self.thumbnails = thumbnails
    }

    /// The performer for `ProgramRunner`.
    public var performer: EffectPerformer<Effect, Msg> {
        { effect, dispatch in await self.perform(effect, dispatch) }
    }

    public func perform(_ effect: Effect, _ dispatch: Dispatch<Msg>) async {
        switch effect {
        case .fetchPage(let request):
            let result = await pages.page(request)
            dispatch(.pageLoaded(request, result))
            reportHealth(dispatch)
        case .loadThumbnails(let keys, let priority):
            for key in keys {
                let asked = GalleryProgram.monotonicMillis()
                let returned = LoadReturned()
                thumbnails.load(key, priority: priority) { [self] image in
                    if let image {
                        // A picture in memory answers before `load` returns: no round trip.
                        let roundTrip = returned.flag.load(ordering: .acquiring)
                            ? Int(GalleryProgram.monotonicMillis() - asked) : nil
                        dispatch(.thumbnailLoaded(key, image, roundTripMillis: roundTrip))
                    } else {
                        dispatch(.thumbnailFailed(key))
                    }
                    reportHealth(dispatch)
                }
                returned.flag.store(true, ordering: .releasing)
            }
        case .cancelThumbnails(let keys):
            thumbnails.cancel(keys)
        case .moveThumbnailWindow(let load, let cancel, let prefetch):
            if !load.isEmpty { await perform(.loadThumbnails(load, .high), dispatch) }
            if !cancel.isEmpty { thumbnails.cancel(cancel) }
            if !prefetch.isEmpty { await perform(.loadThumbnails(prefetch, .low), dispatch) }
        case .startTimer(let tag, let milliseconds):
            await dispatch.after(.milliseconds(milliseconds), .timerFired(tag))
        case .detail(let detailEffect):
            await performDetail(detailEffect, dispatch)
        case .copy(let request):
            dispatch(.copied(await copy(request)))
        case .save(let list, let entries, let base, let revision):
            save(list, entries, base: base, revision: revision, dispatch)
        case .reread(let list, let listID, let since):
            reread(list, listID: listID, since: since, dispatch)
        }
    }

    /// Sends the sources' health when it differs from what was sent last.
    func reportHealth(_ dispatch: Dispatch<Msg>) {
        let health = pages.health.combined(with: thumbnails.health)
        if reportedHealth.changed(to: health) { dispatch(.healthChanged(health)) }
    }
}

/// The last health sent (thumbnail completions run on the pipeline's threads).
final class HealthLatch: Sendable {
    private let last = Mutex(SourceHealth())

    /// True (and remembered) when `health` is new.
    func changed(to health: SourceHealth) -> Bool {
        last.withLock { last in
            guard health != last else { return false }
            last = health
            return true
        }
    }
}

/// Set once `load` has returned: a completion that finds it unset ran inside `load`, from memory.
final class LoadReturned: Sendable {
    let flag = Atomic(false)
}
