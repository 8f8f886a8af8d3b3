import Foundation
import HTTPTransport
import TestSupport

/// `marvel-gallery serve --port 0` as a child process on loopback, for tests that need the
/// server's request counts (`/debug/stats`). Stopped with SIGTERM when released.
final class ServeProcess {
    let process = Process()
    let baseURL: URL

    init(executable: URL, extraArguments: [String] = [], debugFlag: Bool = true, timeout: TimeInterval = 30,
         environment: [String: String]? = nil) throws {
        process.executableURL = executable
        if let environment { process.environment = environment }
        process.arguments = ["serve", "--port", "0"] + (debugFlag ? ["--debug"] : []) + extraArguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let (found, text) = Loopback.announcedURL(in: out.fileHandleForReading, of: process, timeout: timeout)
        guard let found else {
            if process.isRunning { process.terminate() }
            throw NSError(domain: "ServeProcess", code: 1, userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(text)"])
        }
        baseURL = found
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/curl"

    /// GET on the server (loopback only), decoded as JSON.
    func json(_ target: String) throws -> Any {
        let body = try Spawn.run(ServeProcess.curl, ["-s", "--max-time", "10", baseURL.absoluteString + target])
        return try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    /// POST on the server (`/debug/reset` changes state, so it takes POST only), decoded as JSON.
    func post(_ target: String) throws -> Any {
        let body = try Spawn.run(ServeProcess.curl, ["-s", "-X", "POST", "--max-time", "10", baseURL.absoluteString + target])
        return try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    /// Requests the server answered on a path (from `/debug/stats`).
    func hits(path: String) throws -> Int {
        let stats = try json("/debug/stats") as? [String: Any]
        let paths = stats?["paths"] as? [String: Any]
        return (paths?[path] as? [String: Any])?["hits"] as? Int ?? 0
    }

    func total(of target: String) throws -> Int {
        let body = try json(target) as? [String: Any]
        return (body?["data"] as? [String: Any])?["total"] as? Int ?? -1
    }
}
