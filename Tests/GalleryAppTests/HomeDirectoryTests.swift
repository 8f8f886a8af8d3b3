import Foundation
import XCTest
import GalleryApp
import ImagePipeline
import MarvelAPI

/// `~` in the documented defaults is `$HOME`: Foundation's home directory on Linux is the password
/// file's and ignores `HOME`, so `HOME=/tmp/h marvel-gallery characters` read its config from
/// /tmp/h but put its pictures and favourites in /root (seen in an audit run).
final class HomeDirectoryTests: XCTestCase {
    private let env = ["HOME": "/tmp/some-home"]

    func testFavouritesFolderFollowsHome() {
        XCTAssertEqual(SavedStore.defaultDirectory(environment: env).path, "/tmp/some-home/.local/share/marvel-gallery")
    }

    func testPictureCacheFollowsHome() {
        XCTAssertEqual(ImagePipeline.defaultCacheDirectory(environment: env).path, "/tmp/some-home/.cache/marvel-gallery/images")
        // The explicit settings still win.
        XCTAssertEqual(ImagePipeline.defaultCacheDirectory(environment: env.merging(["XDG_CACHE_HOME": "/tmp/xdg"]) { $1 }).path,
                       "/tmp/xdg/marvel-gallery/images")
    }

    /// Every default reads `~` and XDG one way (`UserDirectories`): a relative XDG variable is
    /// ignored, as the XDG spec says, by the picture cache too.
    func testARelativeXDGVariableIsIgnoredEverywhere() {
        let relative = env.merging(["XDG_CACHE_HOME": "cache", "XDG_DATA_HOME": "data"]) { $1 }
        XCTAssertEqual(ImagePipeline.defaultCacheDirectory(environment: relative).path, "/tmp/some-home/.cache/marvel-gallery/images")
        XCTAssertEqual(ResponseCache.defaultDirectory(environment: relative).path, "/tmp/some-home/.cache/marvel-gallery")
        XCTAssertEqual(SavedStore.defaultDirectory(environment: relative).path, "/tmp/some-home/.local/share/marvel-gallery")
    }

    func testResponseCacheAgrees() {
        XCTAssertEqual(ResponseCache.defaultDirectory(environment: env).path, "/tmp/some-home/.cache/marvel-gallery")
    }
}
