import Foundation
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
    public static func questions(inTmux: Bool, passthrough: Bool) -> String {
        guard inTmux else { return questions }
        guard passthrough else { return otherQuestions }
        return String(decoding: TmuxPassthrough.wrap(Array(kittyQuery.utf8)), as: UTF8.self) + otherQuestions
    }

    /// The default colours (OSC 10 and 11), for the kitty canvas. Asked only of terminals that
    /// name themselves kitty or Ghostty (`TERM`, `KITTY_WINDOW_ID`): a terminal that does not
    /// know these may show them as text (the Linux console prints an OSC it does not parse).
    static let colorQuestions = "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\"

    public static func asksColors(environment env: [String: String]) -> Bool {
        let term = env["TERM"] ?? ""
        return term == "xterm-kitty" || term == "xterm-ghostty" || env["KITTY_WINDOW_ID"] != nil
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

    public init(clientFeatures: [String], passthrough: Bool, clientTermName: String = "", setClipboard: String = "external") {
        self.clientFeatures = clientFeatures
        self.passthrough = passthrough
        self.clientTermName = clientTermName
        self.setClipboard = setClipboard
    }

    public var rgb: Bool { clientFeatures.contains("RGB") }
    /// The client runs in kitty (or a terminal that names itself so): Unicode placeholders work.
    public var outerTerminalIsKitty: Bool { clientTermName.contains("kitty") || clientTermName.contains("ghostty") }

    /// Parses `tmux display -p '#{client_termfeatures}'`, `tmux show -gv allow-passthrough` and
    /// `tmux display -p '#{client_termname}'`.
    public static func parse(features: String, passthrough: String, termName: String = "") -> TmuxInfo {
        let list = features.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        let p = passthrough.trimmingCharacters(in: .whitespacesAndNewlines)
        return TmuxInfo(clientFeatures: list, passthrough: p == "on" || p == "all",
                        clientTermName: termName.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Asks the tmux server of `$TMUX` (read-only commands; settings are never changed).
    public static func query(environment env: [String: String]) -> TmuxInfo? {
        guard env["TMUX"] != nil else { return nil }
        guard let features = run(["display", "-p", "#{client_termfeatures}"], env),
              let passthrough = run(["show", "-gv", "allow-passthrough"], env) ?? Optional("off") else { return nil }
        let termName = run(["display", "-p", "#{client_termname}"], env) ?? ""
        var info = parse(features: features, passthrough: passthrough, termName: termName)
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
