import Foundation
import Synchronization

/// A Comic Vine stand-in on loopback, written from Comic Vine's documented API: `api_key`
/// (HTTP 401 with status 100 without the right one), `format=json`, the envelope (`error`,
/// `limit`, `offset`, `number_of_page_results`, `number_of_total_results`, `status_code`,
/// `results`, `version`), list resources with `filter` (`field:value,...`, `a|b` alternatives,
/// `start|end` date ranges, `name` matching anywhere, case aside), `sort` (`field:asc|desc`),
/// `field_list`, `offset`/`limit` (at most 100), details at `/{resource}/{4005|4000|4050|4045|4040}-{id}/`
/// (404 with status 101 otherwise), pictures in Comic Vine's nine sizes, and HTTP 420 with
/// status 107 past a per-resource hourly allowance or when requests come closer than the
/// spacing. Records are made here (Marvel characters, some of another publisher), each with a
/// picture of its own colour (`colour(ofCharacter:)`).
public final class ComicVineTestServer: @unchecked Sendable {
    public let apiKey: String
    public let log = StandInLog()
    /// Requests per resource in any hour before 420 (nil: no limit).
    public let perResourcePerHour: Int?
    /// Closer requests than this are answered 420 (Comic Vine's velocity detection); 0: none.
    public let spacing: TimeInterval
    /// Added before every answer (API and pictures).
    public let latency: Duration
    private var server: LoopbackHTTPServer!
    private let lock = Mutex(())
    private var lastAPI: Date?
    private var _pictureHits = 0
    private var forced420 = 0
    private var forcedStatus: (status: Int, count: Int)?
    private(set) var characters: [[String: Any]] = []
    private var issues: [[String: Any]] = []
    private var volumes: [[String: Any]] = []
    private var arcs: [[String: Any]] = []
    private var people: [[String: Any]] = []

    public static let marvel = 31
    /// First names and last words the characters' names are made of (so name searches find runs).
    static let firsts = ["Agent", "Black", "Captain", "Doctor", "Iron", "Kid", "Lady", "Moon", "Night", "Silver", "Spider", "Star"]
    static let lasts = ["Arrow", "Bolt", "Claw", "Falcon", "Fist", "Hawk", "Knight", "Lynx", "Storm", "Wasp"]

    public init(apiKey: String = "cv-test-key-0123456789", marvelCharacters: Int = 120, otherCharacters: Int = 20,
                perResourcePerHour: Int? = nil, spacing: TimeInterval = 0, latency: Duration = .zero) throws {
        self.apiKey = apiKey
        self.perResourcePerHour = perResourcePerHour
        self.spacing = spacing
        self.latency = latency
        server = try LoopbackHTTPServer { [weak self] request in self?.answer(request) ?? .drop }
        build(marvelCharacters: marvelCharacters, otherCharacters: otherCharacters)
    }

    public var baseURL: URL { server.baseURL.appendingPathComponent("api") }
    var host: String { server.baseURL.absoluteString }
    /// Pictures sent.
    public var pictureHits: Int { lock.withLock { _ in _pictureHits } }
    /// API requests received (pictures not counted).
    public var apiHits: Int { log.count }
    /// Answers the next `count` API requests with HTTP 420.
    public func force420(count: Int) { lock.withLock { _ in forced420 += count } }
    /// Answers the next `count` API requests with `status` (a 408 or a 5xx: what a client tries again).
    public func force(status: Int, count: Int) { lock.withLock { _ in forcedStatus = (status, count) } }

    /// The Marvel characters in name order (as `sort=name:asc` lists them).
    public var marvelCharacterNames: [String] {
        characters.filter { ($0["publisher"] as? [String: Any])?["id"] as? Int == Self.marvel }
            .compactMap { $0["name"] as? String }.sorted()
    }
    public func characterID(named name: String) -> Int? { characters.first { $0["name"] as? String == name }?["id"] as? Int }

    /// The colour of a character's picture (distinct for every id).
    public static func colour(ofCharacter id: Int) -> (UInt8, UInt8, UInt8) {
        let n = UInt32(truncatingIfNeeded: id &* 2_654_435_761)
        return (UInt8(40 + (n >> 24) % 200), UInt8(40 + (n >> 12) % 200), UInt8(40 + (n >> 4) % 200))
    }

    // MARK: Records

    private func entry(_ detail: String, _ type: Int, _ id: Int, _ name: String) -> [String: Any] {
        ["api_detail_url": "\(host)/api/\(detail)/\(type)-\(id)/", "id": id, "name": name,
         "site_detail_url": "https://comicvine.gamespot.com/\(detail)/\(type)-\(id)/"]
    }

    private func image(_ kind: String, _ id: Int) -> [String: Any] {
        var image: [String: Any] = ["image_tags": "All Images"]
        for (field, size) in [("icon_url", "square_avatar"), ("medium_url", "scale_medium"), ("screen_url", "screen_medium"),
                              ("screen_large_url", "screen_kubrick"), ("small_url", "scale_small"), ("super_url", "scale_large"),
                              ("thumb_url", "scale_avatar"), ("tiny_url", "square_mini"), ("original_url", "original")] {
            image[field] = "\(host)/a/uploads/\(size)/\(kind)/\(id)-picture.png"
        }
        return image
    }

    private func common(_ detail: String, _ type: Int, _ id: Int, _ name: String, _ n: Int) -> [String: Any] {
        var record = entry(detail, type, id, name)
        record["aliases"] = NSNull()
        record["date_added"] = "2008-06-06 11:27:42"
        record["date_last_updated"] = String(format: "2024-%02d-%02d 10:00:00", 1 + n % 12, 1 + n % 28)
        record["deck"] = "\(name), made for the stand-in."
        record["description"] = "<p><b>\(name)</b> &amp; friends: a <i>made</i> record.</p><p>Second&nbsp;paragraph.</p>"
        record["image"] = image(detail, id)
        return record
    }

    private func build(marvelCharacters: Int, otherCharacters: Int) {
        let marvelPublisher = entry("publisher", 4010, Self.marvel, "Marvel")
        let otherPublisher = entry("publisher", 4010, 10, "DC Comics")
        for v in 0..<12 {
            var volume = common("volume", 4050, 2000 + v, "Stand-In Stories \(v)", v)
            volume["start_year"] = 1960 + v * 5
            volume["publisher"] = marvelPublisher
            volumes.append(volume)
        }
        for a in 0..<6 {
            var arc = common("story_arc", 4045, 3000 + a, "Saga \(a)", a)
            arc["publisher"] = marvelPublisher
            arcs.append(arc)
        }
        for p in 0..<10 {
            var person = common("person", 4040, 4000 + p, "Writer Number\(p) Person", p)
            person["gender"] = 1
            person["country"] = NSNull(); person["email"] = NSNull(); person["hometown"] = NSNull(); person["website"] = NSNull()
            person["birth"] = NSNull(); person["death"] = NSNull()
            people.append(person)
        }
        let total = marvelCharacters + otherCharacters
        for c in 0..<total {
            let id = 1000 + c
            var name = "\(Self.firsts[c % Self.firsts.count]) \(Self.lasts[(c / Self.firsts.count) % Self.lasts.count])"
            if c >= Self.firsts.count * Self.lasts.count { name += " \(c / (Self.firsts.count * Self.lasts.count) + 1)" }
            if c == 7 { name += " \u{1B}[31mRed" }
            var character = common("character", 4005, id, name, c)
            character["publisher"] = c < marvelCharacters ? marvelPublisher : otherPublisher
            character["count_of_issue_appearances"] = 5 + c % 40
            character["gender"] = 1
            character["real_name"] = NSNull(); character["birth"] = NSNull(); character["origin"] = NSNull()
            character["first_appeared_in_issue"] = NSNull()
            characters.append(character)
        }
        for i in 0..<60 {
            let volume = volumes[i % volumes.count]
            let id = 5000 + i
            var issue = common("issue", 4000, id, "Chapter \(i)", i)
            issue["name"] = i % 3 == 0 ? NSNull() : "Chapter \(i)"
            issue["issue_number"] = String(i / volumes.count + 1)
            issue["volume"] = entry("volume", 4050, volume["id"] as! Int, volume["name"] as! String)
            issue["cover_date"] = String(format: "%04d-%02d-01", (volume["start_year"] as! Int) + i / volumes.count, 1 + i % 12)
            issue["store_date"] = String(format: "%04d-%02d-10", (volume["start_year"] as! Int) + i / volumes.count, 1 + i % 12)
            issue["associated_images"] = [[String: Any]]()
            let cast = (0..<4).map { characters[(i * 3 + $0) % marvelCharacters] }
            issue["character_credits"] = cast.map { entry("character", 4005, $0["id"] as! Int, $0["name"] as! String) }
            var credit = entry("person", 4040, people[i % people.count]["id"] as! Int, people[i % people.count]["name"] as! String)
            credit["role"] = "writer"
            issue["person_credits"] = [credit]
            let arc = arcs[i % arcs.count]
            issue["story_arc_credits"] = [entry("story_arc", 4045, arc["id"] as! Int, arc["name"] as! String)]
            issues.append(issue)
        }
        // Counts and credit lists as Comic Vine's details carry them.
        for (index, volume) in volumes.enumerated() {
            let own = issues.filter { ($0["volume"] as? [String: Any])?["id"] as? Int == volume["id"] as? Int }
            volumes[index]["count_of_issues"] = own.count
            volumes[index]["issues"] = own.map { issue -> [String: Any] in
                var e = entry("issue", 4000, issue["id"] as! Int, issue["name"] as? String ?? "")
                e["issue_number"] = issue["issue_number"]
                return e
            }
            volumes[index]["first_issue"] = NSNull(); volumes[index]["last_issue"] = NSNull()
        }
        for (index, character) in characters.enumerated() {
            let own = issues.filter { ($0["character_credits"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == character["id"] as? Int } }
            characters[index]["issue_credits"] = own.map { entry("issue", 4000, $0["id"] as! Int, $0["name"] as? String ?? "") }
        }
        for (index, arc) in arcs.enumerated() {
            let own = issues.filter { ($0["story_arc_credits"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == arc["id"] as? Int } }
            arcs[index]["issues"] = own.map { entry("issue", 4000, $0["id"] as! Int, $0["name"] as? String ?? "") }
            arcs[index]["count_of_isssue_appearances"] = own.count
            arcs[index]["first_appeared_in_issue"] = NSNull()
        }
        for (index, person) in people.enumerated() {
            let own = issues.filter { ($0["person_credits"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == person["id"] as? Int } }
            people[index]["issues"] = own.map { entry("issue", 4000, $0["id"] as! Int, $0["name"] as? String ?? "") }
            people[index]["count_of_isssue_appearances"] = own.count
        }
    }

    // MARK: Answers

    private static let resources: [String: (list: String, type: Int)] = [
        "character": ("characters", 4005), "issue": ("issues", 4000), "volume": ("volumes", 4050),
        "story_arc": ("story_arcs", 4045), "person": ("people", 4040),
    ]

    private func records(_ list: String) -> [[String: Any]]? {
        switch list {
        case "characters": characters
        case "issues": issues
        case "volumes": volumes
        case "story_arcs": arcs
        case "people": people
        default: nil
        }
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Action {
        let path = request.path
        if path.hasPrefix("/a/uploads/") {
            lock.withLock { _ in _pictureHits += 1 }
            let id = Int(path.split(separator: "/").last?.split(separator: "-").first ?? "") ?? 0
            let body = SolidPNG.make(width: 60, height: 90, rgb: Self.colour(ofCharacter: id))
            return respond(200, ["Content-Type": "image/png"], body)
        }
        let parts = path.split(separator: "/").map(String.init)  // ["api", resource, "4005-1"?]
        guard parts.count >= 2, parts[0] == "api" else { return respond(404, [:], Data("not found".utf8)) }
        let resource = parts[1]
        let now = Date()
        let throttled: String? = lock.withLock { _ in
            defer { lastAPI = now }
            if forced420 > 0 { forced420 -= 1; return "forced" }
            if spacing > 0, let lastAPI, now.timeIntervalSince(lastAPI) < spacing {
                return "requests \(String(format: "%.3f", now.timeIntervalSince(lastAPI))) s apart"
            }
            if let perResourcePerHour, log.all.filter({ $0.resource == resource && now.timeIntervalSince($0.at) < 3_600 }).count >= perResourcePerHour {
                return "over \(perResourcePerHour) \(resource) in an hour"
            }
            return nil
        }
        log.arrived(resource, at: now)
        let forced: Int? = lock.withLock { _ in
            guard let status = forcedStatus?.status else { return nil }
            forcedStatus!.count -= 1
            if forcedStatus!.count <= 0 { forcedStatus = nil }
            return status
        }
        if let forced { return respond(forced, ["Content-Type": "text/plain"], Data("forced by the test".utf8)) }
        if let throttled {
            if throttled != "forced" { log.violated(throttled) }
            return envelope(420, status: 107, error: "Rate limit exceeded.  Slow down cowboy.", results: [[String: Any]](), total: 0)
        }
        let query = request.query
        guard query["api_key"] == apiKey else { return envelope(401, status: 100, error: "Invalid API Key", results: [[String: Any]](), total: 0) }
        guard query["format"] == "json" else { return envelope(200, status: 102, error: "Error in URL Format", results: [[String: Any]](), total: 0) }
        let fields = query["field_list"].map { Set($0.split(separator: ",").map(String.init)) }
        func trimmed(_ record: [String: Any]) -> [String: Any] { fields.map { f in record.filter { f.contains($0.key) } } ?? record }
        if parts.count == 3, let (list, type) = Self.resources[resource] {
            let pieces = parts[2].split(separator: "-")
            guard pieces.count == 2, Int(pieces[0]) == type, let id = Int(pieces[1]),
                  let record = records(list)?.first(where: { $0["id"] as? Int == id }) else {
                return envelope(404, status: 101, error: "Object Not Found", results: [[String: Any]](), total: 0)
            }
            return envelope(200, status: 1, error: "OK", results: trimmed(record), total: 1)
        }
        guard parts.count == 2, var all = records(resource) else {
            return envelope(404, status: 101, error: "Object Not Found", results: [[String: Any]](), total: 0)
        }
        if let filter = query["filter"] {
            for pair in filter.split(separator: ",") {
                let fv = pair.split(separator: ":", maxSplits: 1).map(String.init)
                guard fv.count == 2 else { return envelope(200, status: 104, error: "Filter Error", results: [[String: Any]](), total: 0) }
                guard let kept = Self.filtered(all, field: fv[0], value: fv[1]) else {
                    return envelope(200, status: 104, error: "Filter Error", results: [[String: Any]](), total: 0)
                }
                all = kept
            }
        }
        if let sort = query["sort"] {
            let fd = sort.split(separator: ":").map(String.init)
            let descending = fd.count > 1 && fd[1] == "desc"
            all.sort { a, b in
                let (x, y) = (Self.sortKey(a[fd[0]]), Self.sortKey(b[fd[0]]))
                return x == y ? (a["id"] as? Int ?? 0) < (b["id"] as? Int ?? 0) : (descending ? x > y : x < y)
            }
        }
        let limit = min(max(Int(query["limit"] ?? "100") ?? 100, 1), 100)
        let offset = max(Int(query["offset"] ?? "0") ?? 0, 0)
        let page = Array(all.dropFirst(offset).prefix(limit)).map(trimmed)
        return envelope(200, status: 1, error: "OK", results: page, total: all.count, limit: limit, offset: offset)
    }

    /// One `field:value` filter; nil when the field cannot be filtered on.
    static func filtered(_ records: [[String: Any]], field: String, value: String) -> [[String: Any]]? {
        let options = value.split(separator: "|").map(String.init)
        switch field {
        case "name":
            return records.filter { ($0["name"] as? String ?? "").lowercased().contains(value.lowercased()) }
        case "id":
            let ids = Set(options.compactMap { Int($0) })
            return records.filter { ids.contains($0["id"] as? Int ?? -1) }
        case "publisher", "volume":
            let ids = Set(options.compactMap { Int($0) })
            return records.filter { ids.contains(($0[field] as? [String: Any])?["id"] as? Int ?? -1) }
        case "issue_number":
            return records.filter { options.contains($0["issue_number"] as? String ?? "") }
        case "date_last_updated", "date_added", "store_date", "cover_date":
            guard options.count == 2 else { return nil }
            return records.filter {
                let day = String(($0[field] as? String ?? "").prefix(10))
                return day >= options[0] && day <= options[1]
            }
        default: return nil
        }
    }

    static func sortKey(_ value: Any?) -> String {
        switch value {
        case let n as Int: return String(format: "%012d", n)
        case let s as String: return Double(s).map { String(format: "%015.3f", $0) } ?? s.lowercased()
        default: return ""
        }
    }

    private func envelope(_ http: Int, status: Int, error: String, results: Any, total: Int, limit: Int = 100, offset: Int = 0) -> LoopbackHTTPServer.Action {
        let count = (results as? [Any])?.count ?? 1
        let object: [String: Any] = ["error": error, "limit": limit, "offset": offset, "number_of_page_results": count,
                                     "number_of_total_results": total, "status_code": status, "results": results, "version": "1.0"]
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return respond(http, ["Content-Type": "application/json; charset=utf-8"], body)
    }

    private func respond(_ status: Int, _ headers: [String: String], _ body: Data) -> LoopbackHTTPServer.Action {
        guard latency > .zero else { return .respond(status: status, headers: headers, body: body) }
        return .stream(status: status, headers: headers, contentLength: body.count, chunks: [body], delay: latency)
    }
}
