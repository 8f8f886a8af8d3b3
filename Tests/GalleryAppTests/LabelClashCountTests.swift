import Foundation
import TestSupport
import TerminalUI
import XCTest
@testable import GalleryApp

/// Issue 35: every screen of every grid of the built-in catalog (characters, comics, series,
/// events, creators, and searches) at 60x20, 80x24 and 120x40: no two labels on a screen read
/// the same where the names differ, and every label keeps its first word (or 8 columns of it).
/// The names come from the built program's plain listings (the grid's order); the counts are
/// printed per screen kind and size.
final class LabelClashCountTests: XCTestCase {
    static let sizes = [Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40)]

    struct Count: Equatable {
        var clashing = 0
        var shortHeads = 0
        var labels = 0
    }

    /// The labels on screens of `names`, a screen at a time, and how many clash or lose their head.
    static func count(_ names: [String], catalog: CatalogKind, size: Size) -> (Count, TileGrid?) {
        let layout = ScreenLayout(size: size, legendRows: catalog == .comics ? 1 : 0, labelColumns: catalog.labelColumns)
        guard let grid = layout.tileGrid else { return (Count(), nil) }
        var count = Count()
        for start in stride(from: 0, to: names.count, by: grid.tilesPerScreen) {
            let shown = Array(names[start..<min(names.count, start + grid.tilesPerScreen)])
            let labels = TileLabel.fit(shown, to: grid.innerColumns)
            count.labels += labels.count
            for (i, label) in labels.enumerated() {
                if labels.indices.contains(where: { $0 != i && labels[$0] == label && shown[$0] != shown[i] }) { count.clashing += 1 }
                if !TileLabel.keepsHead(label, of: shown[i]) { count.shortHeads += 1 }
            }
        }
        return (count, grid)
    }

    /// `marvel-gallery ARGS --plain`: the names, in the grid's order.
    static func listing(_ arguments: [String]) throws -> [String] {
        let binary = RepoPaths.executable.path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("needs the built marvel-gallery") }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-labels-\(getpid())").path
        let r = try Spawn.status(["/usr/bin/env", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=", "MARVEL_PRIVATE_KEY=",
                                  "XDG_CACHE_HOME=\(cache)", binary] + arguments + ["--plain", "--limit", "10000"])
        guard r.status == 0 else { throw NSError(domain: "listing", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.output]) }
        return r.output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count > 1 ? String(fields[1]) : nil
        }
    }

    static let screens: [(String, [String], CatalogKind)] = [
        ("characters", ["characters"], .characters),
        ("comics", ["comics"], .comics),
        ("series", ["series"], .titles(.series)),
        ("events", ["events"], .titles(.events)),
        ("creators", ["creators"], .titles(.creators)),
        ("search /spider", ["characters", "--search", "spider"], .characters),
        ("search /man", ["characters", "--search", "man"], .characters),
        ("search /captain", ["characters", "--search", "captain"], .characters),
        ("search /x", ["characters", "--search", "x"], .characters),
        ("comics search /spider", ["comics", "--title", "spider"], .comics),
        ("comics search /avengers", ["comics", "--title", "avengers"], .comics),
        ("comics search /man", ["comics", "--title", "man"], .comics),
    ]

    func testNoScreenOfTheBuiltInCatalogHasClashingLabels() throws {
        var report: [String] = []
        var total = Count()
        for (title, arguments, catalog) in Self.screens {
            let names = try Self.listing(arguments)
            XCTAssertFalse(names.isEmpty, title)
            for size in Self.sizes {
                let (count, grid) = Self.count(names, catalog: catalog, size: size)
                let shape = grid.map { "\($0.columns)x\($0.visibleRows) tiles, labels of \($0.innerColumns)" } ?? "too small"
                report.append("\(title) \(size.width)x\(size.height) (\(shape)): \(count.clashing) clashing, "
                              + "\(count.shortHeads) without their first word, of \(count.labels)")
                total.clashing += count.clashing
                total.shortHeads += count.shortHeads
            }
        }
        print("label clashes:\n" + report.joined(separator: "\n"))
        XCTAssertEqual(total.clashing, 0, "clashing labels (see the printed counts)")
        XCTAssertEqual(total.shortHeads, 0, "labels without their first word (see the printed counts)")
    }
}
