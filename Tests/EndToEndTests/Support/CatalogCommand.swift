import Foundation
import TestSupport
import XCTest

/// `marvel-gallery ...` on its built-in catalog whatever the runner has set (no mirror, no
/// Marvel keys), with a cache folder of the test's own (images and XDG cache), in tmux.
struct CatalogCommand {
    let cache: URL
    var binary: String { RepoPaths.executable.path }
    /// The built-in catalog's environment: no mirror, no keys, this test's cache.
    var environment: [String: String] {
        ["MARVEL_BASE_URL": "", "MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": "", "XDG_CACHE_HOME": cache.path]
    }

    /// Skips without tmux or the built program; the cache folder goes when `test` ends.
    init(_ test: XCTestCase) throws {
        try Prerequisites.tmuxAndProgram()
        cache = try test.temporaryDirectory()
    }

    /// The gallery with `arguments` (shell words, e.g. `comics --order -onsaleDate`) at
    /// `width`x`height`, its images cached in `cache`.
    func tmux(_ arguments: String, width: Int = 120, height: Int = 40) throws -> TmuxSession {
        try TmuxSession(command: "\(TmuxSession.quote(binary)) \(arguments) --image-cache \(TmuxSession.quote(cache.path))",
                        width: width, height: height, environment: environment)
    }
}
