import Foundation
import TerminalUI
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Keys typed while the gallery starts (over ssh a user types `/spid` right after launching):
/// before the program ran, among the start-up answers (split across reads), and during the
/// kitty-family wait for late answers. The test is the terminal (`PtyProcess`): it types and
/// answers on the pty's master, then reads the screen. Entering raw mode with TCSAFLUSH, or
/// questions' reads that take the keys with the answers and flush the rest, would lose them.
final class TypeAheadEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery")
        }
    }

    /// An xterm-like terminal answering at once, but in pieces: `/s` typed before the program
    /// asked anything, `p` among the answers, `i` right after DA1 in the same read, `d` inside
    /// the answer to the synchronized-output question asked on entering the screen.
    func testKeysTypedBeforeAndAmongTheAnswersOpenTheSearchWithThem() throws {
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-256color"],
                                 home: try temporaryDirectory().path, rows: 30, columns: 100)
        defer { pty.close() }
        pty.type("/s")
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[c") }), "the start-up questions")
        pty.type("\u{1B}P>|XTerm(390)\u{1B}\\" + "p" + "\u{1B}P1+r524742\u{1B}")
        usleep(20_000)
        pty.type("\\\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[6;20;10t\u{1B}[?6")
        usleep(20_000)
        pty.type("4;4c" + "i")
        try searchOpensWithSpid(typing: "d", pty)
    }

    /// A kitty that answers late (after the 150 ms budget): `/sp` typed before its answers, `i`
    /// among its late answers (split), `d` after them; none of them is flushed with the answers.
    func testKeysTypedAmongALateKittysAnswersAreKept() throws {
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-kitty"],
                                 home: try temporaryDirectory().path, rows: 30, columns: 100)
        defer { pty.close() }
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[c") }), "the start-up questions")
        let asked = Date()
        pty.read(until: { _ in Date().timeIntervalSince(asked) > 0.4 }, seconds: 1)
        pty.type("/sp")
        pty.read(until: { _ in Date().timeIntervalSince(asked) > 0.8 }, seconds: 1)
        pty.type("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\" + "i" + "\u{1B}]10;rgb:dddd/dddd/dddd\u{1B}\\\u{1B}_Gi=31;OK\u{1B}")
        usleep(30_000)
        pty.type("\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")
        try searchOpensWithSpid(typing: "d", pty)
    }

    /// Keys typed while the gallery starts (catalog, loopback server, caches: 0.2-0.5 s before
    /// the terminal questions) would be echoed by the line discipline onto the shell's screen,
    /// and show there after quitting, so echo is off from the start of the launch: the keys
    /// are not echoed, and still reach the grid.
    func testKeysTypedWhileTheGalleryStartsAreNotEchoedAndStillReachTheGrid() throws {
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-256color"],
                                 home: try temporaryDirectory().path, rows: 30, columns: 100)
        defer { pty.close() }
        try waitForEchoHeld(pty)
        let mark = pty.output.count
        pty.type("/sp")
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[c") }), "the start-up questions")
        let beforeQuestions = String(decoding: pty.output[mark...], as: UTF8.self).components(separatedBy: "\u{1B}[c")[0]
        XCTAssertFalse(beforeQuestions.contains("/sp"), "keys typed while starting were echoed: \(beforeQuestions.debugDescription)")
        pty.type("\u{1B}[?64;4c")
        try searchOpensWithSpid(typing: "id", pty)
        XCTAssertTrue(echoes(pty), "echo is back after quitting")
    }

    /// Ctrl-C (SIGINT: this pty is not the program's controlling terminal, so the signal is
    /// sent, not typed) while echo is held ends the program as before, with the echo back.
    func testCtrlCWhileStartingEndsTheProgramWithEchoBack() throws {
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-256color"],
                                 home: try temporaryDirectory().path, rows: 30, columns: 100)
        defer { pty.close() }
        try waitForEchoHeld(pty)
        kill(pty.pid, SIGINT)
        XCTAssertTrue(pty.read(until: { _ in pty.exited() != nil }, seconds: 30), "Ctrl-C ended it")
        XCTAssertEqual(pty.exited(), 128 + SIGINT, "ended by SIGINT, as before")
        XCTAssertTrue(echoes(pty), "echo is back")
    }

    /// Waits (polling the pty's termios every millisecond) for the start-up state: echo off,
    /// signals still on (the terminal questions, in raw mode, come later; canonical mode is off
    /// from the start so that what was echoed before can be counted).
    private func waitForEchoHeld(_ pty: PtyProcess) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            var t = termios()
            if tcgetattr(pty.slave, &t) == 0, t.c_lflag & tcflag_t(ECHO) == 0, t.c_lflag & tcflag_t(ISIG) != 0 { return }
            if pty.text.contains("\u{1B}[c") { break }
            pty.read(milliseconds: 1)
        }
        XCTFail("echo was never turned off before the terminal questions (output: \(pty.text.debugDescription))")
        throw XCTSkip("no start-up state to type into")
    }

    private func echoes(_ pty: PtyProcess) -> Bool {
        var t = termios()
        return tcgetattr(pty.slave, &t) == 0 && t.c_lflag & tcflag_t(ECHO) != 0 && t.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Answers entering the screen with `key` typed (`answerEnteringAndType`), then the search
    /// holds "spid" with its results; Ctrl-C ends the program.
    private func searchOpensWithSpid(typing key: String, _ pty: PtyProcess) throws {
        try answerEnteringAndType(key, pty)
        let screen = try waitForSearch(pty)
        XCTAssertEqual(searchText(screen), "spid", screen)
        pty.type("\u{03}")
        XCTAssertTrue(pty.read(until: { _ in pty.exited() != nil }, seconds: 30), "Ctrl-C ended it")
    }

    /// On entering the screen the backend may ask whether synchronized output works: answered
    /// with `key` typed inside the answer; else `key` is typed.
    private func answerEnteringAndType(_ key: String, _ pty: PtyProcess) throws {
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[?2026$p") || $0.contains("\u{1B}[?1049h") }),
                      "the program entered the screen")
        if pty.text.contains("\u{1B}[?2026$p") {
            pty.type("\u{1B}[?2026;2$y" + key + "\u{1B}[?62;c")
        } else {
            pty.type(key)
        }
    }

    /// The screen once the search's results are drawn (names that start with "spid").
    private func waitForSearch(_ pty: PtyProcess) throws -> String {
        var screen = ""
        let found = pty.read(until: { text in
            var terminal = VirtualTerminal(size: Size(width: 100, height: 30))
            terminal.feed(Array(text.utf8))
            screen = terminal.screen.text
            return screen.contains("Search › spid") && screen.contains("Spider")
        }, seconds: 30)
        XCTAssertTrue(found, "the search opened with the typed keys and found names:\n\(screen)")
        return screen
    }

    /// The search field's text (after `Search › `) on the screen's first line.
    private func searchText(_ screen: String) -> String? {
        guard let first = screen.split(separator: "\n").first, let r = first.range(of: "Search › ") else { return nil }
        return String(first[r.upperBound...].prefix { !$0.isWhitespace })
    }

    /// Issue 35: a key typed after Enter, before the program holds echo, is echoed by the line
    /// discipline onto the line under the command; the way out clears that line, so nothing is
    /// left beside the next prompt (a `j` stayed there: "jEXIT:0" here). tmux with default
    /// settings; the command waits 0.5 s before the program starts, so the key is echoed.
    func testAKeyEchoedBeforeTheProgramRanIsNotLeftOnTheShellsLine() throws {
        try Prerequisites.tmuxAndProgram()
        let cache = try temporaryDirectory().path
        let inner = "sleep 0.5; exec \(TmuxSession.quote(RepoPaths.executable.path)) characters --image-cache \(TmuxSession.quote(cache))"
        let tmux = try TmuxSession(command: "sh -c \(TmuxSession.quote(inner))", width: 80, height: 24,
                                   environment: ["MARVEL_BASE_URL": "", "MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": "",
                                                 "XDG_CACHE_HOME": cache])
        tmux.type("j")
        tmux.waitFor("the echo before the program") { $0.contains("j") && !$0.contains("MARVEL") }
        tmux.waitFor("the gallery, the j read as a key (a row down)") { GalleryScreen($0).status.contains(" 6 of 184") }
        tmux.type("q")
        let after = tmux.waitFor("the exit") { $0.contains("EXIT:") }
        let line = after.components(separatedBy: "\n").first { $0.contains("EXIT:") } ?? ""
        XCTAssertTrue(line.hasPrefix("EXIT:0"), "nothing typed left before it: \(line.debugDescription)\n\(after)")
    }
}
