import ArgumentParser
import Foundation
import ImageCore

/// `marvel-gallery render FILE...`: prints pictures as half-block art.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print images (JPEG, PNG, GIF) as half-block terminal art.")

    @Argument(help: "Image files to render.", completion: .file(extensions: ["jpg", "jpeg", "png", "gif"]))
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

    /// For measuring linear-light averaging against the sRGB default.
    @Flag(help: .hidden)
    var linearLight = false

    /// For measuring colour reuse against bytes (see HalfBlockEncoder.defaultTolerance).
    @Option(help: .hidden)
    var tolerance: Int = HalfBlockEncoder.defaultTolerance

    func validate() throws {
        if let size, RenderCommand.parseSize(size) == nil {
            throw ValidationError("--size must look like 40x20 (COLSxROWS, each 1...1000), got '\(size)'")
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
                let bytes = try RenderCommand.readFile(file)
                let ansi: [UInt8]
                if linearLight {
                    let image = try ImageDecoder.decode(bytes).fittedLinearLight(
                        into: PixelSize(width: box.cols, height: box.rows * 2), mode: fitMode)
                    ansi = HalfBlockEncoder.encode(HalfBlockCells(image: image), mode: mode, tolerance: tolerance)
                } else {
                    ansi = try Thumbnail.ansi(bytes, cols: box.cols, rows: box.rows, fit: fitMode, colors: mode,
                                              dctScaleMargin: dctScaleMargin, tolerance: tolerance)
                }
                FileHandle.standardOutput.write(Data(ansi))
            } catch let error as ImageError {
                failures += 1
                RenderCommand.report(file, error.description)
            } catch let error as FileReadError {
                failures += 1
                RenderCommand.report(file, error.reason)
            } catch {
                failures += 1
                RenderCommand.report(file, "\(error)")
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    struct FileReadError: Error {
        let reason: String
    }

    /// Reads a whole file; the error names the OS reason ("No such file or directory", ...).
    static func readFile(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FileReadError(reason: "is a directory")
        }
        guard let handle = fopen(path, "rb") else {
            throw FileReadError(reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(handle) != 0 { throw FileReadError(reason: "read error: \(String(cString: strerror(errno)))") }
                break
            }
        }
        return bytes
    }

    static func report(_ file: String, _ reason: String) {
        FileHandle.standardError.write(Data("marvel-gallery render: \(file): \(reason)\n".utf8))
    }

    static func parseSize(_ text: String) -> (cols: Int, rows: Int)? {
        let parts = text.lowercased().split(separator: "x")
        // 1000 x 1000 cells is far beyond any terminal and keeps an upscaled box bounded.
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0,
              c <= 1000, r <= 1000 else { return nil }
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
