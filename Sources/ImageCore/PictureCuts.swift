import CacheKit
import Foundation
import Synchronization
import TerminalUI

extension TerminalImages {
    /// Cuts pieces out of sixel and iTerm2 pictures already on screen (`PictureCutter`): the
    /// picture's own bytes decoded again (libsixel's decoder, the JPEG of iTerm2), the cells
    /// cut out at the terminal's cell size and encoded as a picture of their own: the part of
    /// a picture an overlay leaves uncovered, or the part a scrolled detail page leaves in
    /// view. Each piece is cut once and kept under the same id (by picture and cells), so a
    /// frame that draws the same overlay or scroll position again finds it equal and sends
    /// nothing, and scrolling back costs no encode.
    public final class Cutter: PictureCutter, @unchecked Sendable {
        private struct Key: Hashable {
            let id: UInt32
            let cells: Rect
        }

        private let cell: Size
        /// Guards the fields below (cut and kept under one hold), so the lock holds no value.
        private let lock = Mutex(())
        /// The pieces cut (nil: it cannot be cut), by their payload bytes; the least recently
        /// drawn go first.
        private var pieces = LRUCache<Key, TerminalImage?>(costLimit: Cutter.maxBytes, countLimit: Cutter.maxPieces)
        private var cutsMade = 0
        /// The last pictures decoded (a detail picture is cut in up to four pieces; a scroll
        /// step of the stacked detail page cuts its picture and the covers the viewport cuts,
        /// seven at 72x30, so with four kept each would be decoded again on every step: those seven
        /// sixel cuts take 10-18 ms a step in a debug build, 6-12 ms with eight kept), at most
        /// eight and 32 MiB of pixels.
        private var decoded = LRUCache<UInt32, RGBImage>(costLimit: 32 << 20, countLimit: 8)
        /// Pieces kept at most (a screen of tiles under an overlay needs a few dozen; a detail
        /// picture scrolled through its height one piece a row).
        static let maxPieces = 256
        /// Their payloads at most: a detail picture's pieces at 200 columns are megabytes each.
        static let maxBytes = 32 << 20

        /// nil unless the mode draws sixel or iTerm2 pictures (kitty keeps its pictures under text).
        public static func forMode(_ mode: GraphicsMode) -> Cutter? {
            guard mode.graphics == .sixel || mode.graphics == .iterm2 else { return nil }
            return Cutter(cell: mode.cellPixels)
        }

        public init(cell: Size) {
            self.cell = cell
        }

        public func piece(of image: TerminalImage, cells: Rect) -> TerminalImage? {
            guard image.graphics == .sixel || image.graphics == .iterm2, !cells.isEmpty else { return nil }
            let key = Key(id: image.id, cells: cells)
            return lock.withLock { _ in
                if let known = pieces.value(for: key) { return known }
                let piece = cut(image, cells: cells)
                cutsMade += 1
                pieces.insert(piece, for: key, cost: piece?.payload.count ?? 0)
                return piece
            }
        }

        /// Pieces kept now, their payload bytes, and the pieces cut (decoded and encoded) so far.
        public var kept: (count: Int, bytes: Int, cuts: Int) {
            lock.withLock { _ in (pieces.count, pieces.totalCost, cutsMade) }
        }

        private func cut(_ image: TerminalImage, cells: Rect) -> TerminalImage? {
            guard let source = source(of: image) else { return nil }
            let x = cells.x * cell.width, y = cells.y * cell.height
            // sixel draws 1:1: a piece at the edge of a contain-fitted picture is as short as
            // that picture was there. iTerm2 scales a picture to its cells: a short piece would
            // be stretched, so it must fill them.
            let fills = x + cells.width * cell.width <= source.width && y + cells.height * cell.height <= source.height
            guard x < source.width, y < source.height, fills || image.graphics == .sixel else { return nil }
            let crop = source.cropped(x: x, y: y, width: cells.width * cell.width, height: cells.height * cell.height)
            guard crop.width > 0, crop.height > 0 else { return nil }
            return try? TerminalImages.picture(crop, cols: cells.width, rows: cells.height,
                                               mode: GraphicsMode(graphics: image.graphics, cellPixels: cell))
        }

        private func source(of image: TerminalImage) -> RGBImage? {
            if let hit = decoded.value(for: image.id) { return hit }
            let pixels: RGBImage?
            switch image.graphics {
            case .sixel: pixels = try? SixelGraphics.decode(image.payload)
            case .iterm2: pixels = try? ImageDecoder.decode(image.payload)
            case .kitty, .blocks: pixels = nil
            }
            guard let pixels else { return nil }
            decoded.insert(pixels, for: image.id, cost: pixels.pixels.count)
            return pixels
        }
    }
}
