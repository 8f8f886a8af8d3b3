import ArgumentParser
import Foundation
import HTTPTransport
#if canImport(Glibc)
import Glibc
#endif

/// `marvel-bench serve`: `marvel-gallery serve` against nginx serving the same bodies from
/// files (`gzip_static`, sendfile), each loaded by the same `wrk` command: a page of 100
/// characters and one entity as gzip, and the largest page as identity. `serve` runs twice:
/// as built (cached pages answered on the event loop) and with `--no-event-loop-answers`
/// (every request through the router), so one run has the figures before and after. Runs are
/// interleaved (each round loads every server once per body) so a busy shared machine
/// weighs on all of them alike; the median round is reported, with each server's CPU time per
/// request (utime + stime from /proc, nginx's workers included) and the command that loaded it.
/// Needs `nginx` (Debian's nginx-light) and `wrk`: `apt-get install -y nginx-light wrk`.
struct ServeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "marvel-gallery serve against nginx gzip_static, loaded by wrk.")

    @OptionGroup var gallery: GalleryExecutable

    @Option(help: "Seconds each wrk run lasts.")
    var duration = 10

    @Option(help: "Rounds (each loads every server with every body once; the median is reported).")
    var rounds = 3

    @Option(help: "wrk connections.")
    var connections = 50

    @Option(help: "wrk threads.")
    var threads = 2

    @Option(help: "The identity page (the largest list page by default).")
    var identityTarget = "/v1/public/comics?limit=100"

    @Option(help: "Which servers to load: serve, router, nginx (comma separated); base is added with --baseline.")
    var peers = "nginx,router,serve"

    @Option(help: "Another marvel-gallery executable (another build of serve, e.g. main's) loaded as the peer `base` in every round.")
    var baseline: String?

    struct Body {
        let name: String
        let target: String
        let gzip: Bool
        /// The path nginx serves it under (`FILE` and `FILE.gz`).
        let file: String
    }

    struct Figure {
        var requestsPerSecond: Double
        var p99ms: Double
        var cpuMicroseconds: Double
    }

    func run() async throws {
        let binary = try gallery.path()
        for tool in ["/usr/sbin/nginx", "/usr/bin/wrk", "/usr/bin/curl"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw ValidationError("\(tool) is missing: apt-get install -y nginx-light wrk curl")
        }
        let wanted = Set(peers.split(separator: ",").map { String($0) } + (baseline == nil ? [] : ["base"]))
        let serve = try ServeChild(binary: binary, arguments: [])
        // Only the servers asked for run: an idle one would still take memory and wake-ups.
        let router = try wanted.contains("router") ? ServeChild(binary: binary, arguments: ["--no-event-loop-answers"]) : nil
        let base = try baseline.map { try ServeChild(binary: $0, arguments: []) }
        defer { serve.stop(); router?.stop(); base?.stop() }

        let list = try Self.curl(serve.baseURL.absoluteString + "/v1/public/characters?limit=1", gzip: false)
        let id = (((try JSONSerialization.jsonObject(with: list) as? [String: Any])?["data"] as? [String: Any])?["results"]
                  as? [[String: Any]])?.first?["id"] as? Int ?? 1
        let bodies = [
            Body(name: "page of 100, gzip", target: "/v1/public/characters?limit=100", gzip: true, file: "page100.json"),
            Body(name: "one entity, gzip", target: "/v1/public/characters/\(id)", gzip: true, file: "entity.json"),
            Body(name: "identity page", target: identityTarget, gzip: false, file: "identity.json"),
        ]
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("serve-bench-\(getpid())")
        let www = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for body in bodies {
            // The bytes serve sends (both forms, which also fills both servers' answer caches).
            for child in [serve, router, base].compactMap({ $0 }) {
                _ = try Self.curl(child.baseURL.absoluteString + body.target, gzip: true)
                _ = try Self.curl(child.baseURL.absoluteString + body.target, gzip: false)
            }
            let plain = try Self.curl(serve.baseURL.absoluteString + body.target, gzip: false)
            let packed = try Self.curl(serve.baseURL.absoluteString + body.target, gzip: true)
            try plain.write(to: www.appendingPathComponent(body.file))
            try packed.write(to: www.appendingPathComponent(body.file + ".gz"))
            print("\(body.name): \(body.target), \(plain.count) bytes identity, \(packed.count) bytes gzip")
        }
        let nginx = try Nginx(folder: folder)
        defer { nginx.stop() }

        let header = "-H 'Accept-Encoding: gzip' "
        var figures: [String: [String: [Figure]]] = [:]
        var commands: [String: [String: String]] = [:]
        for round in 1...rounds {
            for body in bodies {
                for peer in Self.order where wanted.contains(peer) {
                    let (url, pids): (String, [Int32])
                    switch peer {
                    case "nginx": (url, pids) = ("http://127.0.0.1:\(nginx.port)/\(body.file)", nginx.pids())
                    case "router": (url, pids) = (router!.baseURL.absoluteString + body.target, [router!.process.processIdentifier])
                    case "base": (url, pids) = (base!.baseURL.absoluteString + body.target, [base!.process.processIdentifier])
                    default: (url, pids) = (serve.baseURL.absoluteString + body.target, [serve.process.processIdentifier])
                    }
                    let command = "wrk -t\(threads) -c\(connections) -d\(duration)s --latency \(body.gzip ? header : "")'\(url)'"
                    let figure = try Self.load(command, pids: pids)
                    figures[body.name, default: [:]][peer, default: []].append(figure)
                    commands[body.name, default: [:]][peer] = command
                    print("round \(round)  \(Self.padded(body.name, 18)) \(Self.padded(peer, 6)) "
                          + String(format: "%8.0f req/s  p99 %6.2f ms  %5.1f us CPU/request", figure.requestsPerSecond, figure.p99ms,
                                   figure.cpuMicroseconds))
                }
            }
        }
        print("\nmedian of \(rounds) rounds (\(threads) threads, \(connections) connections, \(duration) s each):")
        print("serve: \(binary) serve --port 0; "
              + (router == nil ? "" : "router: the same with --no-event-loop-answers; ")
              + (baseline.map { "base: \($0) serve --port 0; " } ?? "") + "nginx: \(nginx.version), gzip_static and sendfile on, access_log off (\(nginx.config.path))")
        for body in bodies {
            guard let rows = figures[body.name] else { continue }
            let median = rows.mapValues { runs -> Figure in
                let sorted = runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }
                return sorted[sorted.count / 2]
            }
            print("\(body.name):")
            for peer in Self.order {
                guard let figure = median[peer] else { continue }
                var line = "  \(Self.padded(peer, 6)) " + String(format: "%8.0f req/s  p99 %6.2f ms  %5.1f us CPU/request",
                                                                      figure.requestsPerSecond, figure.p99ms, figure.cpuMicroseconds)
                if peer != "nginx", let runs = rows[peer], let nginxRuns = rows["nginx"], runs.count == nginxRuns.count {
                    // Each round's ratio to the nginx run just before it, then their median.
                    func paired(_ value: (Figure) -> Double) -> Double {
                        let ratios = zip(runs, nginxRuns).map { value($0) / value($1) }.sorted()
                        return ratios[ratios.count / 2]
                    }
                    line += String(format: "  %.2fx nginx, p99 %.2fx (medians of the rounds' ratios)",
                                   paired(\.requestsPerSecond), paired(\.p99ms))
                }
                print(line + "   [\(commands[body.name]?[peer] ?? "")]")
            }
        }
    }

    /// The order each round loads the servers in.
    static let order = ["nginx", "router", "base", "serve"]

    static func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

    /// The body of `url` as sent (curl does not decode it).
    static func curl(_ url: String, gzip: Bool) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sf"] + (gzip ? ["-H", "Accept-Encoding: gzip"] : []) + [url]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("curl \(url) failed") }
        return data
    }

    /// Runs one wrk command and reads its requests per second and p99, with the CPU time
    /// `pids` spent meanwhile, per request.
    static func load(_ command: String, pids: [Int32]) throws -> Figure {
        let before = pids.map(cpuSeconds).reduce(0, +)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let after = pids.map(cpuSeconds).reduce(0, +)
        var figure = Figure(requestsPerSecond: 0, p99ms: 0, cpuMicroseconds: 0)
        var requests = 0.0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "Requests/sec:", words.count > 1 { figure.requestsPerSecond = Double(words[1]) ?? 0 }
            if words.first == "99%", words.count > 1 { figure.p99ms = milliseconds(String(words[1])) }
            if words.count > 2, words[1] == "requests", words[2] == "in" { requests = Double(words[0]) ?? 0 }
        }
        guard requests > 0 else { throw ValidationError("wrk gave no figures: \(text)") }
        figure.cpuMicroseconds = (after - before) * 1e6 / requests
        return figure
    }

    /// wrk's `1.23ms`, `456.00us`, `1.02s`.
    static func milliseconds(_ text: String) -> Double {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return (Double(text.dropLast(unit.count)) ?? 0) * scale
        }
        return 0
    }

    /// utime + stime of a process, in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// nginx in the foreground on a free loopback port, serving `folder/www` with `gzip_static`.
final class Nginx {
    let process = Process()
    let port: Int
    let config: URL
    let version: String

    init(folder: URL) throws {
        port = try Loopback.freePort()
        config = folder.appendingPathComponent("nginx.conf")
        let path = folder.path
        try """
        worker_processes auto;
        daemon off;
        pid \(path)/nginx.pid;
        error_log \(path)/error.log;
        events { worker_connections 4096; }
        http {
            access_log off;
            sendfile on;
            tcp_nopush on;
            tcp_nodelay on;
            keepalive_requests 100000000;
            default_type application/json;
            client_body_temp_path \(path)/body;
            proxy_temp_path \(path)/proxy;
            fastcgi_temp_path \(path)/fastcgi;
            uwsgi_temp_path \(path)/uwsgi;
            scgi_temp_path \(path)/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(path)/www;
                gzip_static on;
                location / { }
            }
        }
        """.write(to: config, atomically: true, encoding: .utf8)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        probe.arguments = ["-v"]
        let err = Pipe()
        probe.standardError = err
        try probe.run()
        probe.waitUntilExit()
        version = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "nginx version: ", with: "")
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-c", config.path, "-e", "\(path)/error.log"]
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? ServeBench.curl("http://127.0.0.1:\(port)/identity.json", gzip: false)) != nil { return }
            usleep(50_000)
        }
        throw ValidationError("nginx did not start: \((try? String(contentsOfFile: "\(path)/error.log", encoding: .utf8)) ?? "")")
    }

    /// The master and its workers.
    func pids() -> [Int32] {
        let master = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8)) ?? ""
        return [master] + children.split(separator: " ").compactMap { Int32($0) }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
