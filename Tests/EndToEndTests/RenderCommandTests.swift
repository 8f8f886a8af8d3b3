import Foundation
import TestSupport
import XCTest

/// `marvel-gallery render` as a process (no terminal needed: stdout is a pipe, so the default
/// box is 80x24).
final class RenderCommandTests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func render(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> Run {
        let executable = RepoPaths.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("build marvel-gallery first (swift build --product marvel-gallery): \(executable.path)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["render"] + arguments
        process.currentDirectoryURL = RepoPaths.root
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            // Written from another thread, as a pipe from curl would be: the reader must wait.
            DispatchQueue.global().async {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    func testRendersTheBundledSampleInTheDefaultBox() throws {
        let run = try render(["Fixtures/images/sample.jpg"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.split(separator: "\n")
        // 300x450 in 80x24 cells = 80x48 pixels: contain gives 32x48 pixels = 24 rows of 32 cells.
        XCTAssertEqual(lines.count, 24)
        XCTAssertTrue(run.stdout.contains("\u{1B}[38;2;"))
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }

    func testBadFilesAreReportedOneLineEachAndOthersStillRender() throws {
        let run = try render(["/nonexistent/file.jpg", "Package.swift", "Fixtures/images/sample.jpg",
                              "--size", "20x10", "--colors", "256"])
        XCTAssertEqual(run.status, 1)
        let errors = run.stderr.split(separator: "\n")
        XCTAssertEqual(errors.count, 2, run.stderr)
        XCTAssertTrue(errors[0].contains("/nonexistent/file.jpg") && errors[0].contains("No such file"), String(errors[0]))
        XCTAssertTrue(errors[1].contains("Package.swift") && errors[1].contains("not a JPEG, PNG or GIF"), String(errors[1]))
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 10)
        XCTAssertTrue(run.stdout.contains("\u{1B}[38;5;"))
        XCTAssertFalse(run.stdout.contains("\u{1B}[38;2;"))
    }

    func testEveryKittyPictureHasItsOwnImageIDWithinARunAndAcrossRuns() throws {
        // With one fixed id, kitty replaces the first picture with the second wherever it is shown.
        func ids(_ run: Run) -> [Substring] {
            run.stdout.split(separator: "\u{1B}_G").compactMap { chunk in
                chunk.split(separator: ",").first { $0.hasPrefix("i=") }
            }
        }
        let sample = "Fixtures/images/sample.jpg"
        let first = try render([sample, sample, "--graphics", "kitty", "--size", "10x5"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let firstIDs = Set(ids(first))
        XCTAssertEqual(firstIDs.count, 2, "two pictures, two ids: \(firstIDs)")
        let second = try render([sample, "--graphics", "kitty", "--size", "10x5"])
        XCTAssertTrue(Set(ids(second)).isDisjoint(with: firstIDs), "a later render keeps the earlier pictures")
    }

    func testNoColorAndCover() throws {
        let run = try render(["Fixtures/images/sample.jpg", "--size", "30x10", "--fit", "cover"],
                             environment: ["NO_COLOR": "1"])
        XCTAssertEqual(run.status, 0)
        XCTAssertFalse(run.stdout.contains("\u{1B}"))
        XCTAssertEqual(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, 11)
    }

    /// `--dither` (issue 26): each method draws the 256-colour picture differently, diffusion
    /// is the default, the flag beats `MARVEL_GALLERY_DITHER`, and a bad value is one line.
    func testDitherChoosesHowPicturesGoOnThePalette() throws {
        let base = ["Fixtures/images/sample.jpg", "--size", "40x20", "--colors", "256"]
        var out: [String: String] = [:]
        for method in ["none", "ordered", "diffusion"] {
            let run = try render(base + ["--dither", method])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("\u{1B}[38;5;") && !run.stdout.contains("\u{1B}[38;2;"), method)
            out[method] = run.stdout
        }
        XCTAssertEqual(Set(out.values).count, 3, "three different pictures")
        XCTAssertEqual(try render(base).stdout, out["diffusion"], "diffusion is the default")
        XCTAssertEqual(try render(base, environment: ["MARVEL_GALLERY_DITHER": "none"]).stdout, out["none"])
        XCTAssertEqual(try render(base + ["--dither", "ordered"], environment: ["MARVEL_GALLERY_DITHER": "none"]).stdout,
                       out["ordered"], "the flag wins")
        XCTAssertLessThan(out["none"]!.utf8.count, out["diffusion"]!.utf8.count, "flat areas need fewer colour changes")
        let bad = try render(base + ["--dither", "blue"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--dither"), bad.stderr)
        let badEnv = try render(base, environment: ["MARVEL_GALLERY_DITHER": "blue"])
        XCTAssertEqual(badEnv.status, 1)
        XCTAssertEqual(badEnv.stderr.split(separator: "\n").count, 1, badEnv.stderr)
        XCTAssertTrue(badEnv.stderr.contains("MARVEL_GALLERY_DITHER must be one of none|ordered|diffusion"), badEnv.stderr)
    }

    /// `-` reads the picture from a pipe (`curl URL | marvel-gallery render -`): the same
    /// output as the file, in half-blocks and in kitty mode; garbage, nothing, or `-` twice
    /// are said in one line.
    func testADashReadsThePictureFromStandardInput() throws {
        let file = "Fixtures/images/sample.jpg"
        let bytes = try Data(contentsOf: RepoPaths.root.appendingPathComponent(file))
        for mode in [["--colors", "256"], ["--graphics", "sixel"]] {
            let fromFile = try render([file, "--size", "30x10"] + mode)
            let piped = try render(["-", "--size", "30x10"] + mode, input: bytes)
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertGreaterThan(piped.stdout.utf8.count, 500)
            XCTAssertEqual(piped.stdout, fromFile.stdout, "\(mode)")
        }
        let empty = try render(["-"], input: Data())
        XCTAssertEqual(empty.status, 1)
        XCTAssertEqual(empty.stderr, "marvel-gallery render: -: empty input: no image data\n")
        let garbage = try render(["-", "--size", "10x3"], input: Data("hello".utf8))
        XCTAssertEqual(garbage.status, 1)
        XCTAssertTrue(garbage.stderr.contains("-: not a JPEG, PNG or GIF image"), garbage.stderr)
        let twice = try render(["-", "-"], input: bytes)
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.contains("- (standard input) can be given once"), twice.stderr)
    }

    func testBadOptionsAreRejected() throws {
        let run = try render(["Fixtures/images/sample.jpg", "--size", "big"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("--size"))
    }
}
