import Foundation
import TestSupport
import XCTest

/// `marvel-gallery ... --source metron` against a loopback Metron server, in a home folder of
/// its own (cache, config and the shared budget file under it).
struct MetronCommand {
    let home: URL
    var binary: String { RepoPaths.executable.path }

    /// Skips when the program is not built.
    init(_ name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("\(RepoPaths.executable.path) is not built (swift build --product marvel-gallery)")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func argv(_ arguments: [String], _ server: MetronTestServer, password: String? = nil, environment: [String] = []) -> [String] {
        let env = ["HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
                   "METRON_USERNAME=\(server.username)", "METRON_PASSWORD=\(password ?? server.password)"] + environment
        return ["/usr/bin/env"] + env + [binary] + arguments + ["--source", "metron", "--metron-url", server.baseURL.absoluteString]
    }

    func remove() { try? FileManager.default.removeItem(at: home) }
}
