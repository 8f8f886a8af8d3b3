import XCTest
@testable import GalleryApp
import ImageCore
import ImagePipeline
import MarvelAPI
import TerminalUI
import TestSupport

/// `z`: the selected picture over the whole screen, asked at the screen's size from the
/// source's largest image; any key comes back to exactly the screen that was there.
final class FullPictureTests: XCTestCase {
    private let size = Size(width: 100, height: 30)

    private func loaded() -> Harness {
        var h = Harness(size: size, count: 40)
        h.send(.resized(size))
        h.answerAll()
        return h
    }

    private func frame(_ state: AppState) -> Buffer {
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        return buffer
    }

    private func fullKey(_ effects: [Effect]) -> ThumbnailKey? {
        for case .loadThumbnails(let keys, .high) in effects { if let key = keys.first(where: { $0.use == .full }) { return key } }
        return nil
    }

    private func solid(_ key: ThumbnailKey) -> HalfBlockCells {
        let n = key.columns * key.rows
        return HalfBlockCells(cols: key.columns, rows: key.rows, top: Array(repeating: RGB(200, 30, 30), count: n),
                              bottom: Array(repeating: RGB(30, 30, 200), count: n))
    }

    func testZOnTheGridShowsTheWholeScreenPictureAndAnyKeyComesBackExactly() throws {
        var h = loaded()
        h.key(.down)
        h.key(.right)
        let before = h.state, shown = frame(h.state)
        let item = try XCTUnwrap(h.state.current.selectedItem)
        let key = try XCTUnwrap(fullKey(h.key(.char("z"))))
        XCTAssertEqual(key, ThumbnailKey(itemID: item.id, image: try XCTUnwrap(item.thumbnail), columns: 100, rows: 29, use: .full))
        XCTAssertTrue(h.detailText.contains("\(item.name): loading the picture"), h.detailText)
        h.send(.thumbnailLoaded(key, solid(key)))
        let full = frame(h.state)
        XCTAssertEqual(full[50, 10].symbol, "▀", "the picture fills the screen")
        XCTAssertTrue(full.text.contains("\(item.name)  ·  any key goes back"), full.text)
        XCTAssertFalse(full.text.contains("3-D Man"), "nothing of the grid shows")
        h.key(.char("z"))  // z again, as Esc or q: any key goes back
        XCTAssertNil(h.state.overlay)
        XCTAssertEqual(h.state.lists, before.lists, "the same selection and scroll")
        XCTAssertEqual(frame(h.state), shown, "the same screen, cell for cell")
    }

    func testZOnAPageShowsItsPictureAndEscComesBackToThePage() throws {
        var h = loaded()
        h.openAndLoad()
        let page = try XCTUnwrap(h.state.details.top)
        let shown = frame(h.state)
        let key = try XCTUnwrap(fullKey(h.key(.char("z"))))
        XCTAssertEqual(key.image, page.content?.picture)
        h.send(.thumbnailLoaded(key, solid(key)))
        h.key(.escape)
        XCTAssertEqual(h.state.details.top?.pageID, page.pageID, "Esc closes the picture, not the page")
        XCTAssertEqual(frame(h.state), shown)
    }

    /// "image not available", or a picture that fails (missing, damaged, too large to decode):
    /// one line, and any key back.
    func testNoPictureOrAFailedOneIsOneLineAndBack() throws {
        var h = loaded()
        h.key(.char("l")); h.key(.char("l")); h.key(.char("l"))  // the fourth: "image not available"
        let blank = try XCTUnwrap(h.state.current.selectedItem)
        XCTAssertNil(fullKey(h.key(.char("z"))), "nothing to load")
        XCTAssertTrue(h.detailText.contains("\(blank.name): no picture to show"), h.detailText)
        h.key(.escape)
        XCTAssertNil(h.state.overlay)

        h.key(.left)
        let shown = frame(h.state), pictures = h.state.thumbnails
        let key = try XCTUnwrap(fullKey(h.key(.char("z"))))
        h.send(.thumbnailFailed(key))
        let text = h.detailText
        XCTAssertTrue(text.contains("no picture to show (missing, damaged or too large)"), text)
        XCTAssertEqual(text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count, 1, text)
        XCTAssertEqual(h.state.thumbnails, pictures, "the grid's pictures untouched")
        h.key(.escape)
        XCTAssertEqual(frame(h.state), shown)
    }

    /// A resize asks again at the new size; the old picture stays drawn, centred, until it comes.
    func testAResizeAsksAtTheNewSize() throws {
        var h = loaded()
        let first = try XCTUnwrap(fullKey(h.key(.char("z"))))
        h.send(.thumbnailLoaded(first, solid(first)))
        let second = try XCTUnwrap(fullKey(h.send(.resized(Size(width: 80, height: 24)))))
        XCTAssertEqual([second.columns, second.rows], [80, 23])
        XCTAssertEqual(h.state.overlay, .picture)
        XCTAssertEqual(frame(h.state)[40, 10].symbol, "▀", "the old picture meanwhile")
        h.send(.thumbnailLoaded(first, solid(first)))  // late, the old size: not taken
        XCTAssertEqual(h.state.fullPicture?.image?.cols, 100)
        h.send(.thumbnailLoaded(second, solid(second)))
        XCTAssertEqual(h.state.fullPicture?.image?.cols, 80)
    }

    /// Closed before the picture came: its (large) download is let go.
    func testClosingBeforeItComesCancelsTheLoad() throws {
        var h = loaded()
        let key = try XCTUnwrap(fullKey(h.key(.char("z"))))
        XCTAssertTrue(h.key(.escape).contains(.cancelThumbnails([key])))
    }

    /// The request: the full-size image (the largest the source has), whole (contain) in the
    /// screen's box, never scaled past `maxUpscale`.
    func testTheRequestIsTheFullSizeImageContainedAndCapped() throws {
        let key = ThumbnailKey(itemID: 1, image: ImageRef(path: "http://i.annihil.us/u/prod/marvel/i/mg/9/50/4ce18691cbf04", extension: "jpg"),
                               columns: 200, rows: 59, use: .full)
        let request = try XCTUnwrap(PipelineThumbnails.request(for: key, graphics: GraphicsMode(graphics: .kitty, cellPixels: Size(width: 10, height: 20))))
        XCTAssertEqual(request.url, "http://i.annihil.us/u/prod/marvel/i/mg/9/50/4ce18691cbf04.jpg")
        XCTAssertEqual(request.fit, .contain)
        XCTAssertEqual(request.box, CellBox(cols: 200, rows: 59))
        XCTAssertEqual(request.maxUpscale, PipelineThumbnails.maxUpscale)
        // A 300x450 picture on a 2000x1180-pixel screen (2.6x to fill its height): 2x at most.
        let cells = HalfBlockCellRenderer.pixelBox(for: PixelSize(width: 300, height: 450), request: request)
        XCTAssertEqual(Double(cells.rows * 20) / 450, 2, accuracy: 0.05)
        XCTAssertLessThan(cells.cols, 200)
    }
}
