import Foundation
import Synchronization

/// A Metron-compatible server on loopback for tests: HTTP Basic auth, Django REST Framework
/// pages (`count`/`next`/`previous`/`results`, 100 a page), 429 with `Retry-After` past a
/// per-minute allowance, and hits counted per path. It answers from `../shared/metron-recorded`
/// (each file at the request `INDEX.tsv` names); `/api/character/`, `/api/series/`,
/// `/api/creator/` and `/api/arc/` (with `modified_gt`) are every recorded summary of the kind in
/// name order, a record without a recorded detail gets one made from its summary (and the
/// issue list of the recorded issues that name it); `/api/issue/` is every recorded issue list item in title order.
/// Covers and portraits (`/media/...`) are served from the embedded
/// catalog's drawings. Recorded links to metron.cloud are rewritten to this server.
public final class MetronTestServer: @unchecked Sendable {
    /// API requests answered, and the 429s sent as rule breaks (the stand-ins' one log).
    public let log = StandInLog()
    public let username: String
    public let password: String
    /// Requests a minute before answering 429 (nil: no limit).
    public let perMinute: Int?
    private let folder: URL
    private var bodies: [String: Data] = [:]
    /// Recorded list items per Metron kind (`character`, `series`, `creator`, `arc`), by name.
    private var summaries: [String: [[String: Any]]] = [:]
    private var characters: [[String: Any]] { summaries["character"] ?? [] }
    private var issues: [[String: Any]] = []
    /// Issue lists made from the recorded issue details (`MetronTestServer+Appearances`).
    private var appearances: [String: [Int: [[String: Any]]]] = [:]
    private let lock = Mutex(())
    private var _hits: [String: Int] = [:]
    private var forcedStatus: (status: Int, count: Int)?
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
        var byID: [String: [Int: [String: Any]]] = [:]
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
            if fields[1].range(of: #"^/api/series/[0-9]+/$"#, options: .regularExpression) != nil,
               let series = try JSONSerialization.jsonObject(with: data) as? [String: Any], let id = series["id"] as? Int {
                // A series detail, as Metron's series list would show it (for its filters).
                let title = "\(series["name"] as? String ?? "") (\(series["year_began"] as? Int ?? 0))"
                seriesDetails.append(["id": id, "series": title, "year_began": series["year_began"] ?? NSNull(),
                                      "volume": series["volume"] ?? NSNull(), "modified": series["modified"] ?? NSNull()])
            }
            let kind = fields[1].split(separator: "/").dropFirst().first.map(String.init) ?? ""
            if Self.summarized.contains(kind), fields[1].hasPrefix("/api/\(kind)/?") || fields[1] == "/api/\(kind)/",
               let page = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                for item in page["results"] as? [[String: Any]] ?? [] {
                    if let id = item["id"] as? Int, Self.name(item) != nil { byID[kind, default: [:]][id] = item }
                }
            }
        }
        issues = issuesByID.values.sorted { ($0["issue"] as? String ?? "", $0["id"] as? Int ?? 0) < ($1["issue"] as? String ?? "", $1["id"] as? Int ?? 0) }
        summaries = byID.mapValues { items in
            items.values.sorted { (Self.name($0) ?? "", $0["id"] as? Int ?? 0) < (Self.name($1) ?? "", $1["id"] as? Int ?? 0) }
        }
        // Every series an issue names is a series Metron knows, with an id: those the recordings
        // hold only by name get one here (900000 on), as Metron's series list and an issue's
        // detail would give it.
        let heldTitles = Set(((summaries["series"] ?? []) + seriesDetails).compactMap { Self.name($0)?.lowercased() })
        var named: [String: [String: Any]] = [:]
        for issue in issues {
            let series = issue["series"] as? [String: Any] ?? [:]
            guard let name = series["name"] as? String, let year = series["year_began"] as? Int else { continue }
            let title = "\(name) (\(year))"
            guard !heldTitles.contains(title.lowercased()), named[title] == nil else { continue }
            named[title] = ["series": title, "year_began": year, "volume": series["volume"] ?? NSNull(), "modified": NSNull()]
        }
        for (n, title) in named.keys.sorted().enumerated() {
            var series = named[title]!
            series["id"] = 900_000 + n
            seriesDetails.append(series)
        }
        appearances = Self.appearances(bodies)
        // Weak: a client (a gallery in tmux) may still ask after the test let go of the server.
        server = try LoopbackHTTPServer { [weak self] request in self?.answer(request) ?? .drop }
    }

    public var baseURL: URL { server.baseURL }
    public var allCharacterCount: Int { characters.count }
    /// The name of the character with Metron id `id` (nil: not in the list).
    public func characterName(id: Int) -> String? {
        characters.first { $0["id"] as? Int == id }.flatMap(Self.name)
    }
    /// How many records of a Metron kind (`series`, `creator`, `arc`) the synthesized list holds.
    public func allCount(_ kind: String) -> Int { summaries[kind]?.count ?? 0 }

    static let summarized: Set<String> = ["character", "series", "creator", "arc"]

    /// A list item's name (a series item calls it `series`).
    static func name(_ item: [String: Any]) -> String? { (item["name"] ?? item["series"]) as? String }
    public var allIssueCount: Int { issues.count }
    /// Hits per path (query left out), e.g. `["/api/character/": 2]`.
    public var hits: [String: Int] { lock.withLock { _ in _hits } }
    public var totalHits: Int { lock.withLock { _ in _hits.values.reduce(0, +) } }
    /// Every request target (path and query) in arrival order.
    public var requests: [String] { server.requests.map(\.target) }
    /// 429s answered.
    public var tooManyRequests: Int { log.violations.count }
    /// Answers the next `count` requests with 429 and `Retry-After: retryAfter`.
    public func force429(count: Int, retryAfter: Int) {
        lock.withLock { _ in forced429.append((count, retryAfter)) }
    }
    /// Answers the next `count` requests with `status` (a 408 or a 5xx: what a client tries again).
    public func force(status: Int, count: Int) {
        lock.withLock { _ in forcedStatus = (status, count) }
    }
    public func resetHits() { lock.withLock { _ in _hits = [:] } }
    /// Metron unreachable from now on: new connections are refused and every request on a
    /// connection already open is dropped unanswered.
    public func goOffline() {
        lock.withLock { _ in offline = true }
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
        if lock.withLock({ _ in offline }) { return .drop }
        let throttle: Int? = lock.withLock { _ in
            _hits[path, default: 0] += 1
            if let first = forced429.first {
                forced429[0].0 -= 1
                if forced429[0].0 <= 0 { forced429.removeFirst() }
                log.violated("429 asked for by the test")
                return first.retryAfter
            }
            let now = Date()
            let recent = log.arrivals(within: 60, before: now)
            // The allowance is the API's: pictures (a CDN in the real service) are not counted.
            if path.hasPrefix("/media/") { return nil }
            if let perMinute, recent.count >= perMinute {
                log.violated("more than \(perMinute) requests within a minute")
                return Int((60 - now.timeIntervalSince(recent[0])).rounded(.up))
            }
            log.arrived("api", at: now)
            return nil
        }
        let forced: Int? = lock.withLock { _ in
            guard let status = forcedStatus?.status else { return nil }
            forcedStatus!.count -= 1
            if forcedStatus!.count <= 0 { forcedStatus = nil }
            return status
        }
        if let forced {
            return .respond(status: forced, headers: ["Content-Type": "application/json"], body: Data(#"{"detail":"forced by the test"}"#.utf8))
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
        let parts = path.split(separator: "/").map(String.init)  // ["api", kind, id?, "issue_list"?]
        if parts.count >= 2, let all = summaries[parts[1]] {
            if parts.count == 2, request.query.keys.allSatisfy({ ["page", "modified_gt", "name"].contains($0) }) {
                let since = request.query["modified_gt"].map { String($0.prefix(19)) }
                var kept = since.map { since in all.filter { String(($0["modified"] as? String ?? "").prefix(19)) > since } } ?? all
                // Metron's `name` filter: contains, case aside (a query not recorded as asked).
                if let name = request.query["name"]?.lowercased() { kept = kept.filter { (Self.name($0) ?? "").lowercased().contains(name) } }
                return json(rewrite(listPage(kept, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
            }
            if parts.count >= 3, let id = Int(parts[2]), let summary = all.first(where: { $0["id"] as? Int == id }) {
                if parts.count == 4, parts[3] == "issue_list" {
                    let items = appearances[parts[1]]?[id] ?? []
                    return json(rewrite(listPage(items, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
                }
                if parts.count == 3 { return json(rewrite(Self.detail(parts[1], id: id, summary))) }
            }
        }
        if path == "/api/issue/", request.query.keys.allSatisfy({ $0 == "page" }) {
            return json(rewrite(listPage(issues, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
        }
        if parts.count == 3, parts[1] == "series", let id = Int(parts[2]), let series = seriesDetails.first(where: { $0["id"] as? Int == id }) {
            return json(rewrite(Self.detail("series", id: id, series)))
        }
        if path == "/api/series/", request.query.keys.allSatisfy({ ["page", "name", "year_began"].contains($0) }) {
            // Metron's series filters: name contains (case aside), start year exact.
            let held = summaries["series"] ?? []
            let known = held + seriesDetails.filter { detail in !held.contains { $0["id"] as? Int == detail["id"] as? Int } }
            let kept = known.filter { series in
                if let name = request.query["name"], !(Self.name(series) ?? "").lowercased().contains(name.lowercased()) { return false }
                if let year = request.query["year_began"], String(describing: series["year_began"] ?? "") != year { return false }
                return true
            }
            return json(rewrite(listPage(kept, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
        }
        if path == "/api/issue/", request.query.keys.allSatisfy({ Self.issueFilters.contains($0) }) {
            // Metron's issue filters over the issues held: series name contains (case aside),
            // start year and number exact.
            let kept = issues.filter { issue in
                let series = issue["series"] as? [String: Any] ?? [:]
                if let name = request.query["series_name"],
                   !(series["name"] as? String ?? "").lowercased().contains(name.lowercased()) { return false }
                if let year = request.query["series_year_began"], String(describing: series["year_began"] ?? "") != year { return false }
                if let number = request.query["number"], issue["number"] as? String != number { return false }
                return true
            }
            return json(rewrite(listPage(kept, path: path, page: Int(request.query["page"] ?? "1") ?? 1)))
        }
        if parts.count == 3, parts[1] == "issue", let id = Int(parts[2]), var issue = issues.first(where: { $0["id"] as? Int == id }) {
            // An issue known only from a list: its list item, with no credits, characters or arcs.
            issue.merge(["credits": [Any](), "characters": [Any](), "arcs": [Any](), "teams": [Any](), "desc": ""]) { old, _ in old }
            if var series = issue["series"] as? [String: Any], series["id"] == nil,
               let title = series["name"].map({ "\($0) (\(series["year_began"] ?? ""))".lowercased() }),
               let known = (summaries["series"] ?? []) .first(where: { Self.name($0)?.lowercased() == title })
                    ?? seriesDetails.first(where: { Self.name($0)?.lowercased() == title }) {
                series["id"] = known["id"]
                issue["series"] = series
            }
            return json(rewrite(try! JSONSerialization.data(withJSONObject: issue, options: .withoutEscapingSlashes)))
        }
        return .respond(status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"detail":"Not found."}"#.utf8))
    }

    /// A detail made from a list item (the recordings hold few details).
    static func detail(_ kind: String, id: Int, _ summary: [String: Any]) -> Data {
        let name = name(summary) ?? ""
        var detail: [String: Any] = ["id": id, "name": name, "desc": "", "resource_url": "https://metron.cloud/\(kind)/\(id)/",
                                     "modified": summary["modified"] as? String ?? "", "cv_id": NSNull(), "gcd_id": NSNull()]
        switch kind {
        case "character":
            detail["image"] = "https://static.metron.cloud/media/character/made/\(id).jpg"
            detail.merge(["alias": [String](), "creators": [Any](), "teams": [Any](), "universes": [Any]()]) { $1 }
        case "series":
            let year = summary["year_began"] as? Int
            detail["name"] = year.map { name.replacingOccurrences(of: " (\($0))", with: "") } ?? name
            detail.merge(["sort_name": name, "volume": summary["volume"] ?? 1, "year_began": year ?? NSNull(), "year_end": NSNull(),
                          "series_type": ["id": 1, "name": "Ongoing Series"], "status": "Ongoing", "publisher": ["id": 1, "name": "Marvel"],
                          "imprint": NSNull(), "issue_count": summary["issue_count"] ?? 0, "genres": [Any](), "associated": [Any]()]) { $1 }
        case "creator":
            detail.merge(["birth": NSNull(), "death": NSNull(), "alias": [String](), "image": NSNull()]) { $1 }
        default:
            detail["image"] = NSNull()
        }
        return try! JSONSerialization.data(withJSONObject: detail, options: .withoutEscapingSlashes)
    }

    /// Series known from their details only (none of the recorded lists holds them).
    private var seriesDetails: [[String: Any]] = []

    static let issueFilters: Set<String> = ["page", "series_name", "series_year_began", "number"]

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
