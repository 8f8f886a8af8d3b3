import Foundation
import TerminalUI

/// What `marvel-gallery doctor` prints: what was detected and what was chosen, as label/value
/// lines a user can paste into a bug report. Terminal queries run in raw mode with a short
/// timeout; their replies are consumed and flushed, never echoed to the shell.
public struct DoctorReport: Sendable {
    public var lines: [(label: String, value: String)] = []

    public static func collect(environment env: [String: String] = ProcessInfo.processInfo.environment,
                               queryTimeoutMilliseconds: Int = 200,
                               request: DisplayRequest = DisplayRequest(),
                               libraries: [(name: String, version: String)] = [],
                               directories: [(label: String, path: String)] = []) throws(DisplaySettingError) -> DoctorReport {
        var r = DoctorReport()
        let stdinTTY = isatty(STDIN_FILENO) == 1, stdoutTTY = isatty(STDOUT_FILENO) == 1
        // `doctor > report.txt` (for a bug report) still describes the terminal the user sits
        // at: with stdout not a terminal, the controlling terminal is asked (questions and
        // answers on /dev/tty), with the same budgets and late-answer wait.
        var why = ""
        let tty: TTY?
        do {
            tty = stdoutTTY ? try TTY.open() : try TTY.openControlling()
        } catch TerminalIOError.notATerminal {
            tty = nil
        } catch {
            (tty, why) = (nil, "\(error)")
        }
        let detection = try CapabilityDetection.detect(tty: tty, environment: env, request: request,
                                                       timeoutMilliseconds: min(queryTimeoutMilliseconds, 150),
                                                       lateAnswersMilliseconds: CapabilityDetection.lateAnswersWait)
        let caps = detection.capabilities
        r.add("stdin", stdinTTY ? "terminal" : "not a terminal")
        r.add("stdout", stdoutTTY ? "terminal" : "not a terminal")
        r.add("terminal probed", Self.probed(tty, stdoutTTY: stdoutTTY, why: why))
        r.add("keys read from", tty.map { _ in stdinTTY ? "stdin" : "/dev/tty" } ?? "no terminal available")
        r.add("TERM", env["TERM"] ?? "(unset)")
        r.add("COLORTERM", env["COLORTERM"] ?? "(unset)")
        r.add("NO_COLOR", env["NO_COLOR"].map { $0.isEmpty ? "(set, empty: ignored)" : $0 } ?? "(unset)")
        for name in ["TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE", "TMUX",
                     DisplaySettings.colorsVariable, DisplaySettings.graphicsVariable, DisplaySettings.graphicsTransferVariable] {
            r.add(name, env[name] ?? "(unset)")
        }
        r.add("inside tmux", caps.inTmux ? "yes" : "no")
        if let tmux = detection.tmux {
            r.add("tmux client features", tmux.clientFeatures.isEmpty ? "(none)" : tmux.clientFeatures.joined(separator: ","))
            r.add("tmux client terminal", (tmux.clientTermName.isEmpty ? "(unknown)" : tmux.clientTermName)
                + (tmux.clientTermType.isEmpty ? "" : " (\(tmux.clientTermType))"))
            r.add("tmux allow-passthrough",
                  tmux.passthrough ? "on" : "off (pixel pictures need it: \(TmuxInfo.enablePassthroughCommand))")
        } else if caps.inTmux {
            r.add("tmux", "did not answer (tmux not on PATH or another server)")
        }
        r.add("inside screen", caps.inScreen ? "yes" : "no")
        r.add("over ssh", caps.overSSH ? "yes" : "no")
        r.addAnswers(detection.answers)
        r.add("cell size", caps.cellPixels.map {
            TerminalLimits.describe($0, reported: detection.answers?.reportedCellPixels ?? $0, unit: "px")
        } ?? "unknown")
        r.add("colour depth", "\(Self.colorName(caps.colorDepth)) (\(caps.colorReason))")
        r.add("graphics", "\(caps.graphics.rawValue) (\(caps.graphicsReason))")
        r.add("graphics transfer", "\(caps.graphicsTransfer.rawValue) (\(caps.graphicsTransferReason))")
        r.add("pictures scroll", caps.pictureScrollReason)
        r.add("full-screen UI", !caps.interactive ? "no (plain output)"
              : stdoutTTY ? "yes" : "yes on this terminal (data commands with stdout redirected print plain text)")
        r.add("clipboard (y/Y, OSC 52)", ClipboardReach.describe(profile: detection.profile, tmux: detection.tmux,
                                                               interactive: caps.interactive))

        var sync: String = caps.synchronizedOutput ? "yes (known terminal)" : "unknown"
        if let tty {
            let (cells, pixels) = tty.windowSize()
            let reported = tty.reportedWindowSize()
            var pixelText = pixels.map { TerminalLimits.describe($0, reported: reported.pixels ?? $0, unit: "px") + " (ioctl)" }
                ?? "not reported by ioctl"
            // Ask the terminal itself (raw mode) when it is interactive and answered DA1 at
            // start-up: its DA1 reply ends each wait, a slow one is waited for (not echoed
            // after raw mode ends), a silent one is not asked again.
            let answersDA1 = detection.answers?.deviceAttributes != nil
            let wait = max(queryTimeoutMilliseconds, CapabilityDetection.lateAnswersWait)
            if caps.interactive, answersDA1, (try? RawMode.enable(tty)) != nil {
                if pixels == nil, let p = TerminalQuery.pixelSize(tty, timeoutMilliseconds: wait) {
                    pixelText = "\(p.width)x\(p.height) px (CSI 14 t)"
                }
                switch TerminalQuery.synchronizedOutput(tty, timeoutMilliseconds: wait) {
                case true?: sync = "yes (terminal answered DECRQM 2026)"
                case false?: sync = "no (terminal answered DECRQM 2026)"
                case nil: sync = caps.synchronizedOutput ? sync : "no answer to DECRQM 2026: off"
                }
                RawMode.restore()
            }
            r.add("window size", "\(TerminalLimits.describe(cells, reported: reported.cells, unit: "cells")), \(pixelText)")
            tty.close()
        } else {
            r.add("window size", "unknown (no terminal)")
        }
        r.add("synchronized output", sync)
        let locale = env["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? env["LANG"] ?? "(unset)"
        let utf8 = locale.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
        r.add("locale", "\(locale)\(utf8 ? "" : " (not UTF-8: wide characters may misalign)")")
        // The directories belong to the layers that read them (the caller names them).
        for directory in directories { r.add(directory.label, directory.path) }
        // The C libraries' versions come from the layers that link them (the caller asks them).
        for library in libraries { r.add(library.name, library.version.isEmpty ? "unknown" : library.version) }
        return r
    }

    /// Which device the terminal lines describe, or why none was asked (one line).
    static func probed(_ tty: TTY?, stdoutTTY: Bool, why: String) -> String {
        guard let tty else {
            return (why.isEmpty ? "none: no controlling terminal (setsid, CI, a service)" : "none: \(why)")
                + "; the lines below come from the environment only"
        }
        let device = tty.deviceName.map { " (\($0))" } ?? ""
        return stdoutTTY ? "stdout\(device)" : "/dev/tty\(device), stdout being a file or pipe"
    }

    /// Every answer to the start-up questions, or why there are none.
    mutating func addAnswers(_ answers: TerminalAnswers?) {
        guard let a = answers else {
            add("terminal answers", "not asked (not an interactive terminal)")
            return
        }
        guard let da = a.deviceAttributes else {
            add("terminal answers", "none within 150 ms (DA1 unanswered): half-blocks")
            return
        }
        add("DA1", da.map(String.init).joined(separator: ";") + (a.sixel ? " (sixel)" : " (no sixel)"))
        add("XTVERSION", a.version ?? "(no answer)")
        add("kitty graphics query", a.kittyGraphics ? "OK" : "no answer")
        add("kitty file probe (t=t)", a.kittyFileRead.map { $0 ? (a.kittyFileDeleted ? "OK, file deleted by the terminal" : "OK, file left")
            : "error: \(a.kittyFileError ?? "")" } ?? "no answer")
        add("XTGETTCAP RGB/Tc", a.rgbCapability ? "present" : "absent or no answer")
        add("DECRQSS direct colour", a.directColorRoundTrip ? "echoed" : "not echoed")
    }

    static func colorName(_ depth: ColorDepth) -> String {
        switch depth {
        case .truecolor: return "truecolor"
        case .ansi256: return "256"
        case .ansi16: return "16"
        case .none: return "none"
        }
    }

    mutating func add(_ label: String, _ value: String) {
        lines.append((label, Sanitizer.clean(value)))
    }

    /// Aligned "label: value" lines.
    public var text: String {
        let w = lines.map(\.label.count).max() ?? 0
        return lines.map { $0.label.padding(toLength: w, withPad: " ", startingAt: 0) + "  " + $0.value }
            .joined(separator: "\n")
    }
}
