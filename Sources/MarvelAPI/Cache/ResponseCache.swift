import CacheKit
import Digests
import Foundation
import Synchronization
import UserDirectories

/// A stored response: the body exactly as received and the ETag to revalidate it with.
public struct CachedResponse: Sendable, Hashable {
    public var etag: String?
    public var body: Data
    public var storedAt: Date
}

/// Response bodies + ETags on disk, one file per request URL *minus the auth parameters*
/// (`ts`/`hash` change per request; the key must not). Files are written to a temp name and
/// renamed, so a reader never sees half a file and a crash never leaves a corrupt entry.
/// Nothing secret is stored: the key holds no auth parameters and bodies come from the server.
/// The folder is bounded by `sizeLimit`: past it, the least recently used entries go (a hit
/// touches its file, so the modification time is the last use).
public final class ResponseCache: Sendable {
    public let directory: URL
    public let sizeLimit: Int

    static let authParameters: Set<String> = ["apikey", "ts", "hash"]
    private static let magic = Data("MGC1\n".utf8)
    /// Generous for JSON pages (a page is 10-60 kB): thousands of pages.
    public static let defaultSizeLimit = 50 << 20

    /// Bytes on disk as last counted plus what was stored since (nil until first counted).
    private let approximateSize = Mutex<Int?>(nil)
    /// Where responses go once the disk refused one (full or read-only): kept for this run,
    /// bounded by `sizeLimit / 4`, least recently used first out.
    private let memory: Mutex<LRUCache<String, CachedResponse>>
    private let diskProblem = Mutex<String?>(nil)

    /// Why responses are kept in memory instead of on disk (said once), nil while the disk works.
    public var unavailableReason: String? { diskProblem.withLock { $0 } }

    public init(directory: URL, sizeLimit: Int = ResponseCache.defaultSizeLimit) {
        self.directory = directory
        self.sizeLimit = max(1, sizeLimit)
        self.memory = Mutex(LRUCache(costLimit: self.sizeLimit / 4))
    }

    /// Entry count and bytes of the stored responses.
    public var info: (entryCount: Int, totalSize: Int) {
        let files = entries()
        return (files.count, files.reduce(0) { $0 + $1.size })
    }

    private func entries() -> [(url: URL, size: Int, used: Date)] {
        let folder = directory.appendingPathComponent("responses")
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys) else {
            return []
        }
        return urls.filter { $0.pathExtension == "cache" }.compactMap { url in
            let values = try? url.resourceValues(forKeys: Set(keys))
            return (url, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
    }

    /// Deletes least recently used entries until the folder is at most 3/4 of the limit (so
    /// the next stores do not each pay for a scan).
    private func evictIfNeeded(adding bytes: Int) {
        let over = approximateSize.withLock { size -> Bool in
            if size == nil { size = entries().reduce(0) { $0 + $1.size } } else { size! += bytes }
            return size! > sizeLimit
        }
        guard over else { return }
        var files = entries().sorted { $0.used < $1.used }
        var total = files.reduce(0) { $0 + $1.size }
        let target = sizeLimit / 4 * 3
        while total > target, !files.isEmpty {
            let oldest = files.removeFirst()
            if (try? FileManager.default.removeItem(at: oldest.url)) != nil { total -= oldest.size }
        }
        approximateSize.withLock { $0 = total }
    }

    /// `$XDG_CACHE_HOME/marvel-gallery` or `~/.cache/marvel-gallery`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.appCache(environment)
    }

    /// The URL without `apikey`, `ts`, `hash`: the identity of a request.
    public static func key(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        let kept = (components.queryItems ?? []).filter { !authParameters.contains($0.name) }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? url.absoluteString
    }

    func file(for url: URL) -> URL {
        directory.appendingPathComponent("responses")
            .appendingPathComponent(Digest.sha256Hex(Self.key(for: url)) + ".cache")
    }

    /// The stored response for this request, or nil (missing or unreadable entries are misses).
    public func load(_ url: URL) -> CachedResponse? {
        if let kept = memory.withLock({ $0.value(for: Self.key(for: url)) }) { return kept }
        guard let data = try? Data(contentsOf: file(for: url)), data.starts(with: Self.magic),
              let newline = data[Self.magic.count...].firstIndex(of: 10),
              let header = try? JSONDecoder().decode(Header.self, from: data[Self.magic.count..<newline]),
              header.key == Self.key(for: url)
        else { return nil }
        let body = Data(data[(newline + 1)...])
        // A body cut short or changed on disk is a miss, never a stored copy: its ETag would get a
        // 304 and the damaged body would be shown (or fail to decode) on every later run.
        guard body.count == header.length, header.sha256 == Digest.hex(Digest.sha256(body)) else {
            try? FileManager.default.removeItem(at: file(for: url))
            return nil
        }
        // A use: the entry becomes the most recently used (best effort; a read-only disk is fine).
        _ = utimes(file(for: url).path, nil)
        return CachedResponse(etag: header.etag, body: body, storedAt: Date(timeIntervalSince1970: header.storedAt))
    }

    /// Stores a body atomically (temp file + rename). When the disk refuses it, the response is
    /// kept in memory instead and `unavailableReason` says why; only encoding errors throw.
    public func store(_ url: URL, etag: String?, body: Data) throws {
        do {
            try storeOnDisk(url, etag: etag, body: body)
        } catch let error as EncodingError {
            throw error
        } catch {
            diskProblem.withLock { if $0 == nil { $0 = "response cache \(directory.path) is not writable (\(FileErrorReason.of(error))): responses kept in memory" } }
            keepInMemory(url, CachedResponse(etag: etag, body: body, storedAt: Date()))
        }
    }

    private func keepInMemory(_ url: URL, _ response: CachedResponse) {
        memory.withLock { $0.insert(response, for: Self.key(for: url), cost: response.body.count) }
    }

    private func storeOnDisk(_ url: URL, etag: String?, body: Data) throws {
        let target = file(for: url)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let header = Header(key: Self.key(for: url), etag: etag, storedAt: Date().timeIntervalSince1970,
                            length: body.count, sha256: Digest.hex(Digest.sha256(body)))
        var data = Self.magic
        data.append(try JSONEncoder().encode(header))
        data.append(10)
        data.append(body)
        let temp = folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try data.write(to: temp)
            guard rename(temp.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
        evictIfNeeded(adding: data.count)
    }

    /// Removes every stored response.
    public func removeAll() throws {
        let folder = directory.appendingPathComponent("responses")
        if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
        approximateSize.withLock { $0 = 0 }
        memory.withLock { $0.removeAll() }
    }

    private struct Header: Codable {
        var key: String
        var etag: String?
        var storedAt: Double
        /// The body's size and digest, checked on every load (entries without them are misses).
        var length: Int?
        var sha256: String?
    }
}
