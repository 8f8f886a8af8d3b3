import ArgumentParser
import Foundation
import ImageCore

/// `marvel-bench thumbnails`: decode + fit + half-block encode throughput on one core, bytes per
/// thumbnail, and chafa/timg whole-process rates on the same batch (when installed).
struct ThumbnailBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Thumbnail rate and size vs chafa/timg over ../shared/testimages/thumbs/*.jpg.")

    @Option(help: "Folder of JPEG thumbnails.")
    var dir: String = "../shared/testimages/thumbs"

    @Option(help: "Files in the batch (the folder's files repeated).")
    var batch: Int = 100

    @Option(help: "Timed in-process passes over the batch (best kept).")
    var passes: Int = 5

    @Option(help: "Comma-separated COLSxROWS sizes.")
    var sizes: String = "24x18,48x36"

    @Option(help: "DCT scaling margin (decoded size >= margin x target); 'inf' disables scaling.")
    var dctMargin: Double = DecodeOptions.defaultDCTScaleMargin

    @Flag(help: "Skip the chafa/timg/marvel-gallery process runs.")
    var noExternal = false

    func run() throws {
        let folder = URL(fileURLWithPath: dir)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { throw ValidationError("no .jpg files in \(folder.path)") }
        let paths = (0..<batch).map { folder.appendingPathComponent(names[$0 % names.count]).path }
        let files = try paths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        print("batch: \(batch) files from \(names.count) distinct in \(folder.path); dct margin \(dctMargin)")
        for size in sizes.split(separator: ",") {
            let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw ValidationError("bad size \(size)") }
            try bench(files: files, paths: paths, cols: parts[0], rows: parts[1])
        }
    }

    func bench(files: [[UInt8]], paths: [String], cols: Int, rows: Int) throws {
        let box = PixelSize(width: cols, height: rows * 2)
        var options = DecodeOptions(targetSize: box)
        options.dctScaleMargin = dctMargin
        var bytes = [Int](repeating: 0, count: files.count)
        var best = Double.infinity, bestDecode = Double.infinity, bestFit = Double.infinity
        var bestCells = Double.infinity, bestEncode = Double.infinity
        for _ in 0..<max(passes, 1) {
            let t0 = cpuNanoseconds()
            for (i, file) in files.enumerated() {
                let image = try ImageDecoder.decode(file, options: options).fitted(into: box, mode: .contain)
                bytes[i] = HalfBlockEncoder.encode(HalfBlockCells(image: image), mode: .truecolor).count
            }
            let t1 = cpuNanoseconds()
            var decoded: [RGBImage] = []
            for file in files { decoded.append(try ImageDecoder.decode(file, options: options)) }
            let t2 = cpuNanoseconds()
            let fitted = decoded.map { $0.fitted(into: box, mode: .contain) }
            let t3 = cpuNanoseconds()
            let cells = fitted.map { HalfBlockCells(image: $0) }
            let t4 = cpuNanoseconds()
            for c in cells { _ = HalfBlockEncoder.encode(c, mode: .truecolor) }
            let t5 = cpuNanoseconds()
            best = min(best, Double(t1 - t0) / 1e9)
            bestDecode = min(bestDecode, Double(t2 - t1) / 1e9)
            bestFit = min(bestFit, Double(t3 - t2) / 1e9)
            bestCells = min(bestCells, Double(t4 - t3) / 1e9)
            bestEncode = min(bestEncode, Double(t5 - t4) / 1e9)
        }
        let n = Double(files.count)
        let rate = n / best
        let meanBytes = Double(bytes.reduce(0, +)) / n
        print(String(format: "%dx%d marvel-gallery (in-process, 1 core, thread CPU time): %.0f thumbnails/s, %.3f ms/thumbnail, %.0f bytes/thumbnail",
                     cols, rows, rate, 1000 * best / n, meanBytes))
        print(String(format: "    phases alone: decode %.3f ms, fit %.3f ms, cells %.3f ms, ANSI encode %.3f ms",
                     1000 * bestDecode / n, 1000 * bestFit / n, 1000 * bestCells / n, 1000 * bestEncode / n))
        // Per source size (the budget is stated for 300x450 Marvel portrait_uncanny files).
        var groups: [PixelSize: [[UInt8]]] = [:]
        for file in files { groups[try ImageDecoder.probe(file).size, default: []].append(file) }
        for (size, group) in groups.sorted(by: { $0.key.width * $0.key.height > $1.key.width * $1.key.height }) {
            var bestGroup = Double.infinity
            for _ in 0..<max(passes, 1) {
                let t0 = cpuNanoseconds()
                for file in group {
                    let image = try ImageDecoder.decode(file, options: options).fitted(into: box, mode: .contain)
                    _ = HalfBlockEncoder.encode(HalfBlockCells(image: image), mode: .truecolor)
                }
                bestGroup = min(bestGroup, Double(cpuNanoseconds() - t0) / 1e9)
            }
            print(String(format: "    %@ sources (%d files): %.3f ms/thumbnail decode+fit+encode",
                         size.description, group.count, 1000 * bestGroup / Double(group.count)))
        }
        guard !noExternal else { return }
        let own = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("marvel-gallery").path
        var tools: [(String, String, [String])] = []
        if let own, FileManager.default.isExecutableFile(atPath: own) {
            tools.append(("marvel-gallery render", own, ["render", "--size", "\(cols)x\(rows)"]))
        }
        if let chafa = which("chafa") {
            tools.append(("chafa vhalf", chafa, ["-f", "symbols", "--symbols", "vhalf", "-c", "full",
                                                  "-s", "\(cols)x\(rows)", "--animate", "off", "--threads", "1"]))
        }
        if let timg = which("timg") {
            tools.append(("timg -ph", timg, ["-ph", "-g\(cols)x\(rows)", "--threads=1", "--frames=1"]))
        }
        // Each tool twice: one process over the whole batch (its throughput) and one process
        // per file (start-up included, and per-file byte counts to compare with ours).
        var ownBatchRate: Double?
        for (label, exe, args) in tools {
            let t0 = wallNanoseconds()
            _ = try runProcess(exe, args + paths)
            let batchRate = n / (Double(wallNanoseconds() - t0) / 1e9)
            var perFile = [Int]()
            let t1 = wallNanoseconds()
            for path in paths { perFile.append(try runProcess(exe, args + [path])) }
            let perFileRate = n / (Double(wallNanoseconds() - t1) / 1e9)
            let total = perFile.reduce(0, +)
            let worst = zip(bytes, perFile).map { Double($0) / Double(max($1, 1)) }.max() ?? 0
            if label.hasPrefix("marvel-gallery") { ownBatchRate = batchRate }
            var line = String(format: "%dx%d %@ (wall): %.0f thumbnails/s in one process over the batch, %.0f/s as a process per file, %.0f bytes/thumbnail",
                              cols, rows, label, batchRate, perFileRate, Double(total) / n)
            line += "\n    command: \(exe) \(args.joined(separator: " ")) FILE..."
            if !label.hasPrefix("marvel-gallery") {
                // Whole process against whole process first; the in-process loop (one thread's
                // CPU, no process start, no output) against a whole process is not like for like.
                if let own = ownBatchRate { line += String(format: "\n    ratios: our render process %.1fx its rate (whole processes, wall)", own / batchRate) }
                line += String(format: "\n    ours in-process (thread CPU) %.1fx its whole-process rate: not like for like", rate / batchRate)
                line += String(format: "\n    our bytes %.3fx its mean, worst file %.3fx", meanBytes / (Double(total) / n), worst)
            }
            print(line)
        }
    }

    /// CPU time of this thread: "one core" figures that other load on the machine distorts less
    /// than wall time (external tools are timed by wall clock, process start included).
    func cpuNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    func wallNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a renderer with a truecolor environment; returns the bytes it wrote to stdout.
    func runProcess(_ exe: String, _ args: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["COLORTERM"] = "truecolor"
        env["TERM"] = "xterm-256color"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.count
    }
}
