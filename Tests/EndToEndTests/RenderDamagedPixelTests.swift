import Foundation
import TestSupport
import XCTest

/// Issue 27: a damaged JPEG in kitty, sixel or iTerm2 mode is fitted into the box like a whole
/// one (not written at full resolution as half-blocks: that is 4.8 MB for a truncated
/// 1000x872 photo at 80x24, 11.4 MB in the red-team's case), said on stderr, and exits 1.
extension RenderCommandTests {
    /// The first half of a JPEG, in a temporary file.
    func truncatedJPEG(_ source: URL, keeping fraction: Double = 0.5) throws -> URL {
        let bytes = try Data(contentsOf: source)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID().uuidString).jpg")
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: url)
        return url
    }

    /// The most a picture in a `cols` x `rows` box can cost: 4 bytes a pixel (RGB, base64'd or
    /// sixel-run) at the default 10x20 cell, plus 64 KB of framing.
    func pixelBound(cols: Int, rows: Int) -> Int { cols * 10 * rows * 20 * 4 + 65_536 }

    static let protocolStart = ["kitty": "\u{1B}_G", "sixel": "\u{1B}P", "iterm2": "\u{1B}]1337;File="]

    func testADamagedJPEGIsFittedIntoTheBoxInEveryPixelMode() throws {
        let file = try truncatedJPEG(RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg"))
        defer { try? FileManager.default.removeItem(at: file) }
        for graphics in ["kitty", "sixel", "iterm2"] {
            for (cols, rows) in [(10, 5), (20, 6), (80, 24)] {
                let run = try render(["--graphics", graphics, "--size", "\(cols)x\(rows)", file.path])
                XCTAssertEqual(run.status, 1, "\(graphics): a damaged file is a failure")
                XCTAssertTrue(run.stderr.contains("damaged JPEG (shown as far as it decodes)"), run.stderr)
                XCTAssertTrue(run.stdout.contains(Self.protocolStart[graphics]!), "\(graphics): drawn in the pixel protocol")
                XCTAssertLessThanOrEqual(run.stdout.utf8.count, pixelBound(cols: cols, rows: rows),
                                         "\(graphics) \(cols)x\(rows): bounded by the box")
            }
        }
        // The half-block path is bounded too, in the box's cells.
        let blocks = try render(["--graphics", "blocks", "--size", "10x5", file.path])
        XCTAssertEqual(blocks.status, 1)
        XCTAssertLessThanOrEqual(blocks.stdout.split(separator: "\n").count, 5)
    }

    func testALargeDamagedPhotoIsBoundedByTheBox() throws {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared is absent") }
        let file = try truncatedJPEG(shared.appendingPathComponent("testimages/photos/hubble_deep_field.jpg"), keeping: 0.4)
        defer { try? FileManager.default.removeItem(at: file) }
        for graphics in ["kitty", "sixel", "iterm2"] {
            let run = try render(["--graphics", graphics, "--size", "20x6", file.path])
            XCTAssertEqual(run.status, 1)
            XCTAssertLessThanOrEqual(run.stdout.utf8.count, pixelBound(cols: 20, rows: 6), graphics)
        }
    }

    func testADamagedJPEGInDemoIsOneLineAndExit1NotUsage() throws {
        let file = try truncatedJPEG(RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg"))
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Spawn.status([RepoPaths.executable.path, "demo", file.path])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertFalse(run.output.contains("Usage:"), run.output)
        XCTAssertEqual(run.output, "marvel-gallery demo: \(file.path): damaged JPEG data: Premature end of JPEG file\n")
    }

    func testInvalidColorsOrGraphicsInConfigTomlAreErrorsForRender() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("render-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/marvel-gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (key, value) in [("colors", "purple"), ("graphics", "hologram")] {
            try Data("\(key) = \"\(value)\"\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
            for flags in [[], ["--colors", "256"], ["--graphics", "blocks"]] {
                let run = try render(flags + ["--size", "10x5", "Fixtures/images/sample.jpg"],
                                     environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
                XCTAssertEqual(run.status, 1, "\(key) = \(value) with \(flags)")
                XCTAssertTrue(run.stderr.contains("\(key) must be one of"), run.stderr)
                XCTAssertTrue(run.stderr.contains("got '\(value)'"), run.stderr)
                XCTAssertFalse(run.stderr.contains("Usage:"), run.stderr)
            }
        }
        // A good value is used: config graphics = "kitty" draws in kitty's protocol.
        try Data("graphics = \"kitty\"\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        let run = try render(["--size", "10x5", "Fixtures/images/sample.jpg"],
                             environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\u{1B}_G"))
    }
}
