import Foundation
import Synchronization
@testable import GalleryApp
import TerminalUI

/// The fake catalog as a page source for the real program loop (answers after `delay`).
final class FakePageSource: ItemPageSource, @unchecked Sendable {
    private let lock = Mutex(())
    private var catalog: FakeCatalog
    private(set) var requests: [PageRequest] = []
    let delay: Duration

    init(catalog: FakeCatalog, delay: Duration = .milliseconds(1)) {
        self.catalog = catalog
        self.delay = delay
    }

    var requestLog: [PageRequest] { lock.withLock { _ in requests } }

    func page(_ request: PageRequest) async -> Result<ItemPage, PageFailure> {
        try? await Task.sleep(for: delay)
        return lock.withLock { _ in
            requests.append(request)
            return .success(catalog.answer(request))
        }
    }
}

/// Thumbnails drawn on demand (a gradient per character), delivered at once like memory hits.
final class FakeThumbnails: ThumbnailProviding, @unchecked Sendable {
    private let lock = Mutex(())
    private(set) var loads: [ThumbnailKey: ThumbnailPriority] = [:]
    private(set) var cancels: [ThumbnailKey] = []

    func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
        lock.withLock { _ in loads[key] = priority }
        let hue = UInt8((key.itemID * 37) % 200)
        completion(.gradient(cols: key.columns, rows: key.rows, from: RGB(hue, 40, 200 - hue), to: RGB(250, hue, 30)))
    }

    func cancel(_ key: ThumbnailKey) { lock.withLock { _ in cancels.append(key) } }
    var loadCount: Int { lock.withLock { _ in loads.count } }
}
