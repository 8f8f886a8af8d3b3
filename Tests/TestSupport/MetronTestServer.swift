import Foundation

/// A Metron-compatible server on loopback for tests: HTTP Basic auth, Django REST Framework
/// pages (`count`/`next`/`previous`/`results`, 100 a page), 429 with `Retry-After` past a
/// per-minute allowance, and hits counted per path. It answers from `../shared/metron-recorded`
/// (each file at the request `INDEX.tsv` names); `/api/character/` (not recorded) is every
/// recorded character summary in name order, and a character without a recorded detail gets
/// one made from its summary; `/api/issue/` is every recorded issue list item in title order.
/// Covers and portraits (`/media/...`) are served from the embedded
/// catalog's drawings. Recorded links to metron.cloud are rewritten to this server.
public final class MetronTestServer: @unchecked Sendable {
    public let username: String
    public let password: String
    /// Requests a minute before answering 429 (nil: no limit).
    public let perMinute: Int?
    private let folder: URL
    private var bodies: [String: Data] = [:]
    private var characters: [(id: Int, name: String, modified: String)] = []
    private var issues: [[String: Any]] = []
    private let lock = NSLock()
    private var recent: [Date] = []
    private var _hits: [String: Int] = [:]
    private var _tooMany = 0
    private var forced429: [(Int, retryAfter: Int)] = []
    private var offline = false
    private var server: LoopbackHTTPServer!

    /// nil when `../shared/metron-recorded` is absent (callers skip).
    public init?(username: String = "tester", password: String = "s3cret-pw", perMinute: Int? = nil) throws {
        guard let shared = RepoPaths.shared else { return nil }
        folder = shared.appendingPathComponent("metron-recorded")
        guard let index = try? String(contentsOf: folder.appendingPathComponent("INDEX.tsv"), encoding: .utf8) else { return nil }
        self.username = username
        self.password = password
        self.perMinute = perMinute
        var byID: [Int: (String, String)] = [:]
        var issuesByID: [Int: [String: Any]] = [:]
        for line in index.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 2 else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent(fields[0]))
            bodies[Self.normalize(fields[1])] = data
            if fields[1].contains("issue_list") || fields[1].hasPrefix("/api/issue/?"),
               let page = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                for item in page["results"] as? [[String: Any]] ?? [] {
                    if let id = item["id"] as? Int { issuesByID[id] = item }
                }
            }
            if fields[1].hasPrefix("/api/character/?"), let page = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                for item in page["results"] as? [[String: Any]] ?? [] {
                    if let id = item["id"] as? Int, let name = item["name"] as? String {
                        byID[id] = (name, item["modified"] as? String ?? "")
                    }
                }
            }
        }
        issues = issuesByID.values.sorted { ($0["issue"] as? String ?? "", $0["id"] as? Int ?? 0) < ($1["issue"] as? String ?? "", $1["id"] as? Int ?? 0) }
        characters = byID.map { ($0.key, $0.value.0, $0.value.1) }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        // Weak: a client (a gallery in tmux) may still ask after the test let go of the server.
        server = try LoopbackHTTPServer { [weak self] request in self?.answer(request) ?? .drop }
    }

    public var baseURL: URL { server.baseURL }
    public var allCharacterCount: Int { characters.count }
    public var allIssueCount: Int { issues.count }
    /// Hits per path (query left out), e.g. `["/api/character/": 2]`.
    public var hits: [String: Int] { lock.withLock { _hits } }
    public var totalHits: Int { lock.withLock { _hits.values.reduce(0, +) } }
    /// Every request target (path and query) in arrival order.
    public var requests: [String] { server.requests.map(\.target) }
    /// 429s answered.
    public var tooManyRequests: Int { lock.withLock { _tooMany } }
    /// Answers the next `count` requests with 429 and `Retry-After: retryAfter`.
    public func force429(count: Int, retryAfter: Int) {
        lock.withLock { forced429.append((count, retryAfter)) }
    }
    public func resetHits() { lock.withLock { _hits = [:] } }
    /// Metron unreachable from now on: new connections are refused and every request on a
    /// connection already open is dropped unanswered.
    public func goOffline() {
        lock.withLock { offline = true }
        server.stop()
    }

    /// `/api/character/?page=2&name=man` with the query sorted and `+` as space.
    static func normalize(_ target: String) -> String {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return target }
        let query = parts[1].split(separator: "&").map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
        return parts[0] + "?" + query.sorted().joined(separator: "&").lowercased()
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Action {
        let path = request.path
        if lock.withLock({ offline }) { return .drop }
        let throttle: Int? = lock.withLock {
            _hits[path, default: 0] += 1
            if let first = forced429.first {
                forced429[0].0 -= 1
                if forced429[0].0 <= 0 { forced429.removeFirst() }
                _tooMany += 1
                return first.retryAfter
            }
            let now = Date()
            recent.removeAll { now.timeIntervalSince($0) >= 60 }
            // The allowance is the API's: pictures (a CDN in the real service) are not counted.
            if path.hasPrefix("/media/") { return nil }
            if let perMinute, recent.count >= perMinute {
                _tooMany += 1
                return Int((60 - now.timeIntervalSince(recent[0])).rounded(.up))
            }
            recent.append(now)
            return nil
        }
        if let throttle {
            return .respond(status: 429, headers: ["Retry-After": String(throttle), "Content-Type": "application/json"],
                            body: Data(#"{"detail":"Request was throttled."}"#.utf8))
        }
        if path.hasPrefix("/media/") { return image(path) }
        let expected = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        guard request.headers["authorization"] == expected else {
            return .respond(status: 401, headers: ["Content-Type": "application/json", "WWW-Authenticate": "Basic realm=\"api\""],
                            body: Data(#"{"detail":"Invalid username/password."}"#.utf8))
        }
        let key = Self.normalize(request.target)
        if let body = bodies[key] { return json(rewrite(body)) }
        if path == "/api/character/", request.query.keys.allSatisfy({ $0 == "page" }) {
            let page = Int(request.query["page"] ?? "1") ?? 1
            return json(rewrite(listPage(characters.map { ["id": $0.id, "name": $0.name, "modified": $0.modified] },
                                         path: path, page: page)))
        }
        if path == "/api/issue/", request.query.keys.allSatisfy({ $0 == "page" }) {
            return json(rewrite(listPage(issues, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
        }
        if path.hasPrefix("/api/character/"), let id = Int(path.split(separator: "/").last ?? ""),
           let summary = characters.first(where: { $0.id == id }) {
            let detail: [String: Any] = ["id": id, "name": summary.name, "alias": [String](), "desc": "",
                                         "image": "https://static.metron.cloud/media/character/made/\(id).jpg",
                                         "creators": [Any](), "teams": [Any](), "universes": [Any](),
                                         "resource_url": "https://metron.cloud/character/\(id)/", "modified": summary.modified]
            return json(rewrite(try! JSONSerialization.data(withJSONObject: detail, options: .withoutEscapingSlashes)))
        }
        return .respond(status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"detail":"Not found."}"#.utf8))
    }

    /// A DRF page of 100 over `all`.
    private func listPage(_ all: [[String: Any]], path: String, page: Int) -> Data {
        let start = (page - 1) * 100
        let slice = start < all.count ? Array(all[start..<min(start + 100, all.count)]) : []
        let base = baseURL.absoluteString + path
        let object: [String: Any] = [
            "count": all.count,
            "next": start + 100 < all.count ? base + "?page=\(page + 1)" : NSNull(),
            "previous": page > 1 ? (page == 2 ? base : base + "?page=\(page - 1)") : NSNull(),
            "results": slice,
        ]
        return try! JSONSerialization.data(withJSONObject: object, options: .withoutEscapingSlashes)
    }

    private func rewrite(_ body: Data) -> Data {
        var text = String(decoding: body, as: UTF8.self)
        text = text.replacingOccurrences(of: "https://metron.cloud/api/", with: baseURL.absoluteString + "/api/")
        text = text.replacingOccurrences(of: "https://static.metron.cloud/", with: baseURL.absoluteString + "/")
        return Data(text.utf8)
    }

    private func json(_ body: Data) -> LoopbackHTTPServer.Action {
        .respond(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A real JPEG for any `/media/...` path: one of the embedded catalog's drawings, picked by
    /// the path so different records get different pictures.
    private func image(_ path: String) -> LoopbackHTTPServer.Action {
        let images = RepoPaths.fixtures.appendingPathComponent("catalog/images")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { return .respond(status: 404) }
        let pick = names[Int(UInt(bitPattern: path.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }) % UInt(names.count))]
        let bytes = (try? Data(contentsOf: images.appendingPathComponent(pick))) ?? Data()
        return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bytes)
    }
}
