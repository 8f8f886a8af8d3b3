@testable import Catalog
import Foundation
import GRDB
import Synchronization
import XCTest

/// A catalog file other processes also open: while another connection holds the file's lock
/// (as the last one to close does while it checkpoints), opening the catalog waits for it.
final class CatalogSharedFileTests: XCTestCase {
    func testOpeningWaitsForAnotherConnectionsLock() throws {
        let dir = try freshFolder("catalog-shared")
        let path = dir.appendingPathComponent("catalog.sqlite").path
        _ = try CatalogStore(path: path)

        // Another process's connection, as SQLite sees it: its own handle holding the file
        // exclusively until it closes.
        var config = Configuration()
        config.label = "other-process"
        var holder: DatabaseQueue? = try DatabaseQueue(path: path, configuration: config)
        try holder!.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "CREATE TABLE held (x)")
        }

        let opened = expectation(description: "the catalog opened")
        let failure = Mutex<String?>(nil)
        let tried = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            tried.signal()
            do { _ = try CatalogStore(path: path) } catch { failure.withLock { $0 = "\(error)" } }
            opened.fulfill()
        }
        tried.wait()
        // Let go once the opener has had time to meet the lock; if it fails at once instead of
        // waiting, its error is recorded before this release.
        usleep(200_000)
        holder = nil
        wait(for: [opened], timeout: CatalogStore.lockWait + 5)
        XCTAssertNil(failure.withLock { $0 })
    }
}
