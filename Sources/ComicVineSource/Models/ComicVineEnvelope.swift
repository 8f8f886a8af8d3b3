import Foundation

/// Every Comic Vine answer's envelope: `status_code` (1 is OK; 100 bad key, 101 not found,
/// 102 bad URL, 104 filter error, 107 rate limit), `error` ("OK" or the reason), the window
/// (`limit`, `offset`, `number_of_page_results`, `number_of_total_results`) and `results`
/// (a list for a list resource, one object for a detail).
public struct ComicVineEnvelope: @unchecked Sendable {
    public let statusCode: Int
    public let error: String
    public let total: Int
    public let offset: Int
    /// A list resource's records (empty for a detail).
    public let records: [[String: Any]]
    /// A detail resource's record (nil for a list).
    public let record: [String: Any]?

    public static let ok = 1
    public static let invalidKey = 100
    public static let notFound = 101
    public static let rateLimited = 107

    /// nil when the body is not the envelope (no object, no integer `status_code`).
    public init?(_ body: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let status = (object["status_code"] as? NSNumber)?.intValue else { return nil }
        statusCode = status
        error = object["error"] as? String ?? ""
        total = (object["number_of_total_results"] as? NSNumber)?.intValue ?? 0
        offset = (object["offset"] as? NSNumber)?.intValue ?? 0
        records = object["results"] as? [[String: Any]] ?? []
        record = object["results"] as? [String: Any]
    }
}

/// Typed reads of a Comic Vine record's fields (absent, null and mistyped are nil).
extension Dictionary where Key == String, Value == Any {
    func cvInt(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue ?? (self[key] as? String).flatMap { Int($0) } }
    func cvText(_ key: String) -> String? { self[key] as? String }
    func cvObject(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func cvList(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
}
