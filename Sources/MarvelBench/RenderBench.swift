import ArgumentParser
import CDeflate
import Foundation
import ImageCore
import PictureProtocols
import TerminalUI

/// `marvel-bench render`: issue 23's kitty target in one run. The same `count` thumbnails are
/// drawn at `size` cells by the real `marvel-gallery render --graphics kitty`, by `timg -pk` and
/// by `chafa -f kitty` (child processes, CPU from wait4's rusage, bytes written to stdout), so the
/// ratios hold on a busy machine: on a pty that says its cell size (every tool draws the same
/// pixel box, as in a terminal; the target) and off a terminal, where each guesses its own (chafa
/// sends 8x8 pixels a cell there, kitty stretching them 2x tall: a third of our 10x20); then the per-picture encode cost of each payload kitty and
/// iTerm2 could get (PNG at libpng's default level, as before issue 23; fast PNGs; zlib RGB;
/// JPEG q85), in process; and what decoding at the drawn size costs in agreement.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "kitty render of N thumbnails: CPU and bytes against timg -pk and chafa; encode cost per payload.")

    @Option(help: "Folder of JPEG thumbnails, cycled to --count files.") var images: String = "../shared/testimages/thumbs"
    @Option(help: "Pictures per run.") var count: Int = 100
    @Option(help: "Box in cells, COLSxROWS.") var size: String = "24x18"
    @Option(help: "Runs of each command (the median is printed).") var runs: Int = 5
    @OptionGroup var gallery: GalleryExecutable

    func run() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { throw ValidationError("no .jpg files in \(images)") }
        let files = (0..<count).map { "\(images)/\(names[$0 % names.count])" }
        let binary = try gallery.path()
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--size must look like 24x18") }
        print("marvel-bench render: \(count) pictures (\(names.count) distinct from \(images)) at \(size) cells, kitty, "
              + "median of \(runs) runs; CPU = user+sys of the child")
        let commands: [(String, String, [String])] = [
            // Streamed (`t=d`): the SSH case, where every byte crosses the link (a kitty on this
            // machine reads temporary files instead, about 100 B a picture).
            ("marvel-gallery", binary, ["render", "--graphics", "kitty", "--graphics-transfer", "stream", "--size", size] + files),
            ("timg -pk", "/usr/bin/timg", ["-pk", "-g\(size)"] + files),
            ("chafa -f kitty", "/usr/bin/chafa", ["-f", "kitty", "-s", size] + files),
        ]
        // On a pty that says its cells are 10x20 pixels (the issue's target: every tool draws
        // the same pixel box, as in a terminal), then off a terminal (each tool's own guess).
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let terminal = PtyChildRun.Terminal()
        print("  on a pty of \(terminal.cols)x\(terminal.rows) cells of \(terminal.cellWidth)x\(terminal.cellHeight) px "
              + "(TIOCGWINSZ; nothing answers the tools' questions), all streamed: THE TARGET")
        let target = compare(commands) { try PtyChildRun.run($0, $1, terminal: terminal, environment: environment) }
        if let target {
            print("    target (issue 23): CPU ≤ 1.0× timg -pk: \(String(format: "%.2f", target.cpuVersusTimg))× "
                  + "\(target.cpuVersusTimg <= 1 ? "met" : "NOT met"); bytes ≤ chafa's: "
                  + "\(String(format: "%.2f", target.bytesVersusChafa))× \(target.bytesVersusChafa <= 1 ? "met" : "NOT met")")
        }
        print("  off a terminal (stdout a file; each tool picks its own pixel size for \(size) cells):")
        _ = compare(commands) { try ChildRun.run($0, $1) }
        try encodeCosts(files: Array(Set(files)).sorted(), cols: parts[0], rows: parts[1])
        try drawnSizeDecodes(cols: parts[0], rows: parts[1])
    }

    /// Runs each command `runs` times through `run`, in turn (one run of each, then the next
    /// round, so a busy spell of the machine falls on all of them); prints the median CPU, the
    /// bytes and the pixels they carry, and marvel-gallery's ratios to the others (nil without
    /// timg and chafa).
    func compare(_ commands: [(String, String, [String])],
                 run: (String, [String]) throws -> (cpuSeconds: Double, output: [UInt8]))
        -> (cpuVersusTimg: Double, bytesVersusChafa: Double)? {
        var results: [String: (cpu: Double, bytes: Int, pixels: Int)] = [:]
        let present = commands.filter { FileManager.default.isExecutableFile(atPath: $0.1) }
        for (name, path, _) in commands where !present.contains(where: { $0.1 == path }) {
            print("    \(name): not installed (apt-get install timg chafa), skipped")
        }
        var cpus: [String: [Double]] = [:], outputs: [String: (bytes: Int, pixels: Int)] = [:]
        for _ in 0..<runs {
            for (name, path, arguments) in present {
                guard let child = try? run(path, arguments) else { continue }
                cpus[name, default: []].append(child.cpuSeconds)
                outputs[name] = (child.output.count, KittyStream.pixels(child.output))
            }
        }
        for (name, _, _) in present {
            guard let times = cpus[name], let (bytes, pixels) = outputs[name] else { continue }
            let cpu = times.sorted()[times.count / 2]
            results[name] = (cpu, bytes, pixels)
            print("    \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) CPU \(String(format: "%7.3f", cpu)) s "
                  + "(\(String(format: "%.2f", cpu * 1000 / Double(count))) ms a picture)  \(bytes) bytes for \(pixels) pixels "
                  + "(\(String(format: "%.2f", Double(bytes) / Double(max(pixels, 1)))) bytes a pixel)")
        }
        guard let ours = results["marvel-gallery"] else { return nil }
        for other in ["timg -pk", "chafa -f kitty"] {
            guard let them = results[other] else { continue }
            let perPixel = (Double(ours.bytes) / Double(max(ours.pixels, 1))) / (Double(them.bytes) / Double(max(them.pixels, 1)))
            print("    marvel-gallery ÷ \(other): CPU \(String(format: "%.2f", ours.cpu / them.cpu))×, "
                  + "bytes \(String(format: "%.2f", Double(ours.bytes) / Double(them.bytes)))× "
                  + "(\(String(format: "%.2f", perPixel))× a pixel)")
        }
        guard let timg = results["timg -pk"], let chafa = results["chafa -f kitty"] else { return nil }
        return (ours.cpu / timg.cpu, Double(ours.bytes) / Double(chafa.bytes))
    }

    /// Per-picture encode cost and size of each payload, for the pictures as `render` fits them.
    func encodeCosts(files: [String], cols: Int, rows: Int) throws {
        let box = PixelBox(cols: cols, rows: rows, cellWidth: nil, cellHeight: nil)
        let pictures = try files.map { box.fit(try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))))) }
        let pixels = pictures.reduce(0) { $0 + $1.width * $1.height }
        print("  encode per picture (\(pictures.count) pictures fitted to \(box.size) px, \(pixels / pictures.count) px each, "
              + "best of 5):")
        let encoders: [(String, (RGBImage) throws -> [UInt8])] = [
            ("PNG, libpng default level (before 23)", { try ImageEncoder.png($0) }),
            ("PNG libpng L1, up, Z_RLE (before)", { try ImageEncoder.png($0, level: 1, filter: .up, runLength: true) }),
            ("PNG libpng L1, up", { try ImageEncoder.png($0, level: 1, filter: .up) }),
            ("PNG libpng L1, sub", { try ImageEncoder.png($0, level: 1, filter: .sub) }),
            ("PNG libpng L1, none", { try ImageEncoder.png($0, level: 1, filter: .none) }),
            ("PNG libpng L1, adaptive (all filters)", { try ImageEncoder.png($0, level: 1, filter: .all) }),
            ("PNG libpng L0 stored (timg 1.4.5)", { try ImageEncoder.png($0, level: 0, filter: .none) }),
            ("PNG up, ISA-L igzip L1 (kitty, now)", { try TerminalImages.kittyPNG($0) }),
            ("zlib RGB L1 (f=24,o=z)", { RGBImage.zlib($0, level: 1) }),
            ("zlib RGB L2", { RGBImage.zlib($0, level: 2) }),
            ("zlib RGB L6", { RGBImage.zlib($0, level: 6) }),
            ("zlib RGBA L1 (f=32,o=z)", { RGBImage.zlib(RGBImage.rgba($0), level: 1) }),
            ("raw RGB, no compression (f=24)", { $0.pixels }),
            ("raw RGBA, no compression (chafa f=32)", { RGBImage.rgba($0) }),
            ("JPEG q85 4:2:0", { try ImageEncoder.jpeg($0, quality: 85) }),
            ("JPEG q85 4:4:4 (iTerm2)", { try ImageEncoder.jpeg($0, quality: 85, fullChroma: true) }),
            ("kitty command (PNG + base64 chunks)", { KittyGraphics.transmitAndShow(png: try TerminalImages.kittyPNG($0), id: 1) }),
        ]
        for (name, encode) in encoders {
            var best = Double.infinity, bytes = 0
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                bytes = try pictures.reduce(0) { $0 + (try encode($1)).count }
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            let n = Double(pictures.count)
            print("    \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(String(format: "%7.2f", best / n)) ms  "
                  + "\(String(format: "%8.0f", Double(bytes) / n)) bytes (base64 \(String(format: "%.0f", Double(bytes) / n * 4 / 3)))")
        }
    }
}

extension RenderBench {
    /// Decode at the drawn size (`PixelBox.decode`): for the larger photos beside the thumbnails,
    /// the decoded size, time and agreement (PSNR) with a full decode fitted the same way, per
    /// DCT margin. The pixel modes use `PixelBox.dctScaleMargin`.
    func drawnSizeDecodes(cols: Int, rows: Int) throws {
        let folder = URL(fileURLWithPath: images).deletingLastPathComponent().appendingPathComponent("photos").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !files.isEmpty else { return }
        print("  decode at the drawn size (pixel modes use margin \(PixelBox.dctScaleMargin)), JPEGs in \(folder):")
        for (c, r) in [(cols, rows), (16, 12), (8, 6)] {
            let box = PixelBox(cols: c, rows: r, cellWidth: nil, cellHeight: nil)
            for file in files {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)")))
                let full = box.fit(try ImageDecoder.decode(bytes))
                var line = "    \(file) into \(box.size):"
                for margin in [1.0, 2.0, 4.0] {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let decoded = try ImageDecoder.decode(bytes, options: box.decodeOptions(margin: margin))
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    let fitted = box.fit(decoded)
                    let score = fitted.width == full.width && fitted.height == full.height
                        ? String(format: "%.1f dB", Self.psnr(fitted.pixels, full.pixels)) : "(fits to \(fitted.width)x\(fitted.height))"
                    line += " m\(Int(margin)) \(decoded.width)x\(decoded.height) \(String(format: "%.1f", ms)) ms \(score);"
                }
                print(line)
            }
        }
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for i in 0..<a.count {
            let d = Double(Int(a[i]) - Int(b[i]))
            sum += d * d
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }
}

extension RGBImage {
    /// The RGB rows as one zlib stream, kitty's `f=24,o=z` (through the CDeflate shim).
    static func zlib(_ image: RGBImage, level: Int32) -> [UInt8] { zlib(image.pixels, level: level) }

    /// Bytes as one zlib stream (`o=z`).
    static func zlib(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: mg_zlib_bound(bytes.count))
        let n = bytes.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { mg_zlib_compress(px.baseAddress, px.count, level, $0.baseAddress, $0.count) }
        }
        return Array(out[0..<n])
    }

    /// The picture as uncompressed RGBA, what chafa sends (`f=32`).
    static func rgba(_ image: RGBImage) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(image.width * image.height * 4)
        for i in stride(from: 0, to: image.pixels.count, by: 3) {
            out.append(image.pixels[i]); out.append(image.pixels[i + 1]); out.append(image.pixels[i + 2]); out.append(255)
        }
        return out
    }
}

/// A child process run to its end: its CPU (user + sys, from wait4) and the bytes it wrote to
/// stdout (a scratch file, so nothing is lost to a slow reader).
enum ChildRun {
    static func run(_ path: String, _ arguments: [String]) throws -> (cpuSeconds: Double, output: [UInt8]) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("marvel-bench-render-\(getpid()).out").path
        defer { unlink(out) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw ValidationError("cannot start \(path): \(String(cString: strerror(status)))") }
        var exitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exitStatus, 0, &usage) == -1 && errno == EINTR {}
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return (cpu, (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))) ?? [])
    }
}

/// The pixels a kitty stream carries: each picture's `s=`/`v=` keys, or a PNG's own header.
enum KittyStream {
    static func pixels(_ stream: [UInt8]) -> Int {
        let text = String(decoding: stream, as: UTF8.self)
        var total = 0
        for command in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            let parts = command.split(separator: ";", maxSplits: 1)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            guard keys["a"] == "T" || keys["a"] == "t" else { continue }
            if let w = keys["s"].flatMap({ Int($0) }), let h = keys["v"].flatMap({ Int($0) }) {
                total += w * h
            } else if parts.count == 2, let head = Data(base64Encoded: String(parts[1].prefix(32))), head.count >= 24 {
                // PNG: the IHDR's width and height, big-endian, at bytes 16 and 20.
                let b = [UInt8](head)
                let w = Int(b[16]) << 24 | Int(b[17]) << 16 | Int(b[18]) << 8 | Int(b[19])
                let h = Int(b[20]) << 24 | Int(b[21]) << 16 | Int(b[22]) << 8 | Int(b[23])
                total += w * h
            }
        }
        return total
    }
}
