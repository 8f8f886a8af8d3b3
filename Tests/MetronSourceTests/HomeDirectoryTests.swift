import Foundation
import XCTest
import Catalog
import MetronSource

/// `~` in the documented defaults is `$HOME`: Foundation's home directory on Linux is the password
/// file's and ignores `HOME`, so the catalog and the shared Metron budget went to /root's cache
/// while the config came from `$HOME` (seen in an audit run with `HOME=/tmp/h`).
final class HomeDirectoryTests: XCTestCase {
    private let env = ["HOME": "/tmp/some-home"]

    func testMetronBudgetFileFollowsHome() {
        XCTAssertEqual(MetronRateLimiter.defaultFile(environment: env).path, "/tmp/some-home/.cache/marvel-gallery/metron-budget.json")
    }

    func testCatalogFoldersFollowHome() {
        XCTAssertEqual(EmbeddedCatalog.cacheDirectory(environment: env).path, "/tmp/some-home/.cache/marvel-gallery")
        XCTAssertEqual(EmbeddedCatalog.userCatalogPath(environment: env), "/tmp/some-home/.local/share/marvel-gallery/catalog.sqlite")
    }
}
