import Foundation
import HTTPTransport

extension ImagePipeline {
    /// `$MARVEL_GALLERY_IMAGE_CACHE`, else `$XDG_CACHE_HOME/marvel-gallery/images`, else
    /// `~/.cache/marvel-gallery/images`.
    public static var defaultCacheDirectory: URL {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["MARVEL_GALLERY_IMAGE_CACHE"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        let base = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("marvel-gallery/images")
    }

    /// The app's pipeline: libcurl loader on `transport`, disk cache in `cacheDirectory`
    /// (metrics saved beside it on `close()`), ImageCore decode and half-block cells;
    /// `isNotAvailable` names the source's "no image" URLs. The memory cache holds about a
    /// dozen screens of pictures (40 MB): enough for an instant scroll back, small enough that a
    /// walk through 50,000 characters stays under 100 MB (the disk cache brings back the rest).
    public static func standard(transport: HTTPTransport, cacheDirectory: URL = defaultCacheDirectory,
                                diskLimit: Int = 200 << 20, memoryLimit: Int = 40 << 20,
                                isNotAvailable: @escaping @Sendable (String) -> Bool = { _ in false }) -> ImagePipeline {
        let disk = DiskCache(directory: cacheDirectory, sizeLimit: diskLimit)
        var config = Configuration(dataLoader: CurlDataLoader(transport: transport), dataCache: disk)
        config.memoryCostLimit = memoryLimit
        config.isNotAvailable = isNotAvailable
        config.metricsURL = cacheDirectory.appendingPathComponent(PipelineMetrics.fileName)
        return ImagePipeline(configuration: config)
    }
}
