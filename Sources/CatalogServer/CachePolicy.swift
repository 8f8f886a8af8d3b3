/// `Cache-Control` of every answer, consistent with its ETag: what may be kept is the entity
/// the ETag names, so a 304 carries the same policy as the 200 it confirms; errors (auth,
/// validation, 429, 503) are never kept. The catalog changes only by an import, so an hour
/// for API answers and a day for pictures; a browser then revalidates with `If-None-Match`
/// and gets a 304. Answers that set their own (Metron's pictures, a stale Metron copy, a
/// garbled picture) keep theirs.
enum CachePolicy {
    static let apiMaxAge = 3_600
    static let imageMaxAge = 86_400

    static func header(status: Int, isImage: Bool) -> String {
        guard status == 200 || status == 304 else { return "no-store" }
        return "public, max-age=\(isImage ? imageMaxAge : apiMaxAge)"
    }
}
