import Catalog
import ContractServing
import Foundation
import LiveSourceKit
import MarvelAPI
import MarvelContract

/// Comic Vine (comicvine.gamespot.com) as the server's source (`--source comicvine`): the
/// contract answered from Comic Vine's records through the client (its budget and cache);
/// pictures fetched only from Comic Vine's own hosts, resized by the kit's picture proxy.
public struct ComicVineServing: LiveSource {
    /// Where Comic Vine's pictures live (its API answers name this host).
    public static let imageHosts: Set<String> = ["comicvine.gamespot.com"]

    public var client: ComicVineClient
    /// The longest a client waits for an answer before the contract's 504 (the answer goes on
    /// being fetched and kept): `serve`'s promise, for a client with a bound on its waits;
    /// nil (the gallery, whose waits are counted down on its status line): no bound.
    public var answerDeadline: Duration?
    private let pending = PendingAnswers()
    private let proxy: PictureProxy

    public init(client: ComicVineClient, imageHosts: Set<String> = ComicVineServing.imageHosts) {
        self.client = client
        answerDeadline = client.longestWait == nil ? nil : AnswerDeadline.serve
        proxy = PictureProxy(allowedHosts: imageHosts.union([PictureProxy.hostPort(client.baseURL)]))
    }

    public var name: String { "comicvine" }
    public var attribution: Attribution {
        Attribution(copyright: ComicVineTerms.copyright, text: ComicVineTerms.attribution, link: ComicVineTerms.site)
    }
    public var capabilities: LiveSourceCapabilities { ComicVineBackend.capabilities }
    public var answerMaxAge: Int { 3_600 }

    public func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                       base: String) async throws(APIFailure) -> RouteAnswer {
        let backend = ComicVineBackend(client: client)
        guard let answerDeadline else { return try await backend.answer(route, params, base: base) }
        let answer = pending.task(base + pathAndQuery) { () async -> PendingAnswers.Outcome in
            do throws(APIFailure) { return .success(try await backend.answer(route, params, base: base)) } catch { return .failure(error) }
        }
        return try await AnswerDeadline.run(answerDeadline, source: "Comic Vine", answer)
    }

    /// A served picture: Comic Vine's file (no API budget), at the variant asked for.
    public func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage? {
        let (variant, ext, placeholder, isPlaceholder) = PictureProxy.asked(path)
        if isPlaceholder { return .placeholder(placeholder) }
        guard let original = ComicVineToMarvel.paths.original(of: path, variantNames: PicturePath.variantNames) else { return nil }
        do {
            let picture = try await proxy.picture(original, variant: variant, fileExtension: ext, renderer: renderer) {
                url throws(ComicVineError) in try await client.file(url)
            }
            return picture.map { .picture($0) }
        } catch {
            if let cv = error as? ComicVineError, case .notFound = cv { return .notFound(cv.description) }
            return .failed(503, (error as? ComicVineError)?.description ?? "Comic Vine's picture could not be fetched")
        }
    }

    /// "Comic Vine · 3/200 characters this hour · Comic Vine", read from the shared budget file.
    public var statusText: String? {
        if client.keyRefused { return ComicVineError.unauthorized.description }
        guard let usage = try? client.limiter.usage() else { return nil }
        return usage.statusText
    }

    public var lastRateLimitText: String? { client.lastRateLimitError }

    /// Read from the shared budget file, never from Comic Vine: a refused key, or a pause
    /// Comic Vine asked for (420), means nothing new can be asked for now.
    public var health: SourceHealth {
        .budget(refused: client.keyRefused ? ComicVineError.unauthorized.description : nil, source: "Comic Vine",
                usage: { try? client.limiter.usage() })
    }

    public func settle() async { await client.settle() }

    /// Resource URIs are the contract's; a served picture is Comic Vine's own file.
    public func lastingURL(ofServed path: String) -> String? {
        if path.hasPrefix("v1/") { return ContractValues.gateway + path }
        return ComicVineToMarvel.paths.lastingURL(ofServed: path, variantNames: PicturePath.variantNames)
    }
}
