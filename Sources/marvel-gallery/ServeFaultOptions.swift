import ArgumentParser
import CatalogServer

/// `serve`'s faults, for testing clients against a server that misbehaves: latency, a slow
/// link, failures, rate limits, cut and garbled bodies, hostile pictures.
struct ServeFaultOptions: ParsableArguments {
    @Option(help: "Added latency per request: MS or MS:JITTER.")
    var latency: String?

    @Option(help: "Image bodies sent at this many bytes per second.")
    var bandwidth: Int?

    @Option(name: .customLong("fail-rate"), help: "Probability (0...1) of answering 503.")
    var failRate: String?

    @Option(name: .customLong("rate-limit"), help: "N/MIN requests per rolling minute, then 429 with Retry-After.")
    var rateLimit: String?

    @Option(name: .customLong("truncate-rate"), help: "Probability (0...1) that a body is cut short.")
    var truncateRate: String?

    @Option(name: .customLong("corrupt-images"), help: "Probability (0...1) that an image body is garbled.")
    var corruptImages: String?

    @Option(name: .customLong("hostile-covers"),
            help: "Probability (0...1) that a picture is a truncated JPEG or a PNG declaring 65000x65000 (chosen by its token: the same ones every time).")
    var hostileCovers: String?

    func validate() throws { _ = try faults() }

    func faults() throws -> FaultOptions {
        var f = FaultOptions()
        do {
            if let latency { try f.parseLatency(latency) }
            if let bandwidth {
                guard bandwidth > 0 else { throw ValidationError("--bandwidth expects bytes per second > 0") }
                f.bandwidthBytesPerSecond = bandwidth
            }
            if let failRate { f.failRate = try FaultOptions.probability(failRate, flag: "--fail-rate") }
            if let rateLimit { try f.parseRateLimit(rateLimit) }
            if let truncateRate { f.truncateRate = try FaultOptions.probability(truncateRate, flag: "--truncate-rate") }
            if let corruptImages { f.corruptImageRate = try FaultOptions.probability(corruptImages, flag: "--corrupt-images") }
            if let hostileCovers { f.hostileCoverRate = try FaultOptions.probability(hostileCovers, flag: "--hostile-covers") }
        } catch let error as FaultParseError {
            throw ValidationError(error.description)
        }
        return f
    }
}
