import Foundation
import TestSupport
import XCTest

/// `marvel-gallery ... --source metron` against a loopback Metron server, in a home folder of
/// its own (cache, config and the shared budget file under it).
struct MetronCommand {
    let home: URL
    var binary: String { RepoPaths.executable.path }

    /// Skips when the program is not built (or, `inTmux`, when tmux is not installed).
    init(_ name: String, inTmux: Bool = false) throws {
        try inTmux ? Prerequisites.tmuxAndProgram() : Prerequisites.program()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func argv(_ arguments: [String], _ server: MetronTestServer, password: String? = nil, environment: [String] = []) -> [String] {
        let env = ["HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
                   "METRON_USERNAME=\(server.username)", "METRON_PASSWORD=\(password ?? server.password)"] + environment
        return ["/usr/bin/env"] + env + [binary] + arguments + ["--source", "metron", "--metron-url", server.baseURL.absoluteString]
    }

    /// The gallery (`arguments`, e.g. `characters`) in tmux at `width`x`height` against
    /// `server`, with its account, this home and `environment` on top.
    func tmux(_ arguments: [String], _ server: MetronTestServer, width: Int = 120, height: Int = 40,
              environment: [String: String] = [:]) throws -> TmuxSession {
        let words = [binary] + arguments + ["--source", "metron", "--metron-url", server.baseURL.absoluteString]
        return try TmuxSession(command: words.map(TmuxSession.quote).joined(separator: " "), width: width, height: height,
                               environment: [
            "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config",
            "METRON_USERNAME": server.username, "METRON_PASSWORD": server.password,
        ].merging(environment) { $1 })
    }

    func remove() { try? FileManager.default.removeItem(at: home) }
}
