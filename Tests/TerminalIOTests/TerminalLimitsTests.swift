import XCTest
@testable import TerminalIO
import TerminalUI

/// Sizes and replies a terminal sends are clamped to what a real one can have (issue 36).
final class TerminalLimitsTests: XCTestCase {
    func testSizesAreClampedToARealTerminal() {
        XCTAssertEqual(TerminalLimits.clamped(cells: Size(width: 65535, height: 65535)), Size(width: 1000, height: 500))
        XCTAssertEqual(TerminalLimits.clamped(cells: Size(width: 120, height: 40)), Size(width: 120, height: 40))
        XCTAssertEqual(TerminalLimits.clamped(cellPixels: Size(width: 200, height: 400)), Size(width: 64, height: 128))
        XCTAssertEqual(TerminalLimits.clamped(cellPixels: Size(width: 10, height: 20)), Size(width: 10, height: 20))
        XCTAssertEqual(TerminalLimits.clamped(windowPixels: Size(width: 10_000_000, height: 50)), Size(width: 64_000, height: 50))
        XCTAssertEqual(TerminalLimits.describe(Size(width: 1000, height: 500), reported: Size(width: 10000, height: 10000), unit: "cells"),
                       "1000x500 cells (the terminal said 10000x10000: clamped)")
        XCTAssertEqual(TerminalLimits.describe(Size(width: 80, height: 24), reported: Size(width: 80, height: 24), unit: "cells"), "80x24 cells")
    }

    func testACellSizeReplyIsClampedAndKeptAsSaid() {
        let a = TerminalAnswers.parse(Array("\u{1B}[6;400;200t\u{1B}[?62;4c".utf8))
        XCTAssertEqual(a.cellPixels, Size(width: 64, height: 128))
        XCTAssertEqual(a.reportedCellPixels, Size(width: 200, height: 400))
        XCTAssertEqual(a.deviceAttributes, [62, 4])
    }

    /// A 1 MB DA1 reply is dropped (not printed by doctor, not believed), and counting replies
    /// as they arrive reads each byte a bounded number of times.
    func testRepliesOverFourKilobytesAreDropped() {
        let huge = Array("\u{1B}[?".utf8) + Array(repeating: UInt8(ascii: "4"), count: 1 << 20) + Array("c".utf8)
        XCTAssertNil(TerminalAnswers.parse(huge).deviceAttributes)
        XCTAssertEqual(TerminalQuery.da1ReplyCount(huge), 0)
        let normal = huge + Array("\u{1B}[?62;22c".utf8)
        XCTAssertEqual(TerminalAnswers.parse(normal).deviceAttributes, [62, 22])
        XCTAssertEqual(TerminalQuery.da1ReplyCount(normal), 1)
        XCTAssertEqual(TerminalQuery.da1ReplyCount(normal, endingFrom: huge.count), 1, "the reply ending in the new bytes")
        XCTAssertEqual(TerminalQuery.da1ReplyCount(normal, endingFrom: normal.count), 0, "nothing new")
        let version = Array("\u{1B}P>|".utf8) + Array(repeating: UInt8(ascii: "v"), count: 5000) + Array("\u{1B}\\".utf8)
        XCTAssertNil(TerminalAnswers.parse(version).version)
    }
}
