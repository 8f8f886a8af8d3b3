import Foundation
import XCTest
@testable import GalleryApp
import MarvelAPI

/// The favourites and history files: a round trip, the cap of 100, and every bad file (corrupt,
/// huge, a directory, read-only, an unwritable folder) kept in memory and never overwritten.
final class SavedStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try? FileManager.default.removeItem(at: folder)
    }

    static func entry(_ id: Int, _ kind: MarvelResource = .characters, name: String? = nil, at: Double = 1_700_000_000) -> SavedEntry {
        SavedEntry(kind: kind, id: id, name: name ?? "Entry \(id)",
                   thumbnail: ImageRef(path: "http://i.annihil.us/u/prod/marvel/i/mg/\(id)", extension: "jpg"),
                   source: "offline catalog", at: Date(timeIntervalSince1970: at))
    }

    func testDefaultFolderFollowsXDGDataHome() {
        XCTAssertEqual(SavedStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/tmp/x"]).path, "/tmp/x/marvel-gallery")
        // Relative values are ignored, as the XDG spec asks.
        XCTAssertTrue(SavedStore.defaultDirectory(environment: ["XDG_DATA_HOME": "rel"]).path.hasSuffix("/.local/share/marvel-gallery"))
    }

    func testRoundTripKeepsEveryField() throws {
        let store = SavedStore(directory: folder.appendingPathComponent("marvel-gallery"))
        let favourites = [Self.entry(1009610, name: "Spider-Man"), Self.entry(21366, .comics, name: "Avengers #1")]
        let history = (0..<5).map { Self.entry($0, at: 1_700_000_000 + Double($0)) }
        try store.save(.favourites, favourites)
        try store.save(.recent, history)
        let (lists, problems) = SavedStore(directory: store.directory).load()
        XCTAssertEqual(problems, [])
        XCTAssertEqual(lists.favourites, favourites)
        XCTAssertEqual(lists.history, history)
        XCTAssertEqual(lists.favourites[1].resourceURI, "http://gateway.marvel.com/v1/public/comics/21366")
        XCTAssertEqual(lists.favourites[1].resource, .comics)
        // Written whole and renamed: no temporary file left behind (only each list's lock file,
        // which stays: removing it would let two runs lock two different files).
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
        XCTAssertEqual(names, [".favourites.json.lock", ".history.json.lock", "favourites.json", "history.json"])
    }

    /// A write of an older revision arriving after a newer one (an effect still running when
    /// the program wrote its final lists at exit) leaves the newer on disk.
    func testAnOlderRevisionNeverReplacesANewerOne() throws {
        let store = SavedStore(directory: folder)
        try store.save(.favourites, [Self.entry(1), Self.entry(2)], revision: 5)
        try store.save(.favourites, [Self.entry(1)], revision: 4)
        try store.save(.favourites, [Self.entry(1), Self.entry(2)], revision: 5)
        XCTAssertEqual(SavedStore(directory: folder).load().0.favourites.map(\.id), [1, 2])
        try store.save(.favourites, [Self.entry(3)], revision: 6)
        XCTAssertEqual(SavedStore(directory: folder).load().0.favourites.map(\.id), [3])
    }

    func testMissingFilesAreEmptyListsWithoutAProblem() {
        let (lists, problems) = SavedStore(directory: folder.appendingPathComponent("none")).load()
        XCTAssertEqual(lists, SavedLists())
        XCTAssertEqual(problems, [])
    }

    func testHistoryKeepsTheLastHundredOncePerRecordNewestFirst() {
        var lists = SavedLists()
        for id in 0..<130 { lists.recordVisit(Self.entry(id)) }
        XCTAssertEqual(lists.history.count, 100)
        XCTAssertEqual(lists.history.first?.id, 129)
        XCTAssertEqual(lists.history.last?.id, 30)
        lists.recordVisit(Self.entry(50, name: "again"))
        XCTAssertEqual(lists.history.count, 100)
        XCTAssertEqual(lists.history.first?.name, "again")
        XCTAssertEqual(lists.history.filter { $0.id == 50 }.count, 1)
        // The same id of another kind is another record.
        lists.recordVisit(Self.entry(50, .comics))
        XCTAssertEqual(lists.history.filter { $0.id == 50 }.count, 2)
        // A file holding more than 100 is cut to 100 when read.
        XCTAssertEqual(SavedLists(history: (0..<150).map { Self.entry($0) }).history.count, 100)
    }

    func testToggleStarsAndUnstarsByKindAndID() {
        var lists = SavedLists()
        XCTAssertTrue(lists.toggleFavourite(Self.entry(7)))
        XCTAssertTrue(lists.toggleFavourite(Self.entry(7, .comics)))
        XCTAssertTrue(lists.isFavourite(.characters, id: 7, source: "offline catalog"))
        XCTAssertFalse(lists.toggleFavourite(Self.entry(7, name: "renamed")))
        XCTAssertFalse(lists.isFavourite(.characters, id: 7, source: "offline catalog"))
        XCTAssertTrue(lists.isFavourite(.comics, id: 7, source: "offline catalog"))
    }

    /// Two live sources number their records apart: the same id from each is two records, and
    /// neither is the Marvel record of that id (the catalog, the API and mirrors share Marvel's).
    func testTheSameIDFromTwoSourcesNeverCollides() {
        var lists = SavedLists()
        var metron = Self.entry(7), comicVine = Self.entry(7), api = Self.entry(7)
        metron.source = "live source metron"
        comicVine.source = "live source comicvine"
        api.source = "Marvel API"
        XCTAssertTrue(lists.toggleFavourite(metron))
        XCTAssertTrue(lists.toggleFavourite(comicVine), "another source's 7: starred, not unstarred")
        XCTAssertEqual(lists.favourites.count, 2)
        XCTAssertFalse(lists.isFavourite(.characters, id: 7, source: "offline catalog"))
        XCTAssertTrue(lists.isFavourite(.characters, id: 7, source: "live source comicvine"))
        lists.recordVisit(metron)
        lists.recordVisit(comicVine)
        lists.recordVisit(api)
        XCTAssertEqual(lists.history.count, 3)
        XCTAssertTrue(lists.isFavourite(.characters, id: 7, source: "live source metron"))
        XCTAssertFalse(lists.toggleFavourite(metron))
        XCTAssertTrue(lists.isFavourite(.characters, id: 7, source: "live source comicvine"))
    }

    /// A bad file: said once, the list starts empty in memory, and a later save leaves the
    /// file exactly as it was (what it holds may still be the user's).
    private func assertKeptInMemory(_ list: SavedList, reason expected: (SavedStoreProblem.Reason) -> Bool,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let store = SavedStore(directory: folder)
        let url = store.file(list)
        let before = try? Data(contentsOf: url)
        let (lists, problems) = store.load()
        XCTAssertEqual(problems.count, 1, file: file, line: line)
        XCTAssertEqual(problems.first?.list, list, file: file, line: line)
        XCTAssertTrue(problems.first.map { expected($0.reason) } ?? false, "\(problems)", file: file, line: line)
        XCTAssertTrue(store.isMemoryOnly(list), file: file, line: line)
        XCTAssertFalse(store.isMemoryOnly(list == .favourites ? .recent : .favourites), file: file, line: line)
        try store.save(list, [Self.entry(1)])  // no throw: already said, kept in memory
        XCTAssertEqual(try? Data(contentsOf: url), before, "the bad file is never overwritten", file: file, line: line)
        let text = problems[0].text(Strings(), path: url.path)
        XCTAssertTrue(text.hasPrefix(url.path + ": ") && text.hasSuffix("; kept in memory this run"), text, file: file, line: line)
        _ = lists
    }

    func testCorruptFile() throws {
        try Data("{\"version\":1,\"entries\":[{\"kind\":".utf8).write(to: folder.appendingPathComponent("favourites.json"))
        try assertKeptInMemory(.favourites) { $0 == .corrupt }
        let (lists, _) = SavedStore(directory: folder).load()
        XCTAssertEqual(lists.favourites, [])
    }

    func testBinaryGarbage() throws {
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: folder.appendingPathComponent("history.json"))
        try assertKeptInMemory(.recent) { $0 == .corrupt }
    }

    func testHugeFileIsNotRead() throws {
        let url = folder.appendingPathComponent("history.json")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(SavedStore.maxBytes + 1))  // sparse: no 8 MB written
        try handle.close()
        try assertKeptInMemory(.recent) { if case .tooLarge(let n) = $0 { n == SavedStore.maxBytes + 1 } else { false } }
    }

    func testDirectoryInPlaceOfTheFile() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("favourites.json"), withIntermediateDirectories: true)
        try assertKeptInMemory(.favourites) { $0 == .directory }
    }

    func testReadOnlyFileIsShownButNotWritten() throws {
        let store = SavedStore(directory: folder)
        try store.save(.favourites, [Self.entry(3)])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.file(.favourites).path)
        try assertKeptInMemory(.favourites) { if case .readOnly = $0 { true } else { false } }
        let (lists, _) = SavedStore(directory: folder).load()
        XCTAssertEqual(lists.favourites, [Self.entry(3)], "a read-only list is still shown")
    }

    /// The folder cannot be made (a file is in its place): the save throws once, then the list
    /// stays in memory without trying again.
    func testUnwritableFolderThrowsOnceThenKeepsInMemory() throws {
        let blocker = folder.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocker)
        let store = SavedStore(directory: blocker.appendingPathComponent("marvel-gallery"))
        XCTAssertThrowsError(try store.save(.recent, [Self.entry(1)])) { error in
            // The system's reason, not Foundation's "(NSCocoaErrorDomain error 512.)".
            XCTAssertEqual((error as? SavedStoreProblem)?.reason, .notWritten("Not a directory"))
        }
        XCTAssertTrue(store.isMemoryOnly(.recent))
        XCTAssertNoThrow(try store.save(.recent, [Self.entry(2)]))
    }

    /// A name with escapes (a hand-edited file, issue 36) is read back cleaned, whole
    /// sequences gone (a grid showed `]52;c;cHduZWQtY…`); the file holds JSON escapes.
    func testEscapeSequencesInNamesAreCleanedWhenReadBack() throws {
        let store = SavedStore(directory: folder)
        let hostile = Self.entry(9, name: "Evil\u{1B}]0;pwned\u{07}\u{1B}[31mRed\u{1B}]52;c;cHduZWQ=\u{07}")
        try store.save(.favourites, [hostile])
        let raw = try String(contentsOf: store.file(.favourites), encoding: .utf8)
        XCTAssertFalse(raw.contains("\u{1B}"), "the file holds JSON escapes, not raw ESC")
        XCTAssertEqual(SavedStore(directory: folder).load().0.favourites.map(\.name), ["EvilRed"])
    }

    /// A FIFO in the file's place is said to be one, at once (opening it waits for a writer).
    func testAFIFOIsSaidToBeOne() throws {
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("favourites.json").path, 0o600), 0)
        let (_, problems) = SavedStore(directory: folder).load()
        XCTAssertEqual(problems, [SavedStoreProblem(list: .favourites, reason: .unreadable("a FIFO (named pipe), not a regular file"))])
    }
}

/// Two galleries on the same files (issue 36): every save re-reads the file and merges under a
/// lock, so what either one starred or opened survives.
final class SavedStoreMergeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Two stores (two runs: each knows only its own list) each toggle 50 different records,
    /// saving after every change, at the same time: all 100 are in the file; then each takes
    /// its own first ten off and only those go.
    func testTwoRunsTogglingFiftyEachLoseNothing() throws {
        for list in SavedList.allCases {
            let directory = folder.appendingPathComponent(list.rawValue)
            let stores = [SavedStore(directory: directory), SavedStore(directory: directory)]
            for store in stores { _ = store.load() }
            DispatchQueue.concurrentPerform(iterations: 2) { run in
                var lists = SavedLists()
                for n in 0..<50 {
                    let entry = SavedStoreTests.entry(run * 1000 + n, at: 1_700_000_000 + Double(n))
                    if list == .favourites { lists.toggleFavourite(entry) } else { lists.recordVisit(entry) }
                    do { try stores[run].save(list, lists.entries(list), revision: lists.revision) } catch { XCTFail("\(error)") }
                }
                for n in 0..<10 where list == .favourites {
                    lists.toggleFavourite(SavedStoreTests.entry(run * 1000 + n, at: 1_700_000_000 + Double(n)))
                    do { try stores[run].save(list, lists.entries(list), revision: lists.revision) } catch { XCTFail("\(error)") }
                }
            }
            let saved = SavedStore(directory: directory).load().0.entries(list)
            let expected = list == .favourites ? 80 : 100
            XCTAssertEqual(saved.count, expected, "\(list)")
            XCTAssertEqual(Set(saved.map(\.id)).count, expected, "\(list): each once")
            if list == .favourites {
                XCTAssertFalse(saved.contains { $0.id % 1000 < 10 }, "what each took off stays off")
            }
            XCTAssertEqual(saved.map(\.at), saved.map(\.at).sorted(by: >), "\(list): newest first")
        }
    }
}
