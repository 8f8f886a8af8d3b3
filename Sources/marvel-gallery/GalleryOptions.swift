import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import TerminalUI

/// Options of every full-screen command (the grid's own, `--letter` and `--page-size`, live
/// on `characters` and `comics`, where they mean something).
struct GalleryOptions: ParsableArguments {
    @Option(name: .customLong("image-cache"),
            help: "Folder for downloaded pictures (default: $MARVEL_GALLERY_IMAGE_CACHE, else $XDG_CACHE_HOME/marvel-gallery/images, ~/.cache when unset).",
            completion: .directory)
    var imageCache: String?

    /// `WxH`: draw off-screen at that size, print "grid-complete" at the first complete grid
    /// and exit (the startup benchmark drives this; no terminal needed).
    @Option(name: .customLong("headless"), help: .hidden)
    var headless: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if let headless, Self.parseSize(headless) == nil {
            throw ValidationError("--headless expects WIDTHxHEIGHT, e.g. 120x40")
        }
    }

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
