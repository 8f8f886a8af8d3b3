import Foundation

/// The issue lists of characters and arcs the recordings hold no issue list of: the recorded
/// issues whose detail names them, as Metron's issue list items (so a listed character's
/// comics count is Metron's data, not always 0).
extension MetronTestServer {
    /// `[kind: [id: issue list items]]` for `character` and `arc`, in cover date order.
    static func appearances(_ bodies: [String: Data]) -> [String: [Int: [[String: Any]]]] {
        var found: [String: [Int: [[String: Any]]]] = [:]
        for (target, body) in bodies.sorted(by: { $0.key < $1.key })
        where target.range(of: #"^/api/issue/[0-9]+/$"#, options: .regularExpression) != nil {
            guard let issue = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let id = issue["id"] as? Int else { continue }
            let series = issue["series"] as? [String: Any] ?? [:]
            let name = series["name"] as? String ?? "", year = series["year_began"] as? Int, number = issue["number"] as? String ?? ""
            let item: [String: Any] = [
                "id": id, "series": ["name": name, "volume": series["volume"] ?? NSNull(), "year_began": year ?? NSNull()],
                "number": number, "issue": "\(name)\(year.map { " (\($0))" } ?? "") #\(number)",
                "cover_date": issue["cover_date"] ?? NSNull(), "store_date": issue["store_date"] ?? NSNull(),
                "image": issue["image"] ?? NSNull(), "cover_hash": issue["cover_hash"] ?? NSNull(),
                "modified": issue["modified"] ?? NSNull(),
            ]
            for (kind, key) in [("character", "characters"), ("arc", "arcs")] {
                for named in issue[key] as? [[String: Any]] ?? [] {
                    if let owner = named["id"] as? Int { found[kind, default: [:]][owner, default: []].append(item) }
                }
            }
        }
        return found.mapValues { byID in
            byID.mapValues { $0.sorted { ($0["cover_date"] as? String ?? "", $0["id"] as? Int ?? 0) < ($1["cover_date"] as? String ?? "", $1["id"] as? Int ?? 0) } }
        }
    }
}
