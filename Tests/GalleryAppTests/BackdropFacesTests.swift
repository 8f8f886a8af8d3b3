import Foundation
import XCTest
@testable import GalleryApp
import ImageCore
import ImagePipeline
import MarvelAPI
import TerminalUI
import TestSupport

/// Faces stay whole in the backdrop layout (issue 35: filling the screen at 250x70 cuts a
/// portrait to its top third and scales it up 7x). Over every picture of the built-in
/// catalog, at 160x50 and 250x70, half-blocks and kitty cells from small to large: the page's
/// picture request shows the whole picture (at least 95 % of each side: `cover` of a box in
/// the picture's own shape), and its pixels are never more than
/// `PipelineThumbnails.maxUpscale` times the source's.
final class BackdropFacesTests: XCTestCase {
    static let sizes = [Size(width: 160, height: 50), Size(width: 250, height: 70)]
    static let modes: [GraphicsMode] = [
        .blocks,
        GraphicsMode(graphics: .kitty, cellPixels: Size(width: 4, height: 10)),
        GraphicsMode(graphics: .kitty, cellPixels: Size(width: 7, height: 15)),
        GraphicsMode(graphics: .kitty, cellPixels: Size(width: 10, height: 21)),
    ]

    func testEveryCatalogPortraitIsWholeAndNeverScaledPastTwice() throws {
        let folder = RepoPaths.fixtures.appendingPathComponent("catalog/images")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThan(files.count, 100, "the built-in catalog's pictures")
        var worstShown = 1.0, worstScale = 0.0, checked = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            guard let source = try? ImageDecoder.probe(bytes).size else { continue }  // the damaged fixtures
            let name = (file as NSString).deletingPathExtension, ext = (file as NSString).pathExtension
            for size in Self.sizes {
                let layout = DetailLayout(size: size)
                XCTAssertEqual(layout.kind, .backdrop)
                let box = layout.pictureSize
                XCTAssertFalse(layout.pictureFrame.intersects(layout.panel), "\(size): beside the panel")
                for mode in Self.modes {
                    let key = ThumbnailKey(itemID: 1, image: ImageRef(path: "http://127.0.0.1/i/" + name, extension: ext),
                                           columns: box.width, rows: box.height, use: .detail(pageID: 1), hole: layout.pictureHole)
                    let request = try XCTUnwrap(PipelineThumbnails.request(for: key, graphics: mode))
                    XCTAssertEqual(request.fit, .cover)
                    // `cover` shows the part of the picture in the box's shape (cells as 1x2).
                    let boxAspect = Double(box.width) / Double(box.height * 2)
                    let aspect = Double(source.width) / Double(source.height)
                    let shown = min(min(1, boxAspect / aspect), min(1, aspect / boxAspect))
                    worstShown = min(worstShown, shown)
                    XCTAssertGreaterThanOrEqual(shown, 0.95, "\(file) at \(size): \(shown) of a side in view")
                    guard mode.usesPixels else { continue }
                    let cells = HalfBlockCellRenderer.pixelBox(for: source, request: request)
                    XCTAssertLessThanOrEqual(cells.cols, box.width)
                    XCTAssertLessThanOrEqual(cells.rows, box.height)
                    let scale = max(Double(cells.cols * mode.cellPixels.width) / Double(source.width),
                                    Double(cells.rows * mode.cellPixels.height) / Double(source.height))
                    worstScale = max(worstScale, scale)
                    XCTAssertLessThanOrEqual(scale, PipelineThumbnails.maxUpscale + 1e-9, "\(file) at \(size), \(mode.cellPixels)")
                }
            }
            checked += 1
        }
        print("BackdropFacesTests: \(checked) pictures at \(Self.sizes): at least \(worstShown) of each side in view, "
              + "at most \(worstScale)x the source's pixels")
        XCTAssertGreaterThan(checked, 100)
    }

    /// One real portrait through the real renderer at 250x70 with large kitty cells: the
    /// pixel rendition is at most twice the source and fits in the picture's box.
    func testTheRendererKeepsTheLargePictureAtTwiceTheSource() throws {
        let folder = RepoPaths.fixtures.appendingPathComponent("catalog/images")
        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first { $0.hasSuffix(".jpg") })
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent(file))))
        let layout = DetailLayout(size: Size(width: 250, height: 70))
        let mode = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 10, height: 21))
        var request = ImageRequest(url: "x", box: CellBox(cols: layout.pictureSize.width, rows: layout.pictureSize.height),
                                   fit: .cover, graphics: mode)
        request.maxUpscale = PipelineThumbnails.maxUpscale
        let cells = try HalfBlockCellRenderer().render(image, for: request)
        let pixels = try XCTUnwrap(cells.pixels)
        print("BackdropFacesTests: \(image.width)x\(image.height) in \(request.box) cells of 10x21: \(pixels.cols)x\(pixels.rows) cells, "
              + "\(pixels.pixelSize.width)x\(pixels.pixelSize.height) px")
        XCTAssertLessThanOrEqual(pixels.pixelSize.height, image.height * 2)
        XCTAssertLessThanOrEqual(pixels.cols, request.box.cols)
        XCTAssertLessThan(pixels.rows, request.box.rows, "smaller than the box: not scaled past twice")
        XCTAssertEqual(cells.cols, request.box.cols, "the half-blocks still fill the box (the key's size)")
    }
}
