import Foundation
import TestSupport
import XCTest

/// deploy/nginx/marvel-gallery.conf as shipped (only its ports and folders changed) in front of
/// two `marvel-gallery serve` processes on loopback: 1,000 requests from 50 connections over
/// 25 URLs reach a `serve` at most once per URL (their access logs say so), and every answer
/// to one URL has the same body and ETag. Debian's nginx (nginx-light, installed by
/// scripts/test.sh); skips when it is missing.
final class NginxCacheEndToEndTests: XCTestCase {
    func testTwoServesBehindNginxAreAskedOncePerURL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-e2e-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = [folder.appendingPathComponent("serve-1.log").path, folder.appendingPathComponent("serve-2.log").path]
        let serves = try logs.map { try ServeProcess(executable: RepoPaths.executable, extraArguments: ["--access-log", $0], debugFlag: false) }
        let site = try NginxSite(upstreamPorts: serves.map { $0.baseURL.port! }, folder: folder)
        defer { site.stop() }
        let port = site.port

        let ids = try Self.characterIDs(10)
        var urls = ids.map { "/v1/public/characters/\($0)" } + ids.prefix(5).map { "/v1/public/characters/\($0)/comics?limit=5" }
        urls += ["/v1/public/characters?limit=100", "/v1/public/characters?limit=50&offset=50", "/v1/public/comics?limit=20",
                 "/v1/public/comics?limit=20&orderBy=title", "/v1/public/series?limit=10", "/v1/public/events",
                 "/v1/public/creators?limit=30", "/v1/public/stories?limit=25", "/v1/public/characters?nameStartsWith=Sp",
                 "/v1/public/comics?formatType=collection&limit=10"]
        XCTAssertEqual(urls.count, 25)
        let script = RepoPaths.root.appendingPathComponent("scripts/nginx_load.py").path
        let urlFile = folder.appendingPathComponent("urls.txt").path
        try urls.joined(separator: "\n").write(toFile: urlFile, atomically: true, encoding: .utf8)
        let load = try EsakEnvironment.runProcess("/usr/bin/env", ["python3", script, "127.0.0.1", String(port), urlFile, "1000", "50"])
        XCTAssertEqual(load.status, 0, load.output)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(load.output.utf8)) as? [String: Any], load.output)
        XCTAssertEqual(result["requests"] as? Int, 1_000)
        XCTAssertEqual(result["errors"] as? [String], [])
        let variants = try XCTUnwrap(result["variants"] as? [String: Int])
        for url in urls { XCTAssertEqual(variants[url], 1, "\(url): \(variants[url] ?? 0) different bodies or ETags") }

        // Every request serve saw, from both access logs: at most one per URL.
        var reached: [String: Int] = [:]
        for log in logs {
            let text = try String(contentsOfFile: log, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "\"GET "), let end = line.range(of: " HTTP/1.1\"", range: start.upperBound..<line.endIndex)
                else { continue }
                reached[String(line[start.upperBound..<end.lowerBound]), default: 0] += 1
            }
        }
        let api = reached.filter { $0.key.hasPrefix("/v1/") }
        XCTAssertEqual(Set(api.keys), Set(urls), "serve saw: \(api)")
        XCTAssertEqual(api.values.max(), 1, "URLs that reached serve more than once: \(api.filter { $0.value > 1 })")
        let perServe = logs.map { log in
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("\"GET /v1/") }.count
        }
        print("nginx in front of 2 serves: 1000 requests, 50 connections, \(urls.count) URLs; reached serve "
              + "\(api.values.reduce(0, +)) times (\(perServe.map(String.init).joined(separator: " + ")))")
    }

    static func status(_ url: String) throws -> Int {
        let result = try EsakEnvironment.runProcess(ServeProcess.curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2", url])
        return Int(result.output) ?? 0
    }

    static func characterIDs(_ count: Int) throws -> [Int] {
        let data = try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent("catalog/characters-1.json"))
        let top = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let results = ((top?["data"] as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        return Array(results.compactMap { $0["id"] as? Int }.prefix(count))
    }
}
