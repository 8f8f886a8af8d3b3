import Foundation
import ImageCore
import HTTPTransport
import UserDirectories

extension ImagePipeline {
    /// `$MARVEL_GALLERY_IMAGE_CACHE`, else `$XDG_CACHE_HOME/marvel-gallery/images`, else
    /// `~/.cache/marvel-gallery/images`.
    public static var defaultCacheDirectory: URL { defaultCacheDirectory(environment: ProcessInfo.processInfo.environment) }

    /// (`UserDirectories`: `~` is `$HOME` first).
    public static func defaultCacheDirectory(environment env: [String: String]) -> URL {
        if let dir = env["MARVEL_GALLERY_IMAGE_CACHE"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        return UserDirectories.appCache(env).appendingPathComponent("images")
    }

    /// The picture cache's size on disk, which `cache info` reports as the limit.
    public static let defaultDiskLimit = 200 << 20

    /// The app's pipeline: libcurl loader on `transport`, disk cache in `cacheDirectory`
    /// (metrics saved beside it on `close()`), ImageCore decode and half-block cells;
    /// `isNotAvailable` names the source's "no image" URLs. The memory cache holds 16 MB of
    /// pictures (decoded pixels and cells; at 200x60 about seven screens of 150x225 portraits):
    /// enough for an instant scroll back, small enough that a walk through 50,000 characters
    /// stays under 100 MB (at 40 and 24 MB, walks that fetched 5,800-19,800 pictures peaked at
    /// 106-107 MB with 24-25 MB of them cached; the disk cache brings back the rest).
    public static func standard(transport: HTTPTransport, cacheDirectory: URL = defaultCacheDirectory,
                                diskLimit: Int = defaultDiskLimit, memoryLimit: Int = 16 << 20,
                                isNotAvailable: @escaping @Sendable (String) -> Bool = { _ in false }) -> ImagePipeline {
        // The app's pictures and pages are large blocks: returned to the system once freed.
        LargeBlocks.mappedOnTheirOwn
        let disk = DiskCache(directory: cacheDirectory, sizeLimit: diskLimit)
        var config = Configuration(dataLoader: CurlDataLoader(transport: transport), dataCache: disk)
        config.memoryCostLimit = memoryLimit
        config.isNotAvailable = isNotAvailable
        config.metricsURL = cacheDirectory.appendingPathComponent(PipelineMetrics.fileName)
        return ImagePipeline(configuration: config)
    }
}
