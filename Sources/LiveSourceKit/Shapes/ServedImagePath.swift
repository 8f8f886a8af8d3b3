import Foundation

/// The image paths our server answers for a source's originals:
/// `{prefix}{scheme}/{host[:port]}/{path without extension}/{variant}.{ext}` (the prefix is the
/// source's own, `/metron-image/`), so the server fetches the original once and resizes it to
/// the Marvel variant asked for (`PictureProxy`).
public struct ServedImagePath: Sendable, Equatable {
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    /// The served path (without the variant) of an original's URL; nil for a URL we do not serve.
    public func served(_ original: URL) -> String? {
        guard let scheme = original.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = original.host, !original.path.isEmpty else { return nil }
        let hostPort = original.port.map { "\(host):\($0)" } ?? host
        return prefix + scheme + "/" + hostPort + original.deletingPathExtension().path
    }

    /// The original's URL for a served image path (nil when not ours), e.g.
    /// `/metron-image/https/static.metron.cloud/media/character/x/portrait_xlarge.jpg` ->
    /// `https://static.metron.cloud/media/character/x.jpg`. `variantNames` are the Marvel
    /// variant names (the last component before the extension when it is one of them).
    public func original(of path: String, variantNames: Set<String>) -> URL? {
        guard path.hasPrefix(prefix) else { return nil }
        var parts = path.dropFirst(prefix.count).split(separator: "/").map(String.init)
        guard parts.count >= 3, ["http", "https"].contains(parts[0]), let last = parts.last,
              let dot = last.lastIndex(of: ".") else { return nil }
        let ext = String(last[last.index(after: dot)...])
        let name = String(last[..<dot])
        parts.removeLast()
        if !variantNames.contains(name) { parts.append(name) }
        guard parts.count >= 3, !parts.contains(".."), !parts.contains(".") else { return nil }
        return URL(string: parts[0] + "://" + parts.dropFirst().joined(separator: "/") + "." + ext)
    }

    /// The lasting URL (once the server is gone) of a path this server wrote without its
    /// leading slash: the original file, or for a thumbnail's `path` (its extension a field of
    /// its own) scheme, host and file path; nil when not one of these paths.
    public func lastingURL(ofServed path: String, variantNames: Set<String>) -> String? {
        guard path.hasPrefix(prefix.dropFirst()) else { return nil }
        if let original = original(of: "/" + path, variantNames: variantNames) { return original.absoluteString }
        let parts = path.split(separator: "/", maxSplits: 3).map(String.init)
        if parts.count == 4, ["http", "https"].contains(parts[1]) { return parts[1] + "://" + parts[2] + "/" + parts[3] }
        return nil
    }
}
