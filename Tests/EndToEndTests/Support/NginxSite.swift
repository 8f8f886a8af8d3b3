import Foundation
import HTTPTransport
import TestSupport
import XCTest

/// deploy/nginx/marvel-gallery.conf as shipped, only its upstreams, listening port and folders
/// changed, run by Debian's nginx in the foreground in a folder of its own for one test. Ready
/// once nginx answers `/health` through a `serve`.
final class NginxSite {
    static let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    let folder: URL
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }
    var accessLog: String { folder.appendingPathComponent("nginx-access.log").path }
    var errorLog: String { (try? String(contentsOfFile: folder.path + "/error.log", encoding: .utf8)) ?? "" }
    private let process = Process()

    /// Throws XCTSkip when nginx is not installed (scripts/test.sh installs nginx-light).
    init(upstreamPorts: [Int], folder: URL) throws {
        guard let nginx = Self.nginx else { throw XCTSkip("nginx is not installed (apt-get install nginx-light)") }
        self.folder = folder
        port = try Loopback.freePort()
        let site = try String(contentsOf: RepoPaths.root.appendingPathComponent("deploy/nginx/marvel-gallery.conf"), encoding: .utf8)
        let upstreams = upstreamPorts.map { "server 127.0.0.1:\($0);" }.joined(separator: "\n    ")
        let local = site
            .replacingOccurrences(of: "server 127.0.0.1:8081;\n    server 127.0.0.1:8082;", with: upstreams)
            .replacingOccurrences(of: "/var/cache/nginx/marvel-gallery", with: folder.appendingPathComponent("cache").path)
            .replacingOccurrences(of: "/var/log/nginx/marvel-gallery.access.log", with: accessLog)
            .replacingOccurrences(of: "listen [::]:80;", with: "")
            .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
        guard local.contains(upstreams), local.contains("127.0.0.1:\(port)") else {
            throw NSError(domain: "NginxSite", code: 1, userInfo: [NSLocalizedDescriptionKey: "the shipped site changed shape:\n\(site)"])
        }
        let temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "\($0)_temp_path \(folder.path)/\($0);" }
        let conf = """
            \(getuid() == 0 ? "user root;" : "")
            worker_processes 1;
            daemon off;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log;
            events { worker_connections 1024; }
            http {
            \(temp.joined(separator: "\n"))
            \(local)
            }
            """
        let confPath = folder.appendingPathComponent("nginx.conf").path
        try conf.write(toFile: confPath, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder.path, "-c", confPath, "-e", "\(folder.path)/error.log"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let ready = Date().addingTimeInterval(20)
        while Date() < ready, process.isRunning, (try? NginxCacheEndToEndTests.status(base + "/health")) != 200 { usleep(50_000) }
        guard (try? NginxCacheEndToEndTests.status(base + "/health")) == 200 else {
            stop()
            throw NSError(domain: "NginxSite", code: 2, userInfo: [NSLocalizedDescriptionKey: "nginx did not come up: \(errorLog)"])
        }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
