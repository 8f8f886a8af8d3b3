import ArgumentParser
import Foundation
import ImagePipeline
import MarvelAPI

/// `marvel-gallery cache info|clear`: the image cache and the API response cache on disk, and
/// the last run's counters.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect or empty the image cache and the API response cache.",
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self])
}

struct CacheLocationOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"),
            help: "Image cache folder (default: $MARVEL_GALLERY_IMAGE_CACHE, else $XDG_CACHE_HOME/marvel-gallery/images, ~/.cache when unset).")
    var cacheDir: String?

    var directory: URL { cacheDir.map { URL(fileURLWithPath: $0) } ?? ImagePipeline.defaultCacheDirectory }

    /// The image cache at `directory` if one was ever written there, opened with no size limit
    /// so that looking never evicts anything.
    var existingImageCache: DiskCache? {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("entries").path) else { return nil }
        return DiskCache(directory: directory, sizeLimit: Int.max / 4)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    /// The API response cache (`$XDG_CACHE_HOME/marvel-gallery/responses`).
    static var responses: ResponseCache { ResponseCache(directory: ResponseCache.defaultDirectory()) }

    static func printResponses() {
        let cache = responses
        let info = cache.info
        print("responses: \(megabytes(info.totalSize)) in \(info.entryCount) entries (limit \(megabytes(cache.sizeLimit))) "
              + "at \(cache.directory.appendingPathComponent("responses").path)")
    }
}

struct CacheInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the cache's location, size, entry count and the last run's counters.")

    @OptionGroup var location: CacheLocationOptions

    func run() throws {
        let dir = location.directory
        CacheLocationOptions.printResponses()
        print("location: \(dir.path)")
        guard let cache = location.existingImageCache else {
            print("size: 0 (no cache yet)")
            return
        }
        let info = cache.info
        print("size: \(CacheLocationOptions.megabytes(info.totalSize)) in \(info.entryCount) entries (limit \(CacheLocationOptions.megabytes(ImagePipeline.defaultDiskLimit)))")
        let metricsURL = dir.appendingPathComponent(PipelineMetrics.fileName)
        guard let metrics = PipelineMetrics.load(from: metricsURL) else {
            print("last run: no counters saved yet")
            return
        }
        let when = (try? FileManager.default.attributesOfItem(atPath: metricsURL.path)[.modificationDate] as? Date)
            .map { ISO8601DateFormatter().string(from: $0) } ?? "unknown"
        print("last run (saved \(when)):")
        let width = metrics.lines.map(\.0.count).max() ?? 0
        for (name, value) in metrics.lines {
            print("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }
}

struct CacheClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every cached image, every cached API response and the saved counters.")

    @OptionGroup var location: CacheLocationOptions

    func run() throws {
        let responses = CacheLocationOptions.responses
        let stored = responses.info
        try responses.removeAll()
        print("cleared \(stored.entryCount) responses (\(CacheLocationOptions.megabytes(stored.totalSize)))")
        let dir = location.directory
        guard let cache = location.existingImageCache else {
            print("nothing to clear at \(dir.path)")
            return
        }
        let before = cache.info
        cache.removeAll()
        try? FileManager.default.removeItem(at: dir.appendingPathComponent(PipelineMetrics.fileName))
        print("cleared \(before.entryCount) entries (\(CacheLocationOptions.megabytes(before.totalSize))) from \(dir.path)")
    }
}
