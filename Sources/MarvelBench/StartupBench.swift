import ArgumentParser
import Catalog
import CatalogServer
import EmbeddedCatalogFile
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `marvel-bench startup`: time from process start to the first complete grid (every visible
/// tile drawn with its picture or its placeholder) of `marvel-gallery characters`, cold (empty
/// image cache) and warm (cache filled by a previous run), with the catalog server at 0 and
/// 50 ms latency per request; and the built-in catalog on a true first launch (an empty
/// `XDG_CACHE_HOME`: the package build's ready catalog file is installed), and once more with
/// the runtime build (a copy of the fixtures under another VERSION, which the ready file does
/// not match, so the import runs as it does for `MARVEL_GALLERY_FIXTURES`). Each run is a
/// fresh process drawing off-screen (`--headless`); the clock runs from just before spawning it
/// to its "grid-complete" line, printed when every tile on screen has its picture.
/// Target: first launch <= 2.5 x a warm launch.
struct StartupBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup", abstract: "Startup to first complete grid of the characters gallery.")

    @OptionGroup var gallery: GalleryExecutable

    @Option(help: "Runs per case (the median is reported).")
    var runs = 5

    @Option(help: "Screen size drawn, WIDTHxHEIGHT.")
    var size = "120x40"

    @Option(help: "Server latencies to measure, in ms, comma separated.")
    var latencies = "0,50"

    func run() async throws {
        let binary = try gallery.path()
        let latencyList = latencies.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        print("startup to first complete grid, \(size), \(runs) runs per case (median, min-max), \(binary)")
        for latency in latencyList {
            var faults = FaultOptions()
            faults.latencyMS = latency
            let server = try await CatalogServer.start(CatalogServerOptions(faults: faults))
            let base = server.baseURL.absoluteString
            let cold = try await measure(binary, base: base, warm: false).text
            let warm = try await measure(binary, base: base, warm: true).text
            print(String(format: "  server latency %3d ms   cold %@   warm %@", latency, cold, warm))
            await server.stop()
        }
        let ready = ReadyCatalogFile.url(besideExecutableIn: URL(fileURLWithPath: binary).deletingLastPathComponent())
        let readySize = ready.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber }
        print("  ready catalog file: " + (ready.map { "\($0.path) (\(readySize?.intValue ?? 0) bytes)" }
                                         ?? "none beside \(binary): the first launch builds it"))
        let builtInFirst = try await measure(binary, base: nil, warm: false, firstLaunch: true)
        let builtInCold = try await measure(binary, base: nil, warm: false)
        let builtInWarm = try await measure(binary, base: nil, warm: true)
        print("  built-in catalog (server started in-process, no latency)   first launch \(builtInFirst.text)"
              + "   cold \(builtInCold.text)   warm \(builtInWarm.text)")
        let runtimeFirst = try await withRuntimeBuildFixtures { fixtures in
            try await measure(binary, base: nil, warm: false, firstLaunch: true, environment: ["MARVEL_GALLERY_FIXTURES": fixtures])
        }
        print("  first launch with the runtime build (fixtures under another VERSION)   \(runtimeFirst.text)")
        let ratio = builtInFirst.median / builtInWarm.median
        print(String(format: "target: first launch <= 2.5 x warm: %@ (%.2f x; with the runtime build %.2f x)",
                     ratio <= 2.5 ? "PASS" : "FAIL", ratio, runtimeFirst.median / builtInWarm.median))
    }

    /// Runs `body` with a copy of the embedded fixtures whose VERSION no ready file holds.
    func withRuntimeBuildFixtures<T>(_ body: (String) async throws -> T) async throws -> T {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("mg-bench-fixtures-\(getpid())/catalog")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let original = try EmbeddedCatalog.fixturesFolder()
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: original, to: copy)
        let version = "runtime-build-" + (try EmbeddedCatalog.version(of: original))
        try FileManager.default.removeItem(at: copy.appendingPathComponent("VERSION"))
        try Data("\(version)\n".utf8).write(to: copy.appendingPathComponent("VERSION"))
        return try await body(copy.path)
    }

    /// Median, min and max over `runs` fresh processes, as "123.4 ms (110.0-140.2)". With
    /// `firstLaunch`, every run also starts with an empty `XDG_CACHE_HOME` (no catalog in it).
    func measure(_ binary: String, base: String?, warm: Bool, firstLaunch: Bool = false,
                 environment extra: [String: String] = [:]) async throws -> (text: String, median: Double) {
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("mg-bench-\(getpid())-\(UUID().uuidString)")
        let xdgCache = cache.appendingPathComponent("xdg")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = (firstLaunch ? ["XDG_CACHE_HOME": xdgCache.path] : [:]).merging(extra) { $1 }
        var args = ["characters", "--headless", size, "--image-cache", cache.path, "--no-cache"]
        if let base { args += ["--base-url", base] }
        let arguments = args
        if warm { _ = try await StartupBench.offPool { try StartupBench.timeToGrid(binary, arguments, environment) } }  // fills the disk cache
        var times: [Double] = []
        for _ in 0..<runs {
            if !warm { try? FileManager.default.removeItem(at: cache) }
            times.append(try await StartupBench.offPool { try StartupBench.timeToGrid(binary, arguments, environment) })
        }
        times.sort()
        let median = times[times.count / 2]
        return (String(format: "%6.1f ms (%.1f-%.1f)", median, times.first!, times.last!), median)
    }

    /// Runs blocking work (spawn, read, waitpid) on its own thread: the in-process catalog
    /// server answers on the cooperative pool, which must not lose a thread to our waiting.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Milliseconds from spawn to the child's "grid-complete" line.
    static func timeToGrid(_ binary: String, _ arguments: [String], _ environment: [String: String] = [:]) throws -> Double {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ValidationError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let status = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw ValidationError("cannot start \(binary): \(String(cString: strerror(status)))")
        }
        var text = ""
        var elapsed: Duration?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while elapsed == nil {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
            if text.contains("grid-complete") { elapsed = ContinuousClock.now - start }
        }
        close(fds[0])
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
        guard let elapsed, !text.contains("grid-incomplete") else {
            throw ValidationError("marvel-gallery did not reach a complete grid: \(text)")
        }
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
