@testable import Catalog
import Foundation
import XCTest

/// The import's byte-level readers give what the general ones give.
final class ImportFastPathTests: XCTestCase {
    func testFixedWidthDatesEqualTheGeneralReading() {
        // `-04:00` (with a colon) takes the general reading; `-0400` the fixed-width one.
        for date in ["2014-04-29T14:18:17", "1969-12-31T19:00:00", "2099-10-30T00:00:00", "0001-01-01T23:59:59"] {
            for (zone, colon) in [("-0400", "-04:00"), ("+0530", "+05:30"), ("-0000", "-00:00")] {
                XCTAssertNotNil(CatalogDate.epochSeconds(date + zone))
                XCTAssertEqual(CatalogDate.epochSeconds(date + zone), CatalogDate.epochSeconds(date + colon), date + zone)
            }
        }
        XCTAssertNil(CatalogDate.epochSeconds("2014-13-29T14:18:17-0400"))
        XCTAssertNil(CatalogDate.epochSeconds("2014-04-2xT14:18:17-0400"))
    }

    func testSeriesYearsFromBytesEqualTheSplitReading() {
        let titles = ["Hulk (2008)", "Avengers (2010 - 2012)", "X (1963 -)", "Odd ( 2001 - 2002 )", "Gap (20 01)", "None",
                      "()", "(-)", "T (2001--2003)", "T (2001 - 2002 - 2003)", "Open (", "Nested (a) (1999)", "Tail (1999) x"]
        for title in titles {
            let fast = MarvelJSON.asciiYears(ofSeriesTitle: title), slow = MarvelJSON.splitYears(ofSeriesTitle: title)
            XCTAssertNotNil(fast, title)
            XCTAssertTrue(fast.map { $0.0 == slow.0 && $0.1 == slow.1 } ?? false, "\(title): \(String(describing: fast)) vs \(slow)")
        }
        XCTAssertNil(MarvelJSON.asciiYears(ofSeriesTitle: "Long (0000000000000000001)"), "left to the split reading")
        XCTAssertNil(MarvelJSON.asciiYears(ofSeriesTitle: "Über (２００１)"), "left to the split reading")
    }

    func testFilesBelowListsWhatFileManagerLists() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("files-below-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for dir in ["a", "a/b", ".hidden", "c"] { try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true) }
        for file in ["x.json", "a/y.json", "a/b/z.png", ".dot.json", ".hidden/w.json", "a/.skip"] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(file))
        }
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("c/link.json").path, withDestinationPath: root.appendingPathComponent("x.json").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("c/dirlink").path, withDestinationPath: root.appendingPathComponent("a").path)
        var expected: [String] = []
        let walker = try XCTUnwrap(fm.enumerator(atPath: root.path))
        while let relative = walker.nextObject() as? String {
            let full = (root.path as NSString).appendingPathComponent(relative)
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue, !(relative as NSString).lastPathComponent.hasPrefix(".") {
                expected.append(full)
            }
        }
        XCTAssertEqual(CatalogStore.filesBelow(root.path), expected.sorted())
        XCTAssertEqual(CatalogStore.filesBelow(root.path).count, 5)
    }
}
