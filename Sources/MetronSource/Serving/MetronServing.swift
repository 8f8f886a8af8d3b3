import Catalog
import ContractServing
import Foundation
import LiveSourceKit
import MarvelAPI
import MarvelContract

/// Metron (metron.cloud) as the server's source (`--source metron`): the contract answered
/// from Metron's records through the client (its budget and cache), pictures fetched only from
/// the client's own host and Metron's image host.
public struct MetronServing: LiveSource {
    public static let imageHost = "static.metron.cloud"

    public var client: MetronClient
    /// Hosts (`host` or `host:port`) pictures may come from besides Metron's own.
    public var imageHosts: Set<String>
    /// Whether list items missing their details are fetched within the spare budget
    /// (`MetronBackend+Fill`): for `serve`, whose clients read list forms as true. The gallery
    /// asks a detail when it shows one, so its lists are filled from what is stored only and
    /// a second visit costs Metron nothing.
    public var fillsLists: Bool
    /// The longest a client waits for an answer before the contract's 504 (the answer goes on
    /// being fetched and kept): `serve`'s promise, for a client with a bound on its waits;
    /// nil (the gallery, whose waits are counted down on its status line): no bound.
    public var answerDeadline: Duration?
    private let pending = PendingAnswers()
    private let images: MetronImages

    public init(client: MetronClient, imageHosts: Set<String> = [MetronServing.imageHost], fillsLists: Bool = true) {
        self.client = client
        self.imageHosts = imageHosts
        self.fillsLists = fillsLists
        answerDeadline = client.longestWait == nil ? nil : AnswerDeadline.serve
        let base = client.baseURL
        let host = base.port.map { "\(base.host ?? ""):\($0)" } ?? (base.host ?? "")
        images = MetronImages(client: client, allowedHosts: imageHosts.union([host]))
    }

    public var name: String { "metron" }
    public var attribution: Attribution {
        Attribution(copyright: MetronTerms.copyright, text: MetronTerms.attribution, link: MetronTerms.site)
    }
    public var capabilities: LiveSourceCapabilities { MetronBackend.capabilities }
    /// No longer than the client keeps its own copies fresh.
    public var answerMaxAge: Int {
        let shortest = min(client.freshness.lists, client.freshness.details)
        return Int(shortest.isFinite ? min(shortest, 3_600) : 0)
    }

    public func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                       base: String) async throws(APIFailure) -> RouteAnswer {
        guard let answerDeadline else { return try await answerNow(route, params, base: base) }
        let answer = pending.task(base + pathAndQuery) { [self] () async -> PendingAnswers.Outcome in
            do throws(APIFailure) { return .success(try await answerNow(route, params, base: base)) } catch { return .failure(error) }
        }
        return try await AnswerDeadline.run(answerDeadline, source: "Metron", answer)
    }

    private func answerNow(_ route: ContractRoute, _ params: QueryParameters, base: String) async throws(APIFailure) -> RouteAnswer {
        let staleness = MetronStaleness()
        let backend = MetronBackend(client: client, fills: fillsLists)
        let outcome: Result<RouteAnswer, APIFailure> = await MetronStaleness.$current.withValue(staleness) {
            do throws(APIFailure) {
                return .success(try await backend.answer(route, params, base: base))
            } catch {
                return .failure(error)
            }
        }
        var answer = try outcome.get()
        answer.staleSince = staleness.storedAt
        return answer
    }

    public func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage? {
        await images.image(path: path, urgency: urgency, renderer: renderer)
    }

    /// A character's picture costs its detail lookup, which waits when the minute is spent.
    public var picturesWaitForBudget: Bool { true }

    /// "Metron · 14/18 this minute · 4,310 today · CC BY-SA 4.0", read from the shared budget
    /// file at every draw (a locked read of a few hundred bytes): a copy kept for even half a
    /// second went stale when the last pictures arrived within it.
    public var statusText: String? {
        if client.credentialsRefused { return MetronError.unauthorized.description }
        guard let usage = try? client.limiter.usage() else { return nil }
        return usage.statusText + " · " + MetronTerms.statusCredit
    }

    public var lastRateLimitText: String? { client.lastRateLimitError }

    /// Read from the shared budget file, never from Metron: the day's budget spent, or a pause
    /// Metron asked for (429), means nothing new can be asked for now.
    public var health: SourceHealth {
        .budget(refused: client.credentialsRefused ? MetronError.unauthorized.description : nil, source: "Metron",
                usage: { try? client.limiter.usage() }) { usage in
            usage.today >= usage.perDay ? "today's \(usage.perDay) Metron requests are spent" : nil
        }
    }

    public func settle() async { await client.settle() }

    /// Resource URIs are the contract's; a Metron picture is Metron's original file; a list
    /// item's picture by id (no original known without a detail) is the contract's placeholder.
    public func lastingURL(ofServed path: String) -> String? {
        let gateway = ContractValues.gateway, notAvailable = MarvelShapes.imageNotAvailablePath
        if path.hasPrefix("v1/") { return gateway + path }
        if path.hasPrefix(MetronImagePath.characterPrefix.dropFirst()) {
            // `{id}` or `{id}/{variant}.jpg`: the placeholder, in the same variant.
            let parts = path.split(separator: "/")
            return notAvailable + (parts.count > 2 ? "/" + parts[2...].joined(separator: "/") : "")
        }
        return MetronImagePath.paths.lastingURL(ofServed: path, variantNames: PicturePath.variantNames)
    }
}
