import ArgumentParser
import Foundation
import ImageCore

/// `marvel-gallery render FILE...`: prints pictures as half-block art.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print images (JPEG, PNG, GIF) as half-block terminal art.")

    @Argument(help: "Image files to render.")
    var files: [String]

    @Option(help: "Box in cells as COLSxROWS (default: the terminal's size, 80x24 when not a terminal).")
    var size: String?

    @Option(help: "truecolor, 256 or none (default: none if NO_COLOR is set, else truecolor).")
    var colors: String?

    @Option(help: "contain (whole picture) or cover (fill the box, centre-cropped).")
    var fit: String = "contain"

    /// For measuring DCT-domain scaling against quality (see DecodeOptions.dctScaleMargin).
    @Option(help: .hidden)
    var dctScaleMargin: Double = DecodeOptions.defaultDCTScaleMargin

    func validate() throws {
        if let size, RenderCommand.parseSize(size) == nil {
            throw ValidationError("--size must look like 40x20 (COLSxROWS), got '\(size)'")
        }
        if let colors, ColorMode(rawValue: colors) == nil {
            throw ValidationError("--colors must be truecolor, 256 or none, got '\(colors)'")
        }
        if FitMode(rawValue: fit) == nil {
            throw ValidationError("--fit must be contain or cover, got '\(fit)'")
        }
    }

    func run() throws {
        let box = size.flatMap(RenderCommand.parseSize) ?? RenderCommand.terminalBox()
        let mode = colors.flatMap(ColorMode.init(rawValue:))
            ?? (ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } == true ? .none : .truecolor)
        let fitMode = FitMode(rawValue: fit) ?? .contain
        var failures = 0
        for file in files {
            do {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
                let ansi = try Thumbnail.ansi(bytes, cols: box.cols, rows: box.rows, fit: fitMode, colors: mode,
                                              dctScaleMargin: dctScaleMargin)
                FileHandle.standardOutput.write(Data(ansi))
            } catch let error as ImageError {
                failures += 1
                RenderCommand.report(file, error.description)
            } catch {
                failures += 1
                RenderCommand.report(file, (error as NSError).localizedDescription)
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    static func report(_ file: String, _ reason: String) {
        FileHandle.standardError.write(Data("marvel-gallery render: \(file): \(reason)\n".utf8))
    }

    static func parseSize(_ text: String) -> (cols: Int, rows: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0,
              c <= 10_000, r <= 10_000 else { return nil }
        return (c, r)
    }

    /// The terminal size of stdout (TIOCGWINSZ), 80x24 when stdout is not a terminal.
    static func terminalBox() -> (cols: Int, rows: Int) {
        var ws = winsize()
        if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0,
           ws.ws_col > 0, ws.ws_row > 1 {
            // One line is left for the shell prompt below the picture.
            return (Int(ws.ws_col), Int(ws.ws_row) - 1)
        }
        return (80, 24)
    }
}
