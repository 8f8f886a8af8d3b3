import Foundation
import PictureProtocols
import TerminalUI

/// The start-up questions, asked once in one write and ended by DA1 (which every terminal
/// answers), so a silent terminal costs at most the timeout and a normal one a round trip.
/// Replies are read and flushed in raw mode: they never reach the screen or the shell.
public enum TerminalProbe {
    /// kitty graphics query (a 1x1 pixel, not stored), XTVERSION, XTGETTCAP RGB/Tc, a DECRQSS
    /// round trip of a direct-colour SGR (reset after), the cell size in pixels.
    public static let questions = kittyQuery + otherQuestions

    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let otherQuestions =
        "\u{1B}[>0q"
        + "\u{1B}P+q524742;5463\u{1B}\\"
        + "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[0m"
        + "\u{1B}[16t"

    /// The questions for where the program runs. Inside tmux an APC string (the kitty query)
    /// becomes the pane's title (tmux 3.3a's `input_exit_apc`; `#{pane_title}` read
    /// `Gi=31,s=1,…` after a run, in its default status bar): there it goes to the outer
    /// terminal through passthrough when that is on, and is not asked at all when it is off
    /// (or tmux did not say). tmux drops the DCS questions itself and answers the rest.
    ///
    /// Through passthrough the outer terminal's answers come back after tmux has answered its
    /// own DA1 (seen in kitty 0.26.5 under tmux 3.3a: tmux's `CSI ?1;2c` at 3 ms, kitty's
    /// answer and DA1 at 4 ms), so `render` and `doctor` ended their wait first and kitty's
    /// answers landed in the shell ("Gi=32;EBADF:…" typed at the prompt). The outer terminal
    /// is asked for its DA1 too, after its questions: the wait ends on both (`outerReplies`).
    public static func questions(inTmux: Bool, passthrough: Bool) -> String {
        guard inTmux else { return questions }
        guard passthrough else { return otherQuestions }
        return String(decoding: TmuxPassthrough.wrap(Array((kittyQuery + outerDA1).utf8)), as: UTF8.self) + otherQuestions
    }

    static let outerDA1 = "\u{1B}[c"

    /// DA1 replies that end the wait for `questions(inTmux:passthrough:)`: tmux's and, through
    /// passthrough, the outer terminal's.
    public static func replies(inTmux: Bool, passthrough: Bool) -> Int { inTmux && passthrough ? 2 : 1 }

    /// The default colours (OSC 10 and 11), for the kitty canvas. Asked only of terminals that
    /// the profile names kitty or Ghostty (`TERM`, `KITTY_WINDOW_ID`, `TERM_PROGRAM`): a terminal that does not
    /// know these may show them as text (the Linux console prints an OSC it does not parse).
    static let colorQuestions = "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\"

    public static func asksColors(_ profile: TerminalProfile) -> Bool {
        profile.isOne(of: .kitty, .ghostty)
    }

    /// The id of the start-up file probe (`KittyFileProbe`): whether the terminal reads this
    /// machine's files, the way kitty's own `icat --transfer-mode=detect` finds out.
    public static let fileProbeID = 32

    /// `questions(inTmux:passthrough:)` with the file probe first (it goes where the kitty
    /// query goes: not inside tmux without passthrough).
    public static func questions(inTmux: Bool, passthrough: Bool, fileProbe: KittyFileProbe?) -> String {
        let plain = questions(inTmux: inTmux, passthrough: passthrough)
        guard let fileProbe, !inTmux || passthrough else { return plain }
        let probe = inTmux ? String(decoding: TmuxPassthrough.wrap(Array(fileProbe.question.utf8)), as: UTF8.self)
            : fileProbe.question
        return probe + plain
    }
}

/// What tmux says about the client terminal and passthrough (nil fields: tmux did not say).
public struct TmuxInfo: Sendable, Hashable {
    /// `#{client_termfeatures}`, e.g. ["256", "RGB", "title", "sixel"].
    public var clientFeatures: [String]
    /// `allow-passthrough` is on (or `all`).
    public var passthrough: Bool
    /// `#{client_termname}`: the outer terminal's TERM (e.g. xterm-kitty).
    public var clientTermName: String
    /// `set-clipboard` (on, external, off; tmux 3.3a's default is external): only `on` lets an
    /// application's OSC 52 into tmux's paste buffer (and on to the outer terminal).
    public var setClipboard: String
    /// `#{client_termtype}` (tmux 3.3+): the outer terminal's own name and version from its
    /// XTVERSION answer, e.g. "kitty(0.26.5)"; empty when tmux does not know it.
    public var clientTermType: String

    public init(clientFeatures: [String], passthrough: Bool, clientTermName: String = "", setClipboard: String = "external",
                clientTermType: String = "") {
        self.clientFeatures = clientFeatures
        self.passthrough = passthrough
        self.clientTermName = clientTermName
        self.setClipboard = setClipboard
        self.clientTermType = clientTermType
    }

    public var rgb: Bool { clientFeatures.contains("RGB") }
    /// The client runs in kitty (or a terminal that names itself so): Unicode placeholders work.
    public var outerTerminalIsKitty: Bool { clientTermName.contains("kitty") || clientTermName.contains("ghostty") }

    /// The first kitty that draws Unicode placeholders (U+10EEEE) as pictures: 0.26.5 (Debian
    /// 12's) shows each as an empty box, every picture in tmux lost.
    public static let placeholdersSince = [0, 28, 0]

    /// The outer kitty's version when tmux knows it and it predates `placeholdersSince`
    /// ("0.26.5"); nil for a newer kitty, another terminal or an unknown version.
    public var kittyTooOldForPlaceholders: String? {
        let type = clientTermType.trimmingCharacters(in: .whitespacesAndNewlines)
        guard type.lowercased().hasPrefix("kitty("), type.hasSuffix(")") else { return nil }
        let version = String(type.dropFirst(6).dropLast())
        let parts = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        guard !parts.isEmpty else { return nil }
        let padded = parts + Array(repeating: 0, count: max(0, 3 - parts.count))
        return padded.lexicographicallyPrecedes(Self.placeholdersSince) ? version : nil
    }

    /// Parses `tmux display -p '#{client_termfeatures}'`, `tmux show -gv allow-passthrough` and
    /// `tmux display -p '#{client_termname}'`.
    public static func parse(features: String, passthrough: String, termName: String = "", termType: String = "") -> TmuxInfo {
        let list = features.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        let p = passthrough.trimmingCharacters(in: .whitespacesAndNewlines)
        return TmuxInfo(clientFeatures: list, passthrough: p == "on" || p == "all",
                        clientTermName: termName.trimmingCharacters(in: .whitespacesAndNewlines),
                        clientTermType: termType.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Asks the tmux server of `$TMUX` (read-only commands; settings are never changed).
    public static func query(environment env: [String: String]) -> TmuxInfo? {
        guard env["TMUX"] != nil else { return nil }
        // One `display` for the client's three facts (each tmux run costs a process start).
        guard let client = run(["display", "-p", "#{client_termfeatures}\t#{client_termname}\t#{client_termtype}"], env),
              let passthrough = run(["show", "-gv", "allow-passthrough"], env) ?? Optional("off") else { return nil }
        let facts = client.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func fact(_ i: Int) -> String { i < facts.count ? facts[i] : "" }
        var info = parse(features: fact(0), passthrough: passthrough, termName: fact(1), termType: fact(2))
        if let clipboard = run(["show", "-sv", "set-clipboard"], env) {
            info.setClipboard = clipboard.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return info
    }

    static func run(_ args: [String], _ env: [String: String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux"] + args
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The one command that turns passthrough on (said by `doctor`, never run by us).
    public static let enablePassthroughCommand = "tmux set -g allow-passthrough on"
    /// The one command that lets OSC 52 into tmux's clipboard (said by `doctor`, never run by us).
    public static let enableClipboardCommand = "tmux set -s set-clipboard on"
}
