import XCTest
import ImagePipeline
import MarvelAPI
@testable import GalleryApp

/// The Marvel-specific request building that lives in GalleryApp's Runtime (the pipeline knows
/// no source), and the one "image not available" rule every layer asks.
final class MarvelImageRequestTests: XCTestCase {
    func testVariantChosenFromTheBoxIsTheSmallestThatCovers() {
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 12, rows: 9), shape: .portrait, fit: .contain), .portraitSmall)
        // 40×30 cells = 40×60 px: portrait_small (50×75) covers it.
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 40, rows: 30), shape: .portrait, fit: .contain), .portraitSmall)
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 60, rows: 45), shape: .portrait, fit: .contain), .portraitMedium)
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 120, rows: 90), shape: .portrait, fit: .contain), .portraitXlarge)
        // A wide box with contain: the picture's height decides (30 rows = 60 px → 40×60).
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 200, rows: 30), shape: .portrait, fit: .contain), .portraitSmall)
        // standard_small is 65×45 as documented: it covers a 40×40 square, not a 60×60 one.
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 60, rows: 20), shape: .standard, fit: .contain), .standardSmall)
        XCTAssertEqual(ImageRequest.variant(for: CellBox(cols: 60, rows: 30), shape: .standard, fit: .contain), .standardMedium)
        let image = MarvelImage(path: "http://i.annihil.us/u/prod/marvel/i/mg/3/40/4bb4680432f73", fileExtension: "jpg")
        XCTAssertEqual(ImageRequest.marvel(image, box: CellBox(cols: 12, rows: 9))?.url,
                       "https://i.annihil.us/u/prod/marvel/i/mg/3/40/4bb4680432f73/portrait_small.jpg".replacingOccurrences(of: "https", with: image.path.hasPrefix("https") ? "https" : "http"))
    }

    func testOneNotAvailableRuleForThumbnailsURLsAndTheGallery() {
        let notAvailable = ["http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available/portrait_xlarge.jpg",
                            "https://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available.jpg",
                            "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c002e0305708/standard_medium.gif",
                            "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c002e0305708.gif"]
        for url in notAvailable { XCTAssertTrue(MarvelImage.isNotAvailable(url: url), url) }
        let real = ["http://i.annihil.us/u/prod/marvel/i/mg/3/40/4bb4680432f73/portrait_xlarge.jpg",
                    "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c002e0305708.jpg",
                    "http://127.0.0.1:8080/images/image_not_available_poster.png", "no-extension"]
        for url in real { XCTAssertFalse(MarvelImage.isNotAvailable(url: url), url) }
        XCTAssertTrue(ImageRef(path: "http://x/b/40/image_not_available", extension: "jpg").isPlaceholder)
        XCTAssertTrue(MarvelImage(path: "http://x/f/60/4c002e0305708", fileExtension: "gif").isPlaceholder)
        XCTAssertFalse(ImageRef(path: "http://x/f/60/4c002e0305708", extension: "jpg").isPlaceholder)
    }
}
