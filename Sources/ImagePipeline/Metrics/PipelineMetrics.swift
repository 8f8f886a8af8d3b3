import Foundation

/// Counters of what the pipeline did. Saved next to the disk cache when the pipeline closes,
/// so `marvel-gallery cache info` can show the last run.
public struct PipelineMetrics: Codable, Sendable, Equatable {
    /// Requests answered from memory (cells ready, drawn in the same frame).
    public var memoryHits = 0
    /// Requests for a size not yet encoded whose pixels were in memory (encode only).
    public var memoryPixelHits = 0
    /// Images read back from the disk cache.
    public var diskHits = 0
    /// Completed downloads.
    public var networkLoads = 0
    /// Requests that joined a render or download already in progress.
    public var coalescedJoins = 0
    /// Requesters that cancelled.
    public var cancels = 0
    /// Running downloads aborted because every requester left.
    public var abortedTransfers = 0
    public var retries = 0
    /// Disk entries found corrupt (short, checksum, undecodable) and deleted.
    public var corruptEntries = 0
    /// Pictures (distinct URLs) decoded from truncated/corrupt data: shown, never cached.
    public var damagedImages = 0
    /// Disk-cache writes that failed (full or read-only disk): those pictures stayed in memory.
    public var diskWriteFailures = 0
    /// Requests that ended in the failed placeholder.
    public var failures = 0
    /// Requests answered by the negative cache without a download.
    public var negativeCacheHits = 0
    /// Marvel "image not available" URLs drawn locally without a download.
    public var placeholderHits = 0
    public var bytesDownloaded = 0
    /// Bytes of prefetched images never requested at visible priority (so far).
    public var wastedPrefetchBytes = 0
    public var decodes = 0
    public var decodeNanoseconds: UInt64 = 0
    public var renders = 0
    public var renderNanoseconds: UInt64 = 0

    public init() {}

    public static let fileName = "metrics.json"

    public func save(to url: URL) throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = [UInt8](try enc.encode(self))
        // A temporary file and a rename, so a reader never sees half a file; written with
        // write(2), as Foundation's `Data.write` fsyncs and kept every gallery's exit waiting on
        // the disk (17-27 ms) for counters.
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temp, url.path) == 0 else {
            unlink(temp)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    public static func load(from url: URL) -> PipelineMetrics? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(PipelineMetrics.self, from: data)
    }

    /// `name value` lines in a fixed order, for `cache info`.
    public var lines: [(String, String)] {
        [("memory hits", "\(memoryHits)"), ("memory pixel hits", "\(memoryPixelHits)"),
         ("disk hits", "\(diskHits)"), ("network loads", "\(networkLoads)"),
         ("coalesced joins", "\(coalescedJoins)"), ("cancels", "\(cancels)"),
         ("aborted transfers", "\(abortedTransfers)"), ("retries", "\(retries)"),
         ("corrupt entries", "\(corruptEntries)"), ("failures", "\(failures)"),
         ("damaged pictures", "\(damagedImages)"), ("disk write failures", "\(diskWriteFailures)"),
         ("negative-cache hits", "\(negativeCacheHits)"), ("placeholders", "\(placeholderHits)"),
         ("bytes downloaded", "\(bytesDownloaded)"), ("wasted prefetch bytes", "\(wastedPrefetchBytes)"),
         ("decodes", "\(decodes)"),
         ("decode time", String(format: "%.1f ms", Double(decodeNanoseconds) / 1e6)),
         ("renders", "\(renders)"),
         ("render time", String(format: "%.1f ms", Double(renderNanoseconds) / 1e6))]
    }
}
