import ArgumentParser
import Foundation
import ImageCore
import Settings
import TerminalIO
import TerminalUI

/// `marvel-gallery render FILE...`: prints pictures with the terminal's own pixels (kitty,
/// sixel, iTerm2) or as half-block art.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print images (JPEG, PNG, GIF) with the terminal's pixels or as half-block art.")

    @Argument(help: "Image files to render; - reads one from standard input (curl URL | marvel-gallery render -).",
              completion: .file(extensions: ["jpg", "jpeg", "png", "gif"]))
    var files: [String]

    @Option(help: "Box in cells as COLSxROWS (default: the terminal's width and its height less one row for the prompt; 80x24 when stdout is not a terminal).")
    var size: String?

    @OptionGroup var display: DisplayOptions

    @Option(help: "contain (whole picture) or cover (fill the box, centre-cropped).")
    var fit: String = RenderCommand.defaultFit

    static let defaultFit = "contain"

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
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("- (standard input) can be given once")
        }
        if FitMode(rawValue: fit) == nil {
            throw ValidationError("--fit must be contain or cover, got '\(fit)'")
        }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let config = LoadedConfig.read(environment: env, liveSources: LiveSources.specs)
        try display.checkConfig(config)
        let dither = try display.ditherMethod(config)
        let box = size.flatMap(RenderCommand.parseSize) ?? RenderCommand.terminalBox()
        let output: RenderOutput
        do {
            output = try RenderOutput.decide(request: display.request(config), environment: env)
        } catch {
            throw PlainOutput.failure(error.description)
        }
        let mode = output.colors
        let fitMode = FitMode(rawValue: fit) ?? .contain
        var failures = 0
        // Each picture gets its own kitty image id, from a random start: a transmit under an id
        // kitty already holds replaces that image everywhere it is placed, so with one fixed id
        // `render a.jpg b.jpg` showed b twice and every later `render` redrew the earlier ones.
        let firstID = UInt32.random(in: 1...0x3FFF_FFFF)
        // A kitty on this machine reads each picture from a temporary file (about 100 bytes on
        // the wire instead of the base64 PNG); removed, with whatever it did not read, at the end.
        let sender = output.graphics == .kitty && output.transfer == .file ? KittyFileSender() : nil
        defer { sender?.finish() }
        let kittyFile = sender.map { s in { (png: [UInt8], id: UInt32) in s.transmit(png: png, id: id) } }
        for (index, file) in files.enumerated() {
            let id = firstID &+ UInt32(truncatingIfNeeded: index)
            do {
                let fd = try RenderCommand.openFile(file)
                defer { close(fd) }
                let ansi: [UInt8]
                if output.graphics != .blocks, RenderCommand.isJPEG(fd) {
                    // Streamed from the file at the drawn size: a 4000x6000 photo is never in
                    // memory whole (read whole, peak RSS would be its file size over the 40 MB
                    // target).
                    let pixelBox = PixelBox(cols: box.cols, rows: box.rows, cellWidth: output.cellPixels?.width,
                                            cellHeight: output.cellPixels?.height)
                    let picture = try pixelBox.decodeJPEG(fileDescriptor: fd, fit: fitMode, terminalScales: output.terminalScales)
                    ansi = (try PixelPicture.show(picture, using: output.graphics, id: id, box: pixelBox, kittyFile: kittyFile) ?? [])
                        + [0x0A]
                } else if output.graphics != .blocks {
                    let bytes = try RenderCommand.readAll(fd)
                    let pixelBox = PixelBox(cols: box.cols, rows: box.rows, cellWidth: output.cellPixels?.width,
                                            cellHeight: output.cellPixels?.height)
                    let picture = try pixelBox.decode(bytes, fit: fitMode, terminalScales: output.terminalScales)
                    ansi = (try PixelPicture.show(picture, using: output.graphics, id: id, box: pixelBox, kittyFile: kittyFile) ?? [])
                        + [0x0A]
                } else if linearLight {
                    let bytes = try RenderCommand.readAll(fd)
                    let image = try ImageDecoder.decode(bytes).fittedLinearLight(
                        into: PixelSize(width: box.cols, height: box.rows * 2), mode: fitMode)
                    ansi = HalfBlockEncoder.encode(HalfBlockCells(image: image.dithered(to: mode, method: dither)), mode: mode,
                                                   tolerance: tolerance)
                } else {
                    let bytes = try RenderCommand.readAll(fd)
                    ansi = try Thumbnail.ansi(bytes, cols: box.cols, rows: box.rows, fit: fitMode, colors: mode, dither: dither,
                                              dctScaleMargin: dctScaleMargin, tolerance: tolerance)
                }
                try? TTY.writeUnprocessed(ansi, to: STDOUT_FILENO)
            } catch let ImageError.damaged(format, reason, partial) {
                // Shown (what libjpeg recovered), but said so and counted as a failure. The
                // partial picture is fitted into the box in the same mode as a whole one: it
                // comes at full resolution, and drawn as it came a truncated 1000x872 photo
                // wrote 11.4 MB of half-blocks at --size 80x24 in kitty mode.
                failures += 1
                if let ansi = try? damagedPicture(partial, output: output, box: box, fit: fitMode, id: id, dither: dither,
                                                  kittyFile: kittyFile) {
                    try? TTY.writeUnprocessed(ansi, to: STDOUT_FILENO)
                }
                RenderCommand.report(file, "damaged \(format.rawValue.uppercased()) (shown as far as it decodes): \(reason)")
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

    /// What a damaged file's recovered pixels look like in the box: the same fit and protocol
    /// as a whole picture, so the output is bounded by the box whatever the file's size.
    func damagedPicture(_ partial: RGBImage, output: RenderOutput, box: (cols: Int, rows: Int),
                        fit fitMode: FitMode, id: UInt32, dither: Dither = .diffusion,
                        kittyFile: ((_ png: [UInt8], _ id: UInt32) -> Bool)? = nil) throws -> [UInt8] {
        if output.graphics != .blocks {
            let pixelBox = PixelBox(cols: box.cols, rows: box.rows, cellWidth: output.cellPixels?.width,
                                    cellHeight: output.cellPixels?.height)
            return (try PixelPicture.show(pixelBox.fit(partial, mode: fitMode), using: output.graphics, id: id, box: pixelBox,
                                          kittyFile: kittyFile) ?? [])
                + [0x0A]
        }
        let image = partial.fitted(into: PixelSize(width: box.cols, height: box.rows * 2), mode: fitMode)
        return HalfBlockEncoder.encode(HalfBlockCells(image: image.dithered(to: output.colors, method: dither)), mode: output.colors,
                                       tolerance: tolerance)
    }

    struct FileReadError: Error {
        let reason: String
    }

    /// Files larger than this are refused before reading (Marvel pictures are well under 1 MB).
    static let maxFileBytes = 64 << 20

    /// Reads a whole regular file, bounded by `stat` before reading: a FIFO, device or socket
    /// (e.g. /dev/zero) or a file over `maxFileBytes` gets a clear error, never an endless read.
    /// The error names the OS reason ("No such file or directory", ...).
    static func readFile(_ path: String, limit: Int = maxFileBytes) throws -> [UInt8] {
        let fd = try openFile(path, limit: limit)
        defer { close(fd) }
        return try readAll(fd, limit: limit)
    }

    /// Opens a regular file no larger than `limit` (the checks of `readFile`); the caller closes it.
    static func openFile(_ path: String, limit: Int = maxFileBytes) throws -> Int32 {
        if path == "-" { return try standardInput() }
        // O_NONBLOCK: opening a FIFO without a writer must not hang before fstat can refuse it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(reason: "cannot open: \(String(cString: strerror(errno)))") }
        do {
            try checkRegular(fd, limit: limit)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// `-`: standard input, a pipe or a redirected file (read whole, within the same limit; a
    /// pipe is what `-` is for, so it is not refused as a named FIFO is). A terminal there is
    /// refused: nobody types a JPEG, and reading would wait forever.
    private static func standardInput() throws -> Int32 {
        if isatty(STDIN_FILENO) == 1 {
            throw FileReadError(reason: "standard input is a terminal; pipe a picture into it (curl URL | marvel-gallery render -)")
        }
        let fd = dup(STDIN_FILENO)
        guard fd >= 0 else { throw FileReadError(reason: "cannot read standard input: \(String(cString: strerror(errno)))") }
        return fd
    }

    private static func checkRegular(_ fd: Int32, limit: Int) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(reason: "cannot stat: \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileReadError(reason: "is a directory")
        case S_IFIFO: throw FileReadError(reason: "is a FIFO (pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw FileReadError(reason: "is a device, not a regular file")
        default: throw FileReadError(reason: "is not a regular file")
        }
        if Int(info.st_size) > limit {
            throw FileReadError(reason: "file too large: \(info.st_size) bytes (the limit is \(limit))")
        }
    }

    /// The rest of the open file `fd`, at most `limit` bytes.
    static func readAll(_ fd: Int32, limit: Int = maxFileBytes) throws -> [UInt8] {
        var info = stat()
        _ = fstat(fd, &info)
        // A file that grows while we read is still cut at the limit (+1 to notice it grew).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, max(0, Int(info.st_size))))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(reason: "read error: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw FileReadError(reason: "file too large: over \(limit) bytes") }
        }
        return bytes
    }

    /// Whether the open file starts with a JPEG's SOI marker (read without moving the offset).
    static func isJPEG(_ fd: Int32) -> Bool {
        var magic: [UInt8] = [0, 0, 0]
        return magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 3, 0) } == 3 && ImageFormat.sniff(magic) == .jpeg
    }

    static func report(_ file: String, _ reason: String) {
        try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery render: \(file): \(reason)\n".utf8))
    }

    static func parseSize(_ text: String) -> (cols: Int, rows: Int)? {
        let parts = text.lowercased().split(separator: "x")
        // 1000 x 1000 cells is far beyond any terminal and keeps an upscaled box bounded.
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0,
              c <= 1000, r <= 1000 else { return nil }
        return (c, r)
    }

    /// The terminal size of stdout (`TTY.standardOutputSize`), 80x24 when stdout is not a terminal.
    static func terminalBox() -> (cols: Int, rows: Int) {
        if let size = TTY.standardOutputSize(), size.height > 1 {
            // One line is left for the shell prompt below the picture.
            return (size.width, size.height - 1)
        }
        return (80, 24)
    }
}
