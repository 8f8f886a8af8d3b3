import Foundation
import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI
import TestSupport

/// `F`: the favourites over the grid. It reads its file again when it opens and whenever the
/// file changes (another gallery starred something), shows what it read, and unstarring from it
/// takes the star off on disk too, another run's star included.
final class FavouritesViewTests: XCTestCase {
    private let a = SavedStoreTests.entry(1, name: "Alpha", at: 1_700_000_000)
    private let x = SavedStoreTests.entry(2, name: "Xeno", at: 1_700_000_100)

    private func loaded() -> Harness {
        var h = Harness(size: Size(width: 120, height: 40), count: 40)
        h.state.wallClock = FavouritesTests.fixedClock
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        return h
    }

    private func reread(_ effects: [Effect]) -> (SavedList, Int, SavedStore.FileStamp?)? {
        effects.lazy.compactMap { if case .reread(let list, let id, let since) = $0 { (list, id, since) } else { nil } }.first
    }

    func testFOpensTheFavouritesAndReadsTheFileAgain() throws {
        var h = loaded()
        h.state.saved = SavedLists(favourites: [a])
        let effects = h.key(.char("F"))
        XCTAssertEqual(h.state.current.query, .saved(.favourites))
        XCTAssertEqual(h.names, ["Alpha"])
        XCTAssertTrue(h.detailText.contains("★ Favourites"), h.detailText)
        let (list, listID, since) = try XCTUnwrap(reread(effects), "\(effects)")
        XCTAssertEqual(list, .favourites)
        XCTAssertEqual(listID, h.state.current.id)
        XCTAssertNil(since, "read on open whatever was read before")

        // Another gallery starred Xeno: the view shows it, Alpha still selected.
        let stamp = SavedStore.FileStamp(inode: 7, seconds: 1, nanoseconds: 2, size: 3)
        let answered = h.send(.savedReread(.favourites, listID: listID, stamp, [x, a]))
        XCTAssertEqual(h.names, ["Xeno", "Alpha"])
        XCTAssertEqual(h.state.current.selectedItem?.name, "Alpha")
        XCTAssertTrue(answered.contains(.startTimer(.savedCheck(listID: listID), milliseconds: AppState.savedCheckMillis)), "\(answered)")
        // The next look passes the stamp read: the runner answers only for a changed file.
        XCTAssertEqual(reread(h.send(.timerFired(.savedCheck(listID: listID))))?.2, stamp)

        // Unstarring the other gallery's star: the write takes it off, whatever the file holds.
        h.key(.left)
        XCTAssertEqual(h.state.current.selectedItem?.name, "Xeno")
        let unstar = h.key(.char("f"))
        guard case .save(.favourites, let entries, let base, _)? = unstar.first(where: { if case .save = $0 { true } else { false } }) else {
            return XCTFail("\(unstar)")
        }
        XCTAssertEqual(entries.map(\.name), ["Alpha"])
        XCTAssertEqual(SavedStore.merge(entries, since: base, into: [x, a], limit: nil).map(\.name), ["Alpha"])
        XCTAssertEqual(h.names, ["Xeno", "Alpha"], "the tile stays, shown without its star")
        XCTAssertFalse(h.state.isFavourite(try XCTUnwrap(h.state.current.selectedItem)))
    }

    /// `F` and `H` replace each other instead of piling up; Esc comes back to the grid.
    func testFAndHTakeEachOthersPlace() {
        var h = loaded()
        h.key(.char("F"))
        h.key(.char("H"))
        XCTAssertEqual(h.state.current.query, .saved(.recent))
        h.key(.char("F"))
        XCTAssertEqual(h.state.lists.count, 2)
        h.key(.escape)
        XCTAssertEqual(h.state.current.query, .all)
    }

    /// A page opened over the view stops the looking; back on the view it reads again.
    func testTheFileIsNotWatchedUnderADetailPageAndIsReadAgainAfter() throws {
        var h = loaded()
        h.state.saved = SavedLists(favourites: [a])
        let listID = try XCTUnwrap(reread(h.key(.char("F")))).1
        h.send(.savedReread(.favourites, listID: listID, nil, nil))
        h.openAndLoad()
        XCTAssertNil(reread(h.send(.timerFired(.savedCheck(listID: listID)))))
        let back = h.key(.escape)
        XCTAssertNotNil(reread(back), "\(back)")
    }
}

/// The store's side: a changed file is read again, and a save merges from the base the app read.
final class SavedStoreRereadTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-reread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAnotherRunsStarIsReadAndCanBeTakenOffHere() throws {
        let mine = SavedStore(directory: folder), theirs = SavedStore(directory: folder)
        var lists = mine.load().0
        _ = theirs.load()
        let x = SavedStoreTests.entry(2, name: "Xeno")
        try theirs.save(.favourites, [x])
        let reading = try XCTUnwrap(mine.reread(.favourites, since: nil))
        XCTAssertEqual(reading.entries, [x])
        XCTAssertNil(mine.reread(.favourites, since: reading.stamp), "unchanged: not read again")
        lists.absorb(.favourites, file: reading.entries)
        XCTAssertEqual(lists.favourites, [x])
        lists.toggleFavourite(x)
        try mine.save(.favourites, lists.favourites, since: lists.base(.favourites), revision: lists.revision)
        XCTAssertEqual(SavedStore(directory: folder).load().0.favourites, [], "the star taken off here is off on disk")
    }

    /// A star given at 10.7 s reads back from the file (whole seconds) as the same entry: else
    /// the merge would take it for one this run changed, and bring back what another run removed.
    func testAnEntryReadsBackAsItWasGiven() throws {
        let store = SavedStore(directory: folder)
        var lists = store.load().0
        lists.toggleFavourite(SavedEntry(kind: .characters, id: 7, name: "Seven", thumbnail: nil, source: "offline catalog",
                                         at: Date(timeIntervalSince1970: 1_700_000_010.7)))
        try store.save(.favourites, lists.favourites, since: lists.base(.favourites), revision: lists.revision)
        let reading = try XCTUnwrap(store.reread(.favourites, since: nil))
        XCTAssertEqual(reading.entries, lists.favourites)
        XCTAssertFalse(lists.absorb(.favourites, file: reading.entries), "nothing new in the file")
        XCTAssertEqual(SavedStore.merge(lists.favourites, since: lists.base(.favourites), into: [], limit: nil), [],
                       "another run took it off: it stays off")
    }

    /// What another run took off meanwhile stays off; what it changed is its version; this run's
    /// own star and change win.
    func testMergeIsThreeWay() {
        let e = { (id: Int, at: Double) in SavedStoreTests.entry(id, at: at) }
        let base = [e(3, 30), e(2, 20), e(1, 10)]
        let ours = [e(4, 40), e(2, 20), e(1, 10)]          // starred 4, took 3 off
        let theirs = [e(5, 50), e(3, 30), e(2, 25)]        // starred 5, took 1 off, changed 2
        XCTAssertEqual(SavedStore.merge(ours, since: base, into: theirs, limit: nil).map(\.id), [5, 4, 2])
        XCTAssertEqual(SavedStore.merge(ours, since: base, into: theirs, limit: nil).first { $0.id == 2 }?.at,
                       Date(timeIntervalSince1970: 25))
    }
}
