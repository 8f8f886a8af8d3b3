import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// The labels under the tiles of a comics grid at the sizes people use: a run of issues and
/// their variants reads differently on every tile (at 120x40 every tile read "Spider-M…",
/// at 80x24 "Spider…"), each keeping its first word. The same cells are drawn in every picture mode: the labels are text
/// under the half-blocks or the pixels.
final class TileLabelGridTests: XCTestCase {
    static func title(_ n: Int) -> String {
        "Spider-Man: Miles Morales (2018) #\(n / 2 + 1)" + (n % 2 == 1 ? " (Variant)" : "")
    }

    private func labels(at size: Size) throws -> [String] {
        var config = AppConfig(pageSize: 50)
        config.catalog = .comics
        var h = Harness(size: size, count: 60)
        h.state = AppState(config: config, size: size)
        h.catalog.characters = h.catalog.characters.enumerated().map { n, c in
            GalleryItem(id: c.id, name: TileLabelGridTests.title(n), thumbnail: c.thumbnail, format: "Comic")
        }
        h.send(.resized(size))
        h.answerAll()
        h.key(.right)  // the selected tile's label too (drawn on the accent bar)
        var buffer = Buffer(size: size)
        GalleryView.render(h.state, into: &buffer)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        return try (0..<grid.tilesPerScreen).map { index in
            let frame = try XCTUnwrap(grid.frame(ofItem: index, topRow: 0))
            let inner = Border.inner(frame)
            let row = Array(buffer.row(inner.maxY - 1))[inner.minX..<inner.maxX].map(\.symbol).joined()
            return row.trimmingCharacters(in: .whitespaces)
        }
    }

    func testEveryTileOfARunReadsDifferently() throws {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 160, height: 45),
                     Size(width: 200, height: 60)] {
            let labels = try labels(at: size)
            XCTAssertGreaterThanOrEqual(labels.count, 6)
            XCTAssertEqual(Set(labels).count, labels.count, "\(size): \(labels)")
            XCTAssertTrue(labels[1].hasSuffix("#1 Var"), "\(size): \(labels[1])")
            XCTAssertTrue(labels[2].hasSuffix("#2"), "\(size): \(labels[2])")
            for label in labels { XCTAssertTrue(label.hasPrefix("Spider-M"), "\(size): \(label)") }
        }
    }

    /// The real program loop with kitty graphics (each tile a pixel placement): the labels
    /// under the pictures are the same text, a variant's "#1 Var" beside "#1".
    func testPixelModeTilesReadDifferently() async throws {
        let size = Size(width: 160, height: 45)
        let backend = HeadlessBackend(size: size, graphics: GraphicsMode(graphics: .kitty))
        var catalog = FakeCatalog.make(count: 60)
        catalog.characters = catalog.characters.enumerated().map { n, c in
            GalleryItem(id: c.id, name: TileLabelGridTests.title(n), thumbnail: c.thumbnail, format: "Comic")
        }
        let effects = EffectRunner(pages: FakePageSource(catalog: catalog), thumbnails: PixelGridTests.PixelThumbnails())
        var config = AppConfig(pageSize: 50)
        config.catalog = .comics
        var state = AppState(config: config, size: size)
        let initial = state.update(.resized(size))
        let runner = ProgramRunner(program: GalleryProgram(), backend: backend, pictures: PixelPictureLayer(), perform: effects.performer)
        let run = Task { try await runner.run(state, initialEffects: initial) }
        await waitForScreen(backend) { $0.contains("#1 Var") && $0.contains("#5 Var") }
        await eventually { await (backend.frames.last?.images.count ?? 0) > 0 }
        let names = await backend.screen.components(separatedBy: "\n").flatMap { line -> [String] in
            line.contains("… #") ? line.components(separatedBy: CharacterSet(charactersIn: "│┃"))
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("… #") } : []
        }
        XCTAssertEqual(names.count, 21, "seven tiles by three rows (labels of 19 columns): \(names)")
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        await backend.send(.input(.key(.char("q"))))
        _ = try await run.value
    }
}
