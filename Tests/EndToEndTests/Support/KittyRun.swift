import Foundation
import TerminalUI
import TestSupport
import XCTest

/// One `marvel-gallery` command in a real kitty (software GL, under Xvfb). Everything the
/// program writes is logged by `script` (which sits between kitty and the program as a pty),
/// and the log is replayed on a virtual terminal that understands kitty's commands; keys go in
/// through kitty's remote control.
final class KittyRun {
    let found: [String: String]
    let dir: URL
    let x: XDisplay
    private let log: String
    private let socket: String

    /// Starts `arguments` (after the executable) in kitty at `fontSize` on a 1024x768 screen.
    init(_ arguments: String, fontSize: Int = 9) throws {
        found = try XDisplay.require(["Xvfb", "import", "kitty", "script"])
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        log = dir.appendingPathComponent("out.log").path
        socket = dir.appendingPathComponent("kitty.sock").path
        let script = dir.appendingPathComponent("run.sh").path
        let command = "'\(RepoPaths.executable.path)' \(arguments) --image-cache '\(dir.path)/images'"
        try """
        #!/bin/sh
        script -q -f -c "\(command)" '\(log)'
        touch '\(dir.path)/ended'
        sleep 300
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        x = try XDisplay(xvfb: found["Xvfb"]!)
        try x.launch([found["kitty"]!, "-o", "allow_remote_control=yes", "--listen-on", "unix:\(socket)",
                      "-o", "background=#000000", "-o", "window_padding_width=0", "-o", "font_size=\(fontSize)",
                      "-o", "remember_window_size=no", "-o", "initial_window_width=1024",
                      "-o", "initial_window_height=768", script],
                     environment: ["LIBGL_ALWAYS_SOFTWARE": "1", "XDG_CACHE_HOME": dir.path + "/cache",
                                   "XDG_CONFIG_HOME": dir.path + "/config"])
    }

    deinit {
        x.stop()
        try? FileManager.default.removeItem(at: dir)
    }

    /// Everything written so far, on a fresh virtual terminal.
    func replay() -> VirtualTerminal {
        var vt = VirtualTerminal(size: Size(width: 400, height: 200))
        vt.feed([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()))
        return vt
    }

    /// Polls until `condition` holds on two replays in a row with the same placements (the
    /// frame is complete, not half written).
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 120, _ condition: (VirtualTerminal) -> Bool) -> VirtualTerminal {
        let deadline = Date().addingTimeInterval(timeout)
        var last = replay()
        while Date() < deadline {
            let next = replay()
            if condition(next), next.graphics.placements == last.graphics.placements { return next }
            last = next
            usleep(300_000)
        }
        XCTFail("timed out waiting for \(what): \(last.graphics.placements.count) placements, \(last.graphics.transmitCount) transmits")
        return last
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
}
