import CatalogServer
import Foundation
import GalleryApp
import TerminalUI

/// The cases `marvel-bench frame` and `marvel-bench graphics` measure on the real gallery
/// (`GalleryViewSession`): the first screen as the program draws it (every frame until the
/// grid is complete and the prefetch has landed), a full repaint of that screen (a resize to
/// the same size), the selection moving to the next tile, and tile-row scrolls down and back
/// (Down on the bottom row, Up on the top row), each the bytes written from the key until the
/// program is quiet again.
struct ViewBench {
    let size: Size
    /// Tile-row scrolls measured each way (the median is printed).
    let scrolls: Int

    struct Figures {
        var grid = ""
        var firstScreen = FrameRecord()
        var repaint = FrameRecord()
        var nextTile = FrameRecord()
        var scrollDown: [FrameRecord] = []
        var scrollBack: [FrameRecord] = []
    }

    func measure(_ server: CatalogServer, graphics: GraphicsMode, depth: ColorDepth) async throws -> Figures {
        let session = try GalleryViewSession(baseURL: server.baseURL, size: size, graphics: graphics, colorDepth: depth)
        var figures = Figures()
        do {
            let start = try await session.settle("the first screen")
            figures.firstScreen = await session.record
            guard let grid = start.layout.tileGrid else { throw WalkTimeout(what: "a grid at \(size.width)x\(size.height)") }
            figures.grid = "\(grid.columns)x\(grid.visibleRows) tiles of \(grid.thumbColumns)x\(grid.thumbRows) cells"
            // The median time of several repaints: one frame's 2 ms is at the mercy of a busy machine.
            var repaints: [FrameRecord] = []
            for _ in 0..<max(scrolls, 5) { repaints.append(try await session.redraw()) }
            figures.repaint = repaints.sorted { $0.renderMillis < $1.renderMillis }[repaints.count / 2]
            figures.nextTile = try await session.press(.right)
            _ = try await session.press(.left)
            for _ in 1..<grid.visibleRows { _ = try await session.press(.down) }
            for _ in 0..<scrolls { figures.scrollDown.append(try await session.press(.down)) }
            for _ in 1..<grid.visibleRows { _ = try await session.press(.up) }
            for _ in 0..<scrolls { figures.scrollBack.append(try await session.press(.up)) }
        } catch {
            await session.stop()
            throw error
        }
        await session.stop()
        return figures
    }

    /// The figures as the benchmarks print them; `target` is the tile-row scroll's largest
    /// share of the first screen.
    static func report(_ name: String, _ f: Figures, target: Double?) {
        let first = max(1, f.firstScreen.bytes)
        func line(_ label: String, _ r: FrameRecord, share: Bool = true) {
            let pct = share ? String(format: "%6.1f %%", Double(r.bytes) * 100 / Double(first)) : "        "
            print("    \(label.padding(toLength: 42, withPad: " ", startingAt: 0)) \(String(format: "%10d", r.bytes)) bytes \(pct)"
                  + String(format: "  %3d frames  %8.3f ms (view + diff + encode)", r.frames, r.renderMillis))
        }
        print("  \(name): \(f.grid)")
        line("first screen (until complete)", f.firstScreen, share: false)
        line("full repaint of it (median time)", f.repaint)
        line("selection to the next tile", f.nextTile)
        let down = median(f.scrollDown), back = median(f.scrollBack)
        line("tile-row scroll down (median of \(f.scrollDown.count))", down)
        line("tile-row scroll back (median of \(f.scrollBack.count))", back)
        if let target {
            let ratio = Double(down.bytes) / Double(first)
            print("    target: tile-row scroll / first screen <= \(String(format: "%.2f", target)): "
                  + "\(ratio <= target ? "PASS" : "FAIL") (\(String(format: "%.3f", ratio)))")
        }
    }

    /// The record with the median byte count.
    static func median(_ records: [FrameRecord]) -> FrameRecord {
        guard !records.isEmpty else { return FrameRecord() }
        return records.sorted { $0.bytes < $1.bytes }[records.count / 2]
    }
}
