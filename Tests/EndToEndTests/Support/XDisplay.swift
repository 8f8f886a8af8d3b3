import Foundation
import ImageCore
import XCTest

/// A private X server (Xvfb picks a free display itself: `-displayfd`) with one real terminal
/// on it, for pixel-graphics tests: start, poll for a marker file, screenshot with ImageMagick
/// `import`, stop. Skips (XCTSkip) when Xvfb, the terminal or `import` is missing.
final class XDisplay {
    let display: String
    private let server: Process
    private var terminal: Process?

    static func find(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func require(_ tools: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        for tool in tools {
            guard let path = find(tool) else { throw XCTSkip("\(tool) is not installed (scripts/test.sh installs it)") }
            found[tool] = path
        }
        return found
    }

    init(xvfb: String) throws {
        let pipe = Pipe()
        server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        server.standardOutput = pipe
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes the display number once it accepts clients.
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !text.contains("\n") {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw XCTSkip("Xvfb did not start")
        }
        display = ":\(n)"
    }

    /// Starts `argv` on this display with `environment` added.
    func launch(_ argv: [String], environment: [String: String] = [:]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        for (k, v) in environment { env[k] = v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        terminal = p
    }

    /// Polls (generously: kitty on software GL is slow to start on a loaded machine).
    func waitFor(file: String, timeout: TimeInterval = 90) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: file) { return true }
            usleep(200_000)
        }
        return false
    }

    /// The whole screen as pixels.
    func screenshot(importPath: String, to path: String) throws -> RGBImage {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        let p = Process()
        p.executableURL = URL(fileURLWithPath: importPath)
        // Written under a name of its own, then renamed: two runs of the suite on one machine
        // save the same test's screenshot under the same name, and one read the other's PNG
        // half written ("IDAT: CRC error").
        let own = path + ".\(getpid())-\(UUID().uuidString.prefix(8)).png"
        p.arguments = ["-display", display, "-window", "root", own]
        p.environment = env
        try p.run()
        p.waitUntilExit()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: own)))
        rename(own, path)
        return try ImageDecoder.decode(bytes)
    }

    func stop() {
        if let terminal, terminal.isRunning { kill(terminal.processIdentifier, SIGKILL) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}

/// The bounding box of pixels brighter than `threshold` in any channel (the picture on a black
/// terminal), or nil.
func brightBox(_ image: RGBImage, threshold: UInt8 = 24) -> (x: Int, y: Int, width: Int, height: Int)? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<image.height {
        for x in 0..<image.width {
            let i = (y * image.width + x) * 3
            if image.pixels[i] > threshold || image.pixels[i + 1] > threshold || image.pixels[i + 2] > threshold {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
    }
    return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
}

func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0.0
    for i in 0..<min(a.count, b.count) {
        let d = Double(a[i]) - Double(b[i])
        sum += d * d
    }
    let mse = sum / Double(max(min(a.count, b.count), 1))
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
