import Foundation
import MarvelContract
import HTTPTransport

/// Speaks the Marvel REST contract to one base URL: the official gateway (with keys), any
/// compatible mirror, or the loopback catalog server. Signs requests when it has keys, retries
/// transient failures, revalidates with ETags and falls back to stored copies when offline.
public final class MarvelClient: Sendable {
    public static let officialBaseURL = URL(string: "https://gateway.marvel.com")!

    public let baseURL: URL
    public let credentials: MarvelCredentials?
    public let transport: HTTPTransport
    public let cache: ResponseCache?
    public let retryPolicy: RetryPolicy
    /// Per-attempt limits for API calls; nil = the transport's defaults.
    public let timeouts: HTTPTimeouts?
    /// Makes the `ts` parameter; a millisecond clock by default (tests fix it).
    let timestamp: @Sendable () -> String

    public init(baseURL: URL = MarvelClient.officialBaseURL, credentials: MarvelCredentials? = nil,
                transport: HTTPTransport, cache: ResponseCache? = nil, retryPolicy: RetryPolicy = .standard,
                timeouts: HTTPTimeouts? = nil,
                timestamp: @escaping @Sendable () -> String = { String(Int(Date().timeIntervalSince1970 * 1000)) }) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
        self.cache = cache
        self.retryPolicy = retryPolicy
        self.timeouts = timeouts
        self.timestamp = timestamp
    }

    /// True for Marvel's own gateway (whose 5xx means "retired", not "try later").
    public var isOfficialGateway: Bool { baseURL.host.map(MarvelHosts.isMarvelHost) ?? false }

    // MARK: Endpoints

    public func characters(_ query: CharacterQuery = .init()) async throws -> MarvelPage<MarvelCharacter> {
        try await page(.characters(query))
    }

    public func character(id: Int) async throws -> MarvelCharacter { try await single(.byID(id)) }

    public func comics(_ query: ComicQuery = .init()) async throws -> MarvelPage<MarvelComic> {
        try await page(.comics(query))
    }

    public func comic(id: Int) async throws -> MarvelComic { try await single(.byID(id)) }

    public func characterComics(id: Int, _ query: ComicQuery = .init()) async throws -> MarvelPage<MarvelComic> {
        try await page(.characterComics(characterID: id, query))
    }

    public func characterSeries(id: Int, _ page: PageQuery = .init()) async throws -> MarvelPage<MarvelSeries> {
        try await self.page(.ofCharacter(id, page))
    }

    public func characterStories(id: Int, _ page: PageQuery = .init()) async throws -> MarvelPage<MarvelStory> {
        try await self.page(.ofCharacter(id, page))
    }

    public func characterEvents(id: Int, _ page: PageQuery = .init()) async throws -> MarvelPage<MarvelEvent> {
        try await self.page(.ofCharacter(id, page))
    }

    public func comicCharacters(id: Int, _ query: CharacterQuery = .init()) async throws -> MarvelPage<MarvelCharacter> {
        try await page(.comicCharacters(comicID: id, query))
    }

    /// A paginator over any list endpoint.
    public func paginator<Entity>(_ endpoint: MarvelEndpoint<Entity>, pageSize: Int = 20) -> Paginator<Entity> {
        Paginator(endpoint: endpoint, pageSize: pageSize) { [self] in try await page($0) }
    }

    /// The one entity of a by-id endpoint; `.notFound` when the list is empty.
    public func single<Entity>(_ endpoint: MarvelEndpoint<Entity>) async throws -> Entity {
        guard let first = try await page(endpoint).results.first else {
            throw MarvelAPIError.notFound("no result for \(endpoint.path)")
        }
        return first
    }

    /// Fetches and decodes one page. Throws `MarvelAPIError` or `CancellationError`.
    public func page<Entity>(_ endpoint: MarvelEndpoint<Entity>) async throws -> MarvelPage<Entity> {
        let url = try signedURL(for: endpoint)
        let stored = cache?.load(url)
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let etag = stored?.etag { headers.append(("If-None-Match", etag)) }
        let request = HTTPRequest(url: url, headers: headers, timeouts: timeouts)
        do {
            let response = try await sendWithRetries(request)
            switch response.status {
            case 200:
                let wrapper: DataWrapper<Entity> = try decode(response.body, contentType: response.headers["content-type"])
                let etag = response.headers["etag"] ?? wrapper.etag
                let unknown = UnknownFields(headerValue: response.headers[UnknownFields.header.lowercased()])
                if let warning = response.headers["warning"], warning.hasPrefix("110") {
                    // A translating server (a live source) answered from its stored copies: stale, as
                    // our own fallback would be; not stored over a fresher copy.
                    let age = response.headers["age"].flatMap { Double($0) } ?? 0
                    return MarvelPage(wrapper: wrapper, source: .stale(storedAt: Date().addingTimeInterval(-age),
                                                                       because: .server(status: 503, message: "the server's source cannot be reached")),
                                      unknown: unknown)
                }
                try? cache?.store(url, etag: etag, body: response.body)   // a full disk must not fail the call
                return MarvelPage(wrapper: wrapper, source: .network, unknown: unknown)
            case 304:
                guard let stored else { throw MarvelAPIError.notModifiedWithoutCache }
                // The server repeats the unknown fields on a 304 (the same body, still unknown).
                return MarvelPage(wrapper: try decode(stored.body), source: .revalidated,
                                  unknown: UnknownFields(headerValue: response.headers[UnknownFields.header.lowercased()]))
            default:
                throw error(for: response)
            }
        } catch let error as MarvelAPIError where error.allowsStaleFallback {
            guard let stored, let wrapper = try? decode(stored.body) as DataWrapper<Entity> else { throw error }
            return MarvelPage(wrapper: wrapper, source: .stale(storedAt: stored.storedAt, because: error))
        }
    }

    // MARK: Pieces

    /// Base URL + path + query + auth (`ts`, `apikey`, `hash`) when keys are set.
    func signedURL<Entity>(for endpoint: MarvelEndpoint<Entity>) throws -> URL {
        // The API path goes after the base URL's own path, never into its query: a base of
        // `http://h:P/mirror/?x=1` keeps `x=1` (first) and asks `/mirror/v1/public/...`.
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw MarvelAPIError.invalidArgument("base URL \(baseURL.absoluteString) cannot take a path")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        // Marvel's documentation gives the base as `https://gateway.marvel.com/v1/public/`: a
        // base URL written so is the API's root, not a mirror's folder (it asked `/v1/public/v1/public/...`).
        if basePath.hasSuffix("/v1/public") { basePath.removeLast("/v1/public".count) }
        components.percentEncodedPath = basePath + endpoint.path
        components.fragment = nil
        var items = (components.queryItems ?? []) + endpoint.query
        if let credentials { items += credentials.authQuery(timestamp: timestamp()) }
        components.queryItems = items.isEmpty ? nil : items
        // `+` would read as a space on the server; URLComponents leaves it alone in queries.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw MarvelAPIError.invalidArgument("cannot build a URL from \(baseURL.absoluteString)")
        }
        return url
    }

    /// `contentType`: what the server said it sent. A body that is not JSON at all and says it is
    /// something else (a proxy's HTML error page answered 200) is named by its type, which tells the
    /// user more than "not valid JSON".
    func decode<T: Decodable>(_ body: Data, contentType: String? = nil) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            let mapped = MarvelAPIError.decoding(error)
            if case .decoding("", "not valid JSON") = mapped, let contentType {
                let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
                if !type.isEmpty, !type.contains("json"), type.count <= 60,
                   type.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) {
                    throw MarvelAPIError.decoding(path: "", detail: "the server sent \(type), not JSON")
                }
            }
            throw mapped
        }
    }
}
