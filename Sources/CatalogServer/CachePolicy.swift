import MetronSource

/// `Cache-Control` of every answer, consistent with its ETag: what may be kept is the entity
/// the ETag names, so a 304 carries the same policy as the 200 it confirms; errors (auth,
/// validation, 429, 503) are never kept. The catalog changes only by an import, so an hour
/// for API answers and a day for pictures; a browser then revalidates with `If-None-Match`
/// and gets a 304. Metron's answers are kept no longer than the Metron client keeps its own
/// copies fresh (`metron(_:)`). Answers that set their own (Metron's pictures, a stale Metron
/// copy, a garbled picture) keep theirs.
struct CachePolicy: Sendable {
    var apiMaxAge = 3_600
    var imageMaxAge = 86_400

    static let catalog = CachePolicy()

    /// At most an hour, and never longer than the client's own freshness of lists or details.
    static func metron(_ freshness: MetronClient.Freshness) -> CachePolicy {
        let shortest = min(freshness.lists, freshness.details)
        return CachePolicy(apiMaxAge: max(0, min(3_600, Int(shortest.isFinite ? shortest : 0))))
    }

    func header(status: Int, isImage: Bool) -> String {
        guard status == 200 || status == 304 else { return "no-store" }
        return "public, max-age=\(isImage ? imageMaxAge : apiMaxAge)"
    }
}
