import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `render` and `doctor` on a terminal that answers its start-up questions late (a kitty just
/// started on a loaded machine answered after more than a second; the CI saw a streamed
/// picture lost that way). The test is the terminal: it holds a pty's master, answers the
/// every DA1 (`CSI c`) 600 ms late, and afterwards types a marker. Once the program has left
/// raw mode, the line discipline echoes what arrives, so a late reply the program did not read
/// would come back on the master inside its output (inside the first picture's escape
/// sequence for `render`, or typed into the shell): the marker's echo says every earlier byte
/// was seen.
final class SlowTerminalEndToEndTests: XCTestCase {
    private static let lateReply = "\u{1B}[?62;4;22c"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery")
        }
    }

    func testRenderWaitsForALateAnswerInsteadOfEchoingItIntoThePicture() throws {
        let sample = RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path
        let run = try runOnSlowTerminal(["render", "--graphics", "kitty", "--graphics-transfer", "stream", "--size", "8x4", sample],
                                        environment: ["TERM": "xterm-kitty"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(run.output.contains("?62;4;22c"), "the late reply was echoed: \(run.output.suffix(300).debugDescription)")
        XCTAssertTrue(run.output.contains("a=T,f=100,t=d,"), "a streamed kitty picture")
    }

    /// A kitty too slow to answer for a picture's file within the sender's 3 s (a loaded
    /// machine): the picture is streamed, and the late answer is read before `render` exits
    /// instead of being echoed onto the shell's line (CI saw "^[_Gi=…;EINVAL:Filename too
    /// long^[\\^[[?62;c" there).
    func testRenderReadsTheLateAnswerForAFileItStoppedWaitingFor() throws {
        let sample = RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path
        let run = try runOnSlowTerminal(["render", "--graphics", "kitty", "--graphics-transfer", "file", "--size", "8x4", sample],
                                        environment: ["TERM": "xterm-kitty"], delay: 3.6)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains(",t=t,i="), "the picture tried as a file")
        XCTAssertTrue(run.output.contains("a=T,f=100,t=d,"), "then streamed")
        XCTAssertFalse(run.output.contains("?62;4;22c"), "a late answer was echoed: \(run.output.suffix(300).debugDescription)")
    }

    /// Issue 35: `render --graphics blocks` in a kitty that answers nothing asks nothing (no
    /// kitty file probe, no DA1) and does not wait for an answer (it waited 5 s).
    func testRenderAsBlocksAsksASilentTerminalNothing() throws {
        let sample = RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path
        let pty = try PtyProcess(["render", "--graphics", "blocks", "--size", "8x4", sample],
                                 environment: ["TERM": "xterm-kitty"], home: try temporaryDirectory().path)
        defer { pty.close() }
        let start = Date()
        while pty.exited() == nil, Date().timeIntervalSince(start) < 30 { pty.read() }
        pty.read()
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(pty.exited(), 0, pty.text)
        XCTAssertFalse(pty.text.contains("\u{1B}_G"), "a kitty graphics question: \(pty.text.prefix(200).debugDescription)")
        XCTAssertFalse(pty.text.contains("\u{1B}[c"), "a DA1 question")
        XCTAssertTrue(pty.text.contains("▀"), "the half-blocks")
        print("render --graphics blocks on a silent terminal: \(String(format: "%.2f", seconds)) s")
        XCTAssertLessThan(seconds, 4, "no wait for answers that never come")
    }

    func testDoctorReadsALateAnswerAndSaysWhatItFound() throws {
        let run = try runOnSlowTerminal(["doctor"], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(run.output.contains("?62;4;22c"), "the late reply was echoed: \(run.output.suffix(300).debugDescription)")
        XCTAssertNotNil(run.output.range(of: #"DA1 +62;4;22 \(sixel\)"#, options: .regularExpression),
                        "the late DA1 was read:\n\(run.output)")
    }

    /// The gallery in a kitty that answers its start-up questions late (the file probe's OK
    /// with the file read and deleted, then DA1): it waits for them, so the first screen's
    /// pictures go as temporary files (`t=t`), not streamed after 150 ms with files on only
    /// from the late answer.
    func testTheGalleryInALateKittySendsTheFirstScreenAsFiles() throws {
        let tmp = try temporaryDirectory().path
        let run = try runOnSlowTerminal(["characters"], environment: ["TERM": "xterm-kitty", "TMPDIR": tmp],
                                        da1: "\u{1B}[?62;c", extraAnswer: { output in
            // kitty reads the probe's file (named in base64 in the question) and deletes it.
            guard let start = output.range(of: "a=q,t=t,f=24;"),
                  let end = output[start.upperBound...].range(of: "\u{1B}\\"),
                  let path = Data(base64Encoded: String(output[start.upperBound..<end.lowerBound])).map({ String(decoding: $0, as: UTF8.self) }),
                  unlink(path) == 0 else { return "" }
            return "\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\"
        }, quitWhen: { $0.contains("\u{1B}_Ga=") })
        XCTAssertEqual(run.status, 0, String(run.output.suffix(300)))
        let transfers = run.output.components(separatedBy: "\u{1B}_G").dropFirst().filter { $0.hasPrefix("a=T") || $0.hasPrefix("a=t") }
        let first = try XCTUnwrap(transfers.first, "a picture was sent")
        XCTAssertTrue(first.contains("t=t"), "the first picture as a file: \(first.prefix(80))")
        XCTAssertFalse(transfers.contains { $0.contains("t=d") }, "nothing streamed")
    }

    /// A terminal named kitty that answers nothing until the gallery has drawn: the first
    /// screen comes without a 5 s wait (not blank that long, then streaming its pictures),
    /// its pictures drawn as half-blocks and none sent until the file probe's answer, after
    /// which they go as files.
    func testTheGalleryInASilentKittyDrawsAtOnceAndItsPicturesWaitForTheAnswer() throws {
        let tmp = try temporaryDirectory().path
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-kitty", "TMPDIR": tmp],
                                 home: try temporaryDirectory().path)
        defer { pty.close() }
        let start = Date()
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[c") }), "the start-up questions")
        // Pictures ready: as half-block cells (held) or as kitty transmissions.
        XCTAssertTrue(pty.read(until: { $0.contains("3-D Man") && ($0.contains("▀") || $0.contains("\u{1B}_Ga=")) }),
                      "the first screen and its pictures, with no answer at all")
        print("first screen with pictures \(Int(Date().timeIntervalSince(start) * 1000)) ms after start, nothing answered")
        XCTAssertFalse(pty.text.contains("\u{1B}_Ga="), "no picture sent before the file probe's answer")
        guard let probe = pty.text.range(of: "a=q,t=t,f=24;"),
              let end = pty.text[probe.upperBound...].range(of: "\u{1B}\\"),
              let path = Data(base64Encoded: String(pty.text[probe.upperBound..<end.lowerBound])).map({ String(decoding: $0, as: UTF8.self) }) else {
            return XCTFail("the file probe was asked")
        }
        XCTAssertEqual(unlink(path), 0, "kitty reads and deletes the probe's file")
        pty.type("\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}_Ga=") }), "the pictures sent once answered")
        let transfers = pty.text.components(separatedBy: "\u{1B}_G").dropFirst().filter { $0.hasPrefix("a=T") || $0.hasPrefix("a=t") }
        XCTAssertTrue(transfers.first?.contains("t=t") == true, "as files: \(transfers.first?.prefix(60) ?? "")")
        XCTAssertFalse(transfers.contains { $0.contains("t=d") }, "nothing streamed")
        XCTAssertTrue(Self.quit(pty, typing: "q"), "q ended it")
        XCTAssertEqual(pty.exited(), 0)
    }

    /// A themed kitty (`background #1e1e2e`) that answers nothing until the gallery has drawn:
    /// its late default colours (OSC 10/11) are read, and the canvas under the help's text
    /// (over kitty pictures placed directly) is in its background: a late answer dropped would
    /// leave the canvas kitty's default black around the help.
    func testTheGalleryInASilentKittyTakesItsLateColoursForTheCanvas() throws {
        let tmp = try temporaryDirectory().path
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-kitty", "TMPDIR": tmp],
                                 home: try temporaryDirectory().path)
        defer { pty.close() }
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}]11;?") && $0.contains("\u{1B}[c") && $0.contains("3-D Man") }),
                      "the colour questions and the first screen, nothing answered")
        guard let probe = pty.text.range(of: "a=q,t=t,f=24;"),
              let end = pty.text[probe.upperBound...].range(of: "\u{1B}\\"),
              let path = Data(base64Encoded: String(pty.text[probe.upperBound..<end.lowerBound])).map({ String(decoding: $0, as: UTF8.self) }) else {
            return XCTFail("the file probe was asked")
        }
        XCTAssertEqual(unlink(path), 0, "kitty reads and deletes the probe's file")
        pty.type("\u{1B}]10;rgb:cdcd/d6d6/f4f4\u{1B}\\\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\"
                 + "\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}_Ga=") }), "the pictures sent once answered")
        pty.type("?")
        var canvas: RGBImage?
        XCTAssertTrue(pty.read(until: { canvas = Self.lastCanvas($0); return canvas != nil }), "the help over the pictures sends the canvas")
        let image = try XCTUnwrap(canvas)
        var counts: [[UInt8]: Int] = [:]
        for i in stride(from: 0, to: image.pixels.count, by: 3) { counts[Array(image.pixels[i..<(i + 3)]), default: 0] += 1 }
        let most = try XCTUnwrap(counts.max { $0.value < $1.value })
        XCTAssertEqual(most.key, [0x1E, 0x1E, 0x2E], "the canvas's cells on the default background: \(most)")
        XCTAssertTrue(Self.quit(pty, typing: "xq"), "x (any key closes the help) and q ended it")
    }

    /// Types `keys`, which end the program, and answers each DA1 it asks on the way out (kitty
    /// reading its picture files) until it has exited.
    static func quit(_ pty: PtyProcess, typing keys: String) -> Bool {
        pty.type(keys)
        var answered = pty.text.components(separatedBy: "\u{1B}[c").count - 1
        return pty.read(until: { text in
            let asked = text.components(separatedBy: "\u{1B}[c").count - 1
            if asked > answered { pty.type("\u{1B}[?62;c"); answered = asked }
            return pty.exited() != nil
        }, seconds: 30)
    }

    /// The last whole kitty canvas in `text` (one pixel a cell), decoded; nil until one has
    /// come whole (every chunk, the last without `m=1`).
    static func lastCanvas(_ text: String) -> RGBImage? {
        guard let start = text.range(of: "\u{1B}_Ga=t,f=100,t=d,i=\(KittyGraphics.canvasID),", options: .backwards) else { return nil }
        var rest = text[start.lowerBound...].dropFirst(3), b64 = ""
        while true {
            guard let semicolon = rest.firstIndex(of: ";"), let end = rest.range(of: "\u{1B}\\") else { return nil }
            let keys = rest[..<semicolon]
            b64 += rest[rest.index(after: semicolon)..<end.lowerBound]
            rest = rest[end.upperBound...]
            if !keys.contains("m=1") { break }
            guard rest.hasPrefix("\u{1B}_G") else { return nil }
            rest = rest.dropFirst(3)
        }
        guard let png = Data(base64Encoded: b64) else { return nil }
        return try? ImageDecoder.decode([UInt8](png))
    }

    /// Runs the program on a new pty (80x24, 10x20-px cells), answers each DA1 late (600 ms,
    /// `extraAnswer` first: what the terminal says to the questions before it), types `q` once
    /// `quitWhen` holds for the output (a full-screen program), waits for the exit, then types
    /// a marker and reads until its echo.
    private func runOnSlowTerminal(_ arguments: [String], environment: [String: String],
                                   da1: String = SlowTerminalEndToEndTests.lateReply, delay: TimeInterval = 0.6,
                                   extraAnswer: (String) -> String = { _ in "" },
                                   quitWhen: ((String) -> Bool)? = nil) throws -> (status: Int32, output: String) {
        let pty = try PtyProcess(arguments, environment: environment, home: try temporaryDirectory().path)
        defer { pty.close() }

        var asked = 0, answered = 0
        var due: [Date] = []
        var status: Int32?
        var markerSent = false
        var quitTyped = false
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            pty.read()
            let text = pty.text
            let questions = text.components(separatedBy: "\u{1B}[c").count - 1
            while asked < questions { due.append(Date().addingTimeInterval(delay)); asked += 1 }
            while answered < due.count, Date() >= due[answered] {
                pty.type(extraAnswer(text) + da1)
                answered += 1
            }
            if !quitTyped, answered == asked, let quitWhen, quitWhen(text) {
                pty.type("q")
                quitTyped = true
            }
            if status == nil, asked > 0, answered == asked, quitTyped || quitWhen == nil {
                status = pty.exited()
            }
            if status != nil, !markerSent {
                pty.type("MARK-7Q\n")
                markerSent = true
            }
            if markerSent, text.contains("MARK-7Q") { break }
        }
        XCTAssertTrue(markerSent && pty.text.contains("MARK-7Q"),
                      "the run ended and the marker came back (DA1 asked \(asked), answered \(answered))")
        return (status ?? -1, pty.text)
    }
}
