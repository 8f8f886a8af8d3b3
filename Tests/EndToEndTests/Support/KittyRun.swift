import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// One `marvel-gallery` command in a real kitty (software GL, under Xvfb). Everything the
/// program writes is logged by `script` (which sits between kitty and the program as a pty),
/// and the log is replayed on a virtual terminal that understands kitty's commands; keys go in
/// through kitty's remote control. Released (or `stop()`), it ends the wrapper's process group
/// and the program's before kitty: `script` holds its own pty open, so stopping kitty alone
/// left `script` and an idle program behind.
final class KittyRun {
    let found: [String: String]
    let dir: URL
    let x: XDisplay
    private let log: String
    private let socket: String

    /// Starts `arguments` (after the executable) in kitty at `fontSize` on a 1024x768 screen;
    /// `environment` is added to kitty's (and so the program's); `launcher`, an executable
    /// given the program's command line, runs it (e.g. in another mount namespace).
    /// `imageCache`: false for commands without `--image-cache` (`render`).
    init(_ arguments: String, fontSize: Int = 9, environment: [String: String] = [:], launcher: String? = nil,
         imageCache: Bool = true) throws {
        found = try XDisplay.require(["Xvfb", "import", "kitty", "script"])
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        log = dir.appendingPathComponent("out.log").path
        socket = dir.appendingPathComponent("kitty.sock").path
        let script = dir.appendingPathComponent("run.sh").path
        let command = (launcher.map { "'\($0)' " } ?? "") + "'\(RepoPaths.executable.path)' \(arguments)"
            + (imageCache ? " --image-cache '\(dir.path)/images'" : "")
        // The wrapper (kitty makes it a session and process group leader, and `script` and
        // `sleep` stay in its group) and the program (`script` starts it in a session of its
        // own; `exec` keeps the pid) write their pids for `stop()`. After the end, a DA1 query:
        // its answer, echoed by the shell's tty, comes after any late reply to the program.
        try """
        #!/bin/sh
        echo $$ > '\(dir.path)/wrapper.pid'
        script -q -f -c "echo \\$\\$ > '\(dir.path)/program.pid'; exec \(command)" '\(log)'
        touch '\(dir.path)/ended'
        printf '\\033[c'
        sleep 300
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        x = try XDisplay(xvfb: found["Xvfb"]!)
        try x.launch([found["kitty"]!, "-o", "allow_remote_control=yes", "--listen-on", "unix:\(socket)",
                      "-o", "background=#000000", "-o", "window_padding_width=0", "-o", "font_size=\(fontSize)",
                      "-o", "font_family=\(Self.fontFamily)",
                      "-o", "remember_window_size=no", "-o", "initial_window_width=1024",
                      "-o", "initial_window_height=768", script],
                     environment: ["LIBGL_ALWAYS_SOFTWARE": "1", "XDG_CACHE_HOME": dir.path + "/cache",
                                   "XDG_CONFIG_HOME": dir.path + "/config"].merging(environment) { $1 })
    }

    /// The font every run uses (Debian's fonts-dejavu-core, which scripts/test.sh installs):
    /// the machine's "monospace" differs between machines (DejaVu here, Noto Sans Mono there),
    /// and with it every cell size, window size in cells and layout the tests lay out against.
    static let fontFamily = "DejaVu Sans Mono"

    deinit {
        stop()
        try? FileManager.default.removeItem(at: dir)
    }

    /// The process groups `stop()` ends: the wrapper's and the program's (each leader's pid).
    var processGroups: [pid_t] {
        ["wrapper.pid", "program.pid"].compactMap { name in
            (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }.filter { $0 > 1 }
    }

    /// Ends the wrapper's process group (sh, `script`, `sleep`) and the program's, then kitty
    /// and the X server. The groups go first: once kitty is gone nothing would end them.
    /// SIGTERM first, as a user's `kill` would, so a program still running removes its
    /// picture files (SIGKILL left folders of them in /tmp); SIGKILL what is left after 10 s.
    func stop() {
        let groups = processGroups
        for group in groups { kill(-group, SIGTERM) }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, groups.contains(where: { kill(-$0, 0) == 0 }) { usleep(20_000) }
        for group in groups { kill(-group, SIGKILL) }
        x.stop()
    }

    /// Everything the program wrote so far.
    func logBytes() -> [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()) }

    /// The log up to the end of the first synchronized frame (`CSI ?2026l`) written after byte
    /// `mark`, on a fresh virtual terminal: what kitty showed once that frame was complete.
    func replay(throughFirstFrameAfter mark: Int) -> VirtualTerminal? {
        let bytes = logBytes()
        let end = Array("\u{1B}[?2026l".utf8)
        guard mark < bytes.count else { return nil }
        var i = mark
        while i + end.count <= bytes.count {
            if bytes[i] == 0x1B, Array(bytes[i..<(i + end.count)]) == end {
                var vt = VirtualTerminal(size: Size(width: 400, height: 200))
                vt.feed(Array(bytes[0..<(i + end.count)]))
                return vt
            }
            i += 1
        }
        return nil
    }

    /// Everything written so far, on a fresh virtual terminal.
    func replay() -> VirtualTerminal {
        var vt = VirtualTerminal(size: Size(width: 400, height: 200))
        vt.feed([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()))
        return vt
    }

    /// The log up to its last whole synchronized frame: cut before a `CSI ?2026h` that has no
    /// `?2026l` after it yet (the program's own sign that a frame is still being written), on a
    /// fresh virtual terminal.
    func replayOfWholeFrames() -> VirtualTerminal {
        var vt = VirtualTerminal(size: Size(width: 400, height: 200))
        vt.feed(logOfWholeFrames())
        return vt
    }

    /// The log up to its last whole synchronized frame (see `replayOfWholeFrames`).
    func logOfWholeFrames() -> [UInt8] {
        let bytes = logBytes()
        var end = bytes.count
        if let begin = Self.lastIndex(of: ANSI.syncBegin, in: bytes),
           (Self.lastIndex(of: ANSI.syncEnd, in: bytes) ?? -1) < begin {
            end = begin
        }
        return Array(bytes[0..<end])
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }

    /// Polls until `condition` holds on the whole frames written so far (`replayOfWholeFrames`)
    /// and nothing on screen is still loading (no `···`, the gallery's loading mark: every
    /// tile and page picture is placed, or shown as "no picture"). A screen with some of its
    /// pictures still on their way is never the one a test compares against later.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 120, _ condition: (VirtualTerminal) -> Bool) -> VirtualTerminal {
        let deadline = Date().addingTimeInterval(timeout)
        var last = replayOfWholeFrames()
        while !(condition(last) && !last.screen.text.contains("···")) {
            if Date() > deadline {
                let loading = last.screen.text.components(separatedBy: "···").count - 1
                XCTFail("timed out waiting for \(what): \(last.graphics.placements.count) placements, "
                        + "\(last.graphics.transmitCount) transmits, \(loading) loading marks")
                return last
            }
            usleep(200_000)
            last = replayOfWholeFrames()
        }
        return last
    }

    /// `kitty @ ARGS…` through the socket; its output.
    @discardableResult
    func remote(_ args: [String]) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: found["kitty"]!)
        p.arguments = ["@", "--to", "unix:\(socket)"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The window's size in cells, as kitty reports it (`kitty @ ls`).
    func cells() -> Size? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(remote(["ls"]).utf8)) as? [[String: Any]],
              let tabs = json.first?["tabs"] as? [[String: Any]],
              let window = (tabs.first?["windows"] as? [[String: Any]])?.first,
              let columns = window["columns"] as? Int, let lines = window["lines"] as? Int else { return nil }
        return Size(width: columns, height: lines)
    }

    /// True when `vt` shows a frame laid out for kitty's window as it is now: its status line
    /// (" ● …", the last row a frame writes) is on the window's last row and nothing is below.
    /// A frame from before a resize can meet a test's other conditions (the same picture at
    /// row 1, the same text), and kitty reports the new size before the program has drawn it.
    func fitsWindow(_ vt: VirtualTerminal) -> Bool {
        guard let size = cells(), size.height > 0 else { return false }
        let lines = vt.screen.text.components(separatedBy: "\n")
        guard lines.count >= size.height, lines[size.height - 1].hasPrefix(" ● ") else { return false }
        return lines[size.height...].allSatisfy(\.isEmpty)
    }

    /// The OS window's size in pixels (what `resize` last asked for; 1024x768 at start).
    private(set) var windowPixels = Size(width: 1024, height: 768)

    /// Resizes kitty's window to `width` x `height` pixels (kitty's remote control).
    func resize(width: Int, height: Int) {
        remote(["resize-os-window", "--unit", "pixels", "--width", "\(width)", "--height", "\(height)"])
        windowPixels = Size(width: width, height: height)
    }

    /// A screenshot once kitty has drawn every placement of `vt` (kitty's own output is the
    /// signal: each placement's cells show a picture), saved as `name` in the temporary
    /// directory. Fails the test on timeout and returns the last screenshot.
    /// Screenshots until one scores `minimum` dB against `reference` (kitty may still be
    /// drawing the frame before), or the time is up; the best score.
    func score(_ vt: VirtualTerminal, against reference: RGBImage, name: String,
               minimum: Double = 25, timeout: TimeInterval = 30) throws -> Double {
        let deadline = Date().addingTimeInterval(timeout)
        var best = -Double.infinity
        repeat {
            let shot = try screenshotWhenDrawn(vt, name: name)
            best = max(best, psnr(shot.pixels, reference.pixels))
            if best >= minimum { break }
            usleep(300_000)
        } while Date() < deadline
        return best
    }

    /// `minColours`: what a drawn picture's middle holds at least (a flat picture: 1).
    func screenshotWhenDrawn(_ vt: VirtualTerminal, name: String, timeout: TimeInterval = 90, minColours: Int = 6,
                             file: StaticString = #filePath, line: UInt = #line) throws -> RGBImage {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        let deadline = Date().addingTimeInterval(timeout)
        let rects = Array(vt.graphics.placements.values)
        var last: RGBImage?
        while Date() < deadline {
            if let size = cells(), size.width > 0, size.height > 0 {
                let cell = (Double(windowPixels.width) / Double(size.width), Double(windowPixels.height) / Double(size.height))
                let shot = try x.screenshot(importPath: found["import"]!, to: path)
                last = shot
                if DrawnPictures.shown(rects, in: shot, cell: cell, minColours: minColours) { return shot }
            }
            usleep(200_000)
        }
        XCTFail("kitty never drew the \(rects.count) placements (\(path))", file: file, line: line)
        return try last ?? x.screenshot(importPath: found["import"]!, to: path)
    }

    /// Polls kitty's own screen (`kitty @ get-text`) until `holds` says yes; false on timeout.
    func waitForText(timeout: TimeInterval = 30, _ holds: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if holds(remote(["get-text"])) { return true }
            usleep(200_000)
        } while Date() < deadline
        return false
    }

    /// One cell in whole pixels and the window's size in cells (kitty lays cells from the
    /// top-left corner, padding 0, and leaves less than a cell over at the right and bottom).
    func cellPixels() -> (width: Int, height: Int, size: Size)? {
        guard let size = cells(), size.width > 0, size.height > 0 else { return nil }
        return (windowPixels.width / size.width, windowPixels.height / size.height, size)
    }

    /// Types `text` (kitty's escapes: "\\x1b[6~" is Page Down).
    func key(_ text: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: found["kitty"]!)
        p.arguments = ["@", "--to", "unix:\(socket)", "send-text", text]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
    }

    /// True once the command has ended.
    func waitForEnd() -> Bool { x.waitFor(file: dir.path + "/ended") }

    /// kitty's screen once the shell's tty has echoed kitty's answer to the DA1 query the
    /// wrapper writes after the command ended: kitty answers in order, so any late reply to
    /// the program (an error for a picture) was echoed before it. Nil when it never came.
    func textAfterEnd(timeout: TimeInterval = 60) -> String? {
        guard waitForEnd() else { return nil }
        var text = ""
        return waitForText(timeout: timeout) { text = $0; return $0.range(of: #"\^\[\[\?[0-9;]+c"#, options: .regularExpression) != nil } ? text : nil
    }
}
