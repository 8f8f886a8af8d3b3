import Foundation

/// The strong ETag of each representation of one JSON answer. RFC 9110 §8.8.3: a strong
/// validator changes whenever the bytes sent do, content coding included; one tag on both the
/// gzip and the identity body let a cache or proxy take one for the other and If-Range join
/// byte ranges of both. The identity body's tag is the envelope's `etag` as the contract has it
/// (40 hex chars, unquoted, equal to the body's field, as the gateway's recordings show); the
/// gzip body's is that tag with `-gzip` (Apache mod_deflate's way), whose decoded body carries
/// the same `etag` field, since its JSON is the same. Both stay strong, so `If-None-Match`
/// (weak comparison) and caches that only keep strong tags work as before.
enum RepresentationTag {
    static let gzipSuffix = "-gzip"

    /// The tag sent with the body: the gzip representation's when the body is gzip.
    static func of(_ etag: String, gzip: Bool) -> String { gzip ? etag + gzipSuffix : etag }

    /// The tag a 304 confirms, or nil when `If-None-Match` names no representation of this
    /// answer that the request may be answered with: the identity one always (every client
    /// reads it), the gzip one only when the request accepts gzip. The 304 carries the tag the
    /// client named, so its cache refreshes the copy it holds (RFC 9111 §4.3.4 picks stored
    /// responses by that tag); `*` confirms the representation this request would get.
    static func notModified(_ ifNoneMatch: String?, etag: String, acceptsGzip: Bool) -> String? {
        guard let ifNoneMatch else { return nil }
        let named = ifNoneMatch.split(separator: ",").map { candidate in
            var tag = Substring(candidate.trimmingCharacters(in: .whitespaces))
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }  // weak comparison (§13.1.2)
            if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = tag.dropFirst().dropLast() }
            return String(tag)
        }
        let sent = of(etag, gzip: acceptsGzip)
        if named.contains("*") || named.contains(sent) { return sent }
        if named.contains(etag) { return etag }
        if acceptsGzip, named.contains(of(etag, gzip: true)) { return of(etag, gzip: true) }
        return nil
    }
}
