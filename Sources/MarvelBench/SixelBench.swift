import ArgumentParser
import Foundation
import ImageCore

/// `marvel-bench sixel`: issue 37's sixel target. `marvel-gallery render --graphics sixel` and
/// `chafa -f sixel` draw the same pictures at the same cells, each one child process over the
/// whole batch, on a pty that says its cells are 10x20 px (every tool draws the same pixel box).
/// Runs alternate (ours, chafa, ours, …) so a busy spell falls on both; the figure is the median
/// of the paired ratios, CPU from wait4. Two batches: the photo-sized JPEGs of
/// `../shared/testimages/photos` at 200x59 and the thumbnails at 24x18. The quality side (PSNR as
/// shown in `xterm -ti vt340`) is `scripts/sixel_quality.py`.
struct SixelBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sixel",
        abstract: "sixel render of photos and thumbnails: CPU and bytes against chafa -f sixel, runs alternating.")

    @Option(help: "Folder of photo-sized JPEGs.") var photos: String = "../shared/testimages/photos"
    @Option(help: "Folder of JPEG thumbnails.") var thumbs: String = "../shared/testimages/thumbs"
    @Option(help: "Thumbnails a run (cycled).") var thumbCount: Int = 100
    @Option(help: "Pairs of runs (the medians are printed).") var runs: Int = 7
    @Option(help: "Another marvel-gallery (e.g. the build before a change), run in the same rotation.")
    var baseline: String?
    @Flag(help: "Instead: libsixel's encoder against ours in this process, on the photos' same indexed pixels.")
    var encoders = false
    @OptionGroup var gallery: GalleryExecutable

    func run() throws {
        if encoders { return try compareEncoders() }
        let binary = try gallery.path()
        let chafa = "/usr/bin/chafa"
        guard FileManager.default.isExecutableFile(atPath: chafa) else {
            throw ValidationError("chafa is not installed (apt-get install chafa)")
        }
        let photoFiles = try jpegs(in: photos)
        let thumbNames = try jpegs(in: thumbs)
        let thumbFiles = (0..<thumbCount).map { thumbNames[$0 % thumbNames.count] }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let terminal = PtyChildRun.Terminal()
        print("marvel-bench sixel: on a pty of \(terminal.cols)x\(terminal.rows) cells of \(terminal.cellWidth)x\(terminal.cellHeight) px "
              + "(TIOCGWINSZ; nothing answers), \(runs) alternating runs; CPU = user+sys of the child (wait4)")
        for (label, files, size) in [("photos", photoFiles, "200x59"), ("thumbnails", thumbFiles, "24x18")] {
            var commands: [(String, String, [String])] = [
                ("ours", binary, ["render", "--graphics", "sixel", "--size", size] + files),
                ("chafa", chafa, ["-f", "sixel", "-s", size] + files),
            ]
            if let baseline {
                commands.append(("baseline", baseline, ["render", "--graphics", "sixel", "--size", size] + files))
            }
            var cpu: [String: [Double]] = [:]
            var bytes: [String: Int] = [:]
            for _ in 0..<runs {
                for (name, path, arguments) in commands {
                    let child = try PtyChildRun.run(path, arguments, terminal: terminal, environment: environment)
                    cpu[name, default: []].append(child.cpuSeconds)
                    bytes[name] = child.output.count
                }
            }
            let distinct = Set(files).count
            print("  \(label): \(files.count) pictures (\(distinct) distinct) at \(size) cells")
            for (name, path, arguments) in commands {
                let shown = ([path] + arguments.prefix(arguments.count - files.count)).joined(separator: " ")
                print("    \(name.padding(toLength: 8, withPad: " ", startingAt: 0)) CPU \(String(format: "%6.3f", median(cpu[name] ?? []))) s "
                      + "(\(String(format: "%.1f", median(cpu[name] ?? []) * 1000 / Double(files.count))) ms a picture), "
                      + "\(bytes[name] ?? 0) bytes  `\(shown) FILES`")
            }
            for other in ["chafa", "baseline"] where cpu[other] != nil {
                let ratios = zip(cpu["ours"] ?? [], cpu[other] ?? []).map { $0 / $1 }
                print("    ours ÷ \(other): CPU \(String(format: "%.2f", median(ratios)))x (median of \(ratios.count) paired ratios, "
                      + "\(String(format: "%.2f", ratios.min() ?? 0))-\(String(format: "%.2f", ratios.max() ?? 0))), "
                      + "bytes \(String(format: "%.2f", Double(bytes["ours"] ?? 0) / Double(max(bytes[other] ?? 1, 1))))x")
            }
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("  load average at the end: \(load)")
    }

    /// The encoder alone, thread CPU, median of `runs` rotations: each photo fitted to 200x59 cells
    /// of 10x20 px and matched to its palette as `render` does, then written by libsixel's
    /// `sixel_encode` under each encode policy, by libsixel with half the entries (each index
    /// halved: a cost figure, not a picture), and by `mg_sixel_encode`.
    func compareEncoders() throws {
        let box = PixelBox(cols: 200, rows: 59, cellWidth: 10, cellHeight: 20)
        print("marvel-bench sixel --encoders: \(runs) rotations, thread CPU, median (ms) and bytes")
        for file in try jpegs(in: photos) {
            let image = box.fit(try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))))
            let (palette, indices) = try SixelGraphics.quantized(image)
            let (w, h) = (image.width, image.height)
            let halved = indices.map { $0 >> 1 }
            let candidates: [(String, () throws -> [UInt8])] = [
                ("libsixel AUTO", { try SixelGraphics.libsixelStream(indices: indices, width: w, height: h, palette: palette) }),
                ("libsixel FAST", { try SixelGraphics.libsixelStream(indices: indices, width: w, height: h, palette: palette, policy: .fast) }),
                ("libsixel SIZE", { try SixelGraphics.libsixelStream(indices: indices, width: w, height: h, palette: palette, policy: .size) }),
                ("libsixel 128 entries", {
                    try SixelGraphics.libsixelStream(indices: halved, width: w, height: h, palette: Array(palette.prefix(3 * 128)))
                }),
                ("mg_sixel_encode", { try SixelGraphics.stream(indices: indices, width: w, height: h, palette: palette) }),
            ]
            var times: [String: [Double]] = [:]
            var outputs: [String: [UInt8]] = [:]
            for _ in 0..<runs {
                for (name, encode) in candidates {
                    let start = cpuSeconds()
                    outputs[name] = try encode()
                    times[name, default: []].append(cpuSeconds() - start)
                }
            }
            let same = outputs["mg_sixel_encode"] == outputs["libsixel AUTO"]
            print("  \(URL(fileURLWithPath: file).lastPathComponent) \(w)x\(h) px, \(palette.count / 3) entries; "
                  + "mg_sixel_encode's bytes \(same ? "equal" : "DIFFER FROM") libsixel AUTO's")
            for (name, _) in candidates {
                print("    \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(String(format: "%7.1f", median(times[name] ?? []) * 1000)) ms  "
                      + "\(outputs[name]?.count ?? 0) bytes")
            }
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("  load average at the end: \(load)")
    }

    func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func jpegs(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { throw ValidationError("no .jpg files in \(folder)") }
        return names.map { "\(folder)/\($0)" }
    }

    func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
