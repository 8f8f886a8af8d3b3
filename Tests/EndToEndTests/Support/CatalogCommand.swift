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

extension TmuxSession {
    /// On the built-in comics grid (440 titles, the first selected): `i` opens the A–Z index and
    /// `letter` moves the selection to a title under it, the bar gone. Returns that screen.
    @discardableResult
    func indexComics(to letter: Character, file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor("the comics grid", timeout: 30, file: file, line: line) { GalleryScreen($0).status.contains("1 of 440") }
        send("i")
        waitFor("the index bar", file: file, line: line) { $0.contains("Index") && $0.contains("A B C") }
        send(letter.lowercased())
        return waitFor("a title under \(letter) selected", timeout: 30, file: file, line: line) {
            GalleryScreen($0).selectedName?.uppercased().hasPrefix(String(letter)) == true && !$0.contains("A B C")
        }
    }
}
