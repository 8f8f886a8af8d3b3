import Foundation
import XCTest
@testable import TerminalIO
import TerminalUI

/// How kitty pictures travel: the start-up file probe's answer, the user's
/// `--graphics-transfer` over it, and the real temporary files.
final class GraphicsTransferTests: XCTestCase {
    static let esc = "\u{1B}"
    /// kitty 0.26.5 on this machine: the file probe OK, then the kitty query and DA1.
    static let localKitty = "\(esc)_Gi=32;OK\(esc)\\\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;c"
    /// kitty over SSH: it cannot open the path.
    static let remoteKitty = "\(esc)_Gi=32;EBADF:Failed to open file for graphics transmission with error: [2] No such file or directory\(esc)\\"
        + "\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;c"
    let kittyEnv = ["TERM": "xterm-kitty"]

    private func caps(_ reply: String?, deleted: Bool = false, request: DisplayRequest = DisplayRequest(),
                      env: [String: String] = ["TERM": "xterm-kitty"]) throws -> Capabilities {
        var answers = reply.map { TerminalAnswers.parse(Array($0.utf8)) }
        answers?.kittyFileDeleted = deleted
        var c = Capabilities.decide(environment: env, isTTY: true, answers: answers)
        try CapabilityDetection.apply(request, environment: env, to: &c)
        try CapabilityDetection.applyTransfer(request, environment: env, answers: answers, to: &c)
        return c
    }

    func testTheProbeAnswerDecides() throws {
        let local = TerminalAnswers.parse(Array(Self.localKitty.utf8))
        XCTAssertEqual(local.kittyFileRead, true)
        XCTAssertTrue(local.kittyGraphics)
        let remote = TerminalAnswers.parse(Array(Self.remoteKitty.utf8))
        XCTAssertEqual(remote.kittyFileRead, false)
        XCTAssertTrue(remote.kittyFileError?.hasPrefix("EBADF:Failed to open file") ?? false)

        let c = try caps(Self.localKitty, deleted: true)
        XCTAssertEqual(c.graphics, .kitty)
        XCTAssertEqual(c.graphicsTransfer, .file, c.graphicsTransferReason)
        XCTAssertTrue(c.graphicsTransferReason.contains("read and deleted"))
        // Read, not deleted (the terminal's temporary directory is another): streamed.
        XCTAssertEqual(try caps(Self.localKitty, deleted: false).graphicsTransfer, .stream)
        let r = try caps(Self.remoteKitty)
        XCTAssertEqual(r.graphicsTransfer, .stream)
        XCTAssertTrue(r.graphicsTransferReason.contains("EBADF"), r.graphicsTransferReason)
        // No answer at all: streamed, unless the file is gone (tmux passes the probe out, not the reply back).
        let silent = "\(Self.esc)_Gi=31;OK\(Self.esc)\\\(Self.esc)[?62;c"
        XCTAssertEqual(try caps(silent).graphicsTransfer, .stream)
        XCTAssertEqual(try caps(silent, deleted: true).graphicsTransfer, .file)
        XCTAssertEqual(try caps(nil).graphicsTransfer, .stream, "not asked")
        // Not kitty: nothing to send as files.
        let xterm = "\(Self.esc)[?63;1;2;4;6;9;15;16;22;28;29c"
        XCTAssertEqual(try caps(xterm, env: ["TERM": "xterm"]).graphicsTransfer, .stream)
    }

    func testTheUserOverridesTheProbe() throws {
        let flagStream = DisplayRequest(graphicsTransferFlag: "stream", graphicsTransferConfig: "file")
        let s = try caps(Self.localKitty, deleted: true, request: flagStream)
        XCTAssertEqual(s.graphicsTransfer, .stream)
        XCTAssertEqual(s.graphicsTransferReason, "--graphics-transfer stream")
        let f = try caps(Self.remoteKitty, request: DisplayRequest(graphicsTransferFlag: nil, graphicsTransferConfig: "file"))
        XCTAssertEqual(f.graphicsTransfer, .file)
        XCTAssertTrue(f.graphicsTransferReason.hasPrefix("config file graphics_transfer file"))
        var env = kittyEnv
        env[DisplaySettings.graphicsTransferVariable] = "STREAM"
        XCTAssertEqual(try caps(Self.localKitty, deleted: true, env: env).graphicsTransfer, .stream)
        // `file` for a terminal without kitty graphics: still streamed (nothing else reads files).
        let blocks = try caps(Self.localKitty, deleted: true,
                              request: DisplayRequest(graphicsFlag: "blocks", graphicsTransferFlag: "file", graphicsTransferConfig: nil))
        XCTAssertEqual(blocks.graphicsTransfer, .stream)
        XCTAssertThrowsError(try caps(Self.localKitty, request: DisplayRequest(graphicsTransferFlag: "shm", graphicsTransferConfig: nil))) {
            XCTAssertTrue("\($0)".contains("--graphics-transfer must be one of auto|stream|file"), "\($0)")
        }
    }

    func testTheProbeQuestionGoesWhereTheKittyQueryGoes() throws {
        let dir = try privateDirectory()
        let probe = try XCTUnwrap(KittyFileProbe.make(environment: ["TMPDIR": dir]))
        XCTAssertTrue(probe.path.hasPrefix(dir + "/marvel-gallery-\(getuid())/marvel-gallery-tty-graphics-protocol-probe-\(getpid())-"), probe.path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: probe.path)).count, 3, "one RGB pixel")
        let q = TerminalProbe.questions(inTmux: false, passthrough: false, fileProbe: probe)
        XCTAssertTrue(q.hasPrefix("\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;\(Data(probe.path.utf8).base64EncodedString())\u{1B}\\"), q)
        XCTAssertTrue(q.hasSuffix(TerminalProbe.questions))
        XCTAssertEqual(TerminalProbe.questions(inTmux: true, passthrough: false, fileProbe: probe),
                       TerminalProbe.questions(inTmux: true, passthrough: false), "no APC inside tmux without passthrough")
        XCTAssertTrue(TerminalProbe.questions(inTmux: true, passthrough: true, fileProbe: probe).hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=32,"))
        XCTAssertFalse(probe.deleted)
        probe.remove()
        XCTAssertTrue(probe.deleted)
        // A temporary directory that cannot be written: no probe (streamed).
        XCTAssertNil(KittyFileProbe.make(environment: ["TMPDIR": dir + "/missing"]))
    }

    func testTemporaryFilesAreWrittenPrivatelyAndNoneIsLeftBehind() throws {
        let dir = try privateDirectory()
        let files = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir]))
        XCTAssertTrue(files.directory.hasPrefix(dir + "/marvel-gallery-\(getuid())/marvel-gallery-tty-graphics-protocol-"), files.directory)
        let a = try XCTUnwrap(files.write([1, 2, 3], id: 7))
        let b = try XCTUnwrap(files.write([4, 5], id: 7))
        XCTAssertNotEqual(a, b, "each transmit gets its own file")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), Data([1, 2, 3]))
        let mode = try FileManager.default.attributesOfItem(atPath: a)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let dirMode = try FileManager.default.attributesOfItem(atPath: files.directory)[.posixPermissions] as? Int
        XCTAssertEqual(dirMode, 0o700)
        files.discard(a)
        XCTAssertFalse(FileManager.default.fileExists(atPath: a))
        files.discard("/etc/passwd")  // never outside its own directory
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/etc/passwd"))
        files.removeAll()
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.directory), "the unread file and the directory are gone")
        XCTAssertNil(files.write([1], id: 8), "after leaving: streamed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "the user's folder goes with the last run")
    }

    /// Files the terminal has not read are bounded in count and bytes: past the bound a
    /// picture is streamed (nil), and a file the terminal reads (kitty deletes it) makes room.
    func testUnreadFilesAreBounded() throws {
        let dir = try privateDirectory()
        let files = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir], limits: .init(files: 3, bytes: 100)))
        defer { files.removeAll() }
        let a = try XCTUnwrap(files.write([1], id: 1))
        XCTAssertNotNil(files.write([2], id: 2))
        XCTAssertNotNil(files.write([3], id: 3))
        XCTAssertNil(files.write([4], id: 4), "a fourth unread file: streamed")
        XCTAssertEqual(files.unreadCount, 3)
        unlink(a)  // the terminal read it
        XCTAssertNotNil(files.write([4], id: 4))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.directory).count, 3)
        XCTAssertEqual(files.takeUnread(), [], "none has waited past its time")
        // Bytes: 97 more would pass 100.
        let bytes = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir], limits: .init(files: 64, bytes: 100)))
        defer { bytes.removeAll() }
        XCTAssertNotNil(bytes.write(Array(repeating: 0, count: 60), id: 1))
        XCTAssertNil(bytes.write(Array(repeating: 0, count: 41), id: 2))
        XCTAssertNotNil(bytes.write(Array(repeating: 0, count: 40), id: 3))
        XCTAssertNil(bytes.write(Array(repeating: 0, count: 200), id: 4), "a picture larger than the bound alone")
    }

    /// A file that waited past its time: the terminal does not read them. The unread files
    /// are removed, their pictures given back once to be streamed, and files stay off.
    func testATerminalThatDoesNotReadIsSwitchedToStreaming() throws {
        let dir = try privateDirectory()
        let files = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir], limits: .init(unreadAfter: .zero)))
        defer { files.removeAll() }
        let read = try XCTUnwrap(files.write([1], id: 1))
        unlink(read)
        XCTAssertNotNil(files.write([2], id: 2))
        XCTAssertNotNil(files.write([3], id: 3))
        XCTAssertEqual(files.takeUnread(), [2, 3])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.directory), [], "the unread files are gone")
        XCTAssertEqual(files.takeUnread(), [], "given once")
        XCTAssertNil(files.write([4], id: 4), "streamed from now on")
    }

    /// The user's folder stays while another run of ours has its folder in it.
    func testTheUsersFolderStaysWhileAnotherRunUsesIt() throws {
        let dir = try privateDirectory()
        let first = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir]))
        let second = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir]))
        first.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["marvel-gallery-\(getuid())"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.directory), "the other run's folder")
        second.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    /// The probe answered after the start-up budget (a loaded machine): files stay off until
    /// its OK comes with the file gone; an error (or another id) leaves them off.
    func testALateProbeAnswerTurnsFilesOn() throws {
        let dir = try privateDirectory()
        let env = ["TMPDIR": dir]
        let files = try XCTUnwrap(KittyTempFiles(environment: env, enabled: false))
        XCTAssertNil(files.write([1], id: 1), "streamed until the answer")
        let probe = try XCTUnwrap(KittyFileProbe.make(environment: env))
        TTYBackend.lateReply(KittyGraphicsReply(id: 31, message: "OK"), probe: probe, files: files)
        XCTAssertNil(files.write([1], id: 1), "the kitty query's answer is not the probe's")
        TTYBackend.lateReply(KittyGraphicsReply(id: 32, message: "OK"), probe: probe, files: files)
        XCTAssertNil(files.write([1], id: 1), "OK but the file is still there: not read by the terminal")
        XCTAssertTrue(probe.deleted, "the probe is removed either way")

        let read = try XCTUnwrap(KittyFileProbe.make(environment: env))
        read.remove()  // as kitty does once it has read it
        TTYBackend.lateReply(KittyGraphicsReply(id: 32, message: "EBADF:Failed to open file"), probe: read, files: files)
        XCTAssertNil(files.write([1], id: 1), "an error leaves files off")
        TTYBackend.lateReply(KittyGraphicsReply(id: 32, message: "OK"), probe: read, files: files)
        XCTAssertNotNil(files.write([1], id: 1), "OK and the file read: files from now on")
        files.removeAll()
    }

    /// What a run that crashed or was killed left (its process is gone) is removed by the
    /// next run; a live run's directory and other names are left alone.
    func testARunRemovesWhatADeadRunLeft() throws {
        let shared = try privateDirectory()
        // Named like ours, with a dead pid, in the shared directory: another user's (or an
        // older version's) entry, never read by the sweep, which looks in our directory only.
        let outside = shared + "/marvel-gallery-tty-graphics-protocol-999999-abcdef"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        let dir = shared + "/marvel-gallery-\(getuid())"
        XCTAssertEqual(mkdir(dir, 0o700), 0)
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let gone = dead.processIdentifier
        let stale = dir + "/marvel-gallery-tty-graphics-protocol-\(gone)-abcdef"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: stale + "/1-1.png", contents: Data([1]))
        _ = FileManager.default.createFile(atPath: dir + "/marvel-gallery-tty-graphics-protocol-probe-\(gone)-abcdef", contents: Data([0, 0, 0]))
        let live = dir + "/marvel-gallery-tty-graphics-protocol-1-abcdef"  // pid 1 is alive
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: dir + "/unrelated", contents: Data([1]))
        let files = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": shared]))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(left, [URL(fileURLWithPath: files.directory).lastPathComponent, "marvel-gallery-tty-graphics-protocol-1-abcdef", "unrelated"].sorted())
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside), "the shared directory's entries are not ours to sweep")
        files.removeAll()
        // A private directory another user could enter is not used: pictures stream.
        XCTAssertEqual(chmod(dir, 0o755), 0)
        XCTAssertNil(KittyTempFiles(environment: ["TMPDIR": shared]))
    }

    /// A full /tmp (a 8 KB tmpfs, when this user may mount one): the write fails, nothing
    /// half-written stays, the picture is streamed (nil path). A directory that vanished too.
    func testAFullDiskOrAVanishedDirectoryLeavesNoFile() throws {
        let dir = try privateDirectory()
        let files = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": dir]))
        try FileManager.default.removeItem(atPath: files.directory)
        XCTAssertNil(files.write([1, 2, 3], id: 1), "the directory vanished")

        guard getuid() == 0 else { throw XCTSkip("mounting a full tmpfs needs root") }
        let full = try privateDirectory()
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=8k", "tmpfs", full]) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { _ = run("/bin/umount", [full]) }
        let small = try XCTUnwrap(KittyTempFiles(environment: ["TMPDIR": full]))
        XCTAssertNotNil(small.write([UInt8](repeating: 1, count: 1000), id: 1), "a small one fits")
        XCTAssertNil(small.write([UInt8](repeating: 2, count: 64 << 10), id: 2), "64 KB does not: ENOSPC")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: small.directory), ["1-1.png"], "no half-written file")
        small.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: full), [])
    }

    private func run(_ tool: String, _ args: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    private func privateDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-transfer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }
}
