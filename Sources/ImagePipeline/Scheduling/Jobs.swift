import ImageCore
/// A render (pixels → cells) for one exact request, shared by every requester of it.
// Mutable fields are guarded by `Scheduler.lock`; detached work reads only `let`s.
final class RenderJob: @unchecked Sendable {
    enum State { case waitingForPixels, queued, running }
    let request: ImageRequest
    var subscribers: [Int: (task: ImageTask, priority: ImagePriority)] = [:]
    var state: State = .waitingForPixels
    let seq: Int
    init(request: ImageRequest, seq: Int) { self.request = request; self.seq = seq }

    var priority: ImagePriority { subscribers.values.map(\.priority).max() ?? .veryLow }
}

/// Getting one URL's pixels: disk, else network, then one decode. Shared by every render job
/// of that URL (any box, fit or colour).
// Mutable fields are guarded by `Scheduler.lock`; detached work reads only `let`s.
final class FetchJob: @unchecked Sendable {
    enum State {
        /// Not started before `eligibleAt` (start delay or retry back-off); `network` skips disk.
        case waiting(eligibleAt: UInt64, network: Bool)
        case diskQueued, diskRunning
        case netQueued, netRunning(Task<Void, Never>)
        case decodeQueued([UInt8]), decoding
    }
    let url: String
    let host: String
    /// The disk cache key: the URL without a loopback host and port (see `ImageRequest.cacheKey`).
    let diskKey: String
    let seq: Int
    var state: State
    var renderKeys: Set<ImageRequest> = []
    var retries = 0
    /// The disk copy proved undecodable once; the next failure is final.
    var healedFromDisk = false
    /// A requester at normal priority or above joined (a download is then not prefetch waste).
    var everVisible = false
    /// Set when the last requester left; a running stage then finishes without delivering.
    var abandoned = false
    /// Raised when abandoned while decoding: the codec stops between rows/scans.
    let cancellation = DecodeCancellation()

    /// The size the waiting requests draw at when all of them are pixel pictures: the largest
    /// of their pixel boxes, which the decode may scale down to (`ImageCoreDecoder`). nil when
    /// one is half-blocks: that path decodes whole, its quality measured that way.
    var drawnSize: PixelSize? {
        var width = 0, height = 0
        for key in renderKeys {
            guard key.graphics.usesPixels else { return nil }
            let cell = key.graphics.cellPixels
            let box = PixelBox(cols: key.box.cols, rows: key.box.rows, cellWidth: cell.width, cellHeight: cell.height).size
            width = max(width, box.width)
            height = max(height, box.height)
        }
        return width > 0 ? PixelSize(width: width, height: height) : nil
    }

    init(url: String, host: String, seq: Int, state: State) {
        self.url = url
        self.diskKey = ImageRequest.cacheKey(for: url)
        self.host = host
        self.seq = seq
        self.state = state
    }
}

/// CPU work handed out at most `maxConcurrentDecodes` at a time.
enum CPUWork {
    case diskDecode(FetchJob)
    case decode(FetchJob, [UInt8])
    case render(RenderJob, PixelImage)
}

/// Keys of the shared memory cache: decoded pixels by URL, cells by exact request.
public enum MemoryKey: Hashable, Sendable {
    case pixels(String)
    case cells(ImageRequest)
}

public enum MemoryValue: Sendable {
    case pixels(PixelImage)
    case cells(CellImage)
}
