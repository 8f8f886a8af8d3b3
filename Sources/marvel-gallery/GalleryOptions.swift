import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import TerminalUI

/// Options of the full-screen characters gallery.
struct GalleryOptions: ParsableArguments {
    @Option(help: "Open on this letter of the A-Z index (# or a digit for names starting with a digit).")
    var letter: String?

    @Option(name: .customLong("page-size"), help: "Characters per page request (1-100).")
    var pageSize = 20

    @Option(name: .customLong("image-cache"),
            help: "Folder for downloaded pictures (default: $MARVEL_GALLERY_IMAGE_CACHE or ~/.cache/marvel-gallery/images).")
    var imageCache: String?

    /// `WxH`: draw off-screen at that size, print "grid-complete" at the first complete grid
    /// and exit (the startup benchmark drives this; no terminal needed).
    @Option(name: .customLong("headless"), help: .hidden)
    var headless: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
        if let letter, IndexLetter(letter) == nil {
            throw ValidationError("--letter expects one letter A-Z, a digit or #, got \"\(letter)\"")
        }
        if let headless, Self.parseSize(headless) == nil {
            throw ValidationError("--headless expects WIDTHxHEIGHT, e.g. 120x40")
        }
    }

    var indexLetter: IndexLetter? { letter.flatMap(IndexLetter.init) }

    var headlessSize: Size? { headless.flatMap(Self.parseSize) }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...2000).contains(w), (1...1000).contains(h) else {
            return nil
        }
        return Size(width: w, height: h)
    }

    var imageCacheDirectory: URL? { imageCache.map { URL(fileURLWithPath: $0) } }
}
