import CacheKit
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
/// (`ts`/`hash` change per request; the key must not), kept by the program's one disk cache
/// engine (`DiskStore`, entries laid out by `ResponseEntryFormat` under `responses/`): atomic
/// writes, a damaged entry deleted and read as a miss, the folder bounded by `sizeLimit` with the
/// least recently used entries going first, shared safely by several processes.
/// Nothing secret is stored: the key holds no auth parameters and bodies come from the server.
public final class ResponseCache: Sendable {
    public let directory: URL
    public let sizeLimit: Int

    static let authParameters: Set<String> = ["apikey", "ts", "hash"]
    /// Generous for JSON pages (a page is 10-60 kB): thousands of pages.
    public static let defaultSizeLimit = 50 << 20

    private let disk: DiskStore<ResponseEntryFormat>
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
        // Trimmed to 3/4 of the limit, so the next stores do not each pay for a sweep; the
        // folder is the user's only (0o700).
        disk = DiskStore(configuration: .init(directory: directory, sizeLimit: self.sizeLimit, trimRatio: 0.75,
                                              layout: .named("responses"), folderPermissions: 0o700))
    }

    /// Entry count and bytes of the stored responses.
    public var info: (entryCount: Int, totalSize: Int) {
        let info = disk.info
        return (info.entryCount, info.totalSize)
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

    /// The stored response for this request, or nil (missing or damaged entries are misses).
    public func load(_ url: URL) -> CachedResponse? {
        let key = Self.key(for: url)
        if let kept = memory.withLock({ $0.value(for: key) }) { return kept }
        return disk.data(for: key)
    }

    /// Stores a body atomically. When the disk refuses it, the response is kept in memory
    /// instead and `unavailableReason` says why: a refused write is not an error (`throws` for
    /// callers that treat storing as fallible).
    public func store(_ url: URL, etag: String?, body: Data) throws {
        let key = Self.key(for: url)
        let response = CachedResponse(etag: etag, body: body, storedAt: Date())
        guard let reason = disk.write(response, for: key) else { return }
        diskProblem.withLock { if $0 == nil { $0 = "response cache \(directory.path) is not writable (\(reason)): responses kept in memory" } }
        memory.withLock { _ = $0.insert(response, for: key, cost: body.count) }
    }

    /// Removes every stored response.
    public func removeAll() throws {
        disk.removeAll()
        memory.withLock { $0.removeAll() }
    }
}
