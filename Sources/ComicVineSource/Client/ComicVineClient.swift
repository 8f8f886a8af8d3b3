import ContractServing
import Foundation
import HTTPTransport
import LiveSourceKit
import MarvelAPI
import Synchronization

/// Speaks Comic Vine's API (`/characters/`, `/character/4005-{id}/`, ...) over libcurl: the
/// key as `api_key` in the query of the request sent (never in a cache key, a log or an error),
/// `format=json`, a User-Agent naming the program as Comic Vine asks, the user-wide budget
/// (per resource per hour, and a spacing) before every API request, a long-lived response
/// cache and stale-if-error. A 420 or 429 pauses every process of the user for its
/// Retry-After (else a minute) and is tried again; a refused key is said once and never retried.
public final class ComicVineClient: Sendable {
    public static let defaultBaseURL = URL(string: "https://comicvine.gamespot.com/api")!
    /// Comic Vine asks every client to name itself (its default agent is refused).
    public static let userAgent = "marvel-gallery (terminal gallery of Marvel characters; non-commercial)"
    /// How long a stored answer is used without asking again.
    public static let freshness: TimeInterval = 7 * 86_400
    /// 420 is Comic Vine's "too many requests"; 429 anyone's.
    public static let rateLimitStatuses = RateLimitStatuses([420, 429])

    public let baseURL: URL
    let auth: LiveAuth
    let transport: HTTPTransport
    public let limiter: BudgetLimiter
    let cache: ResponseCache?
    let retryPolicy: RetryPolicy
    /// The longest a request waits for the budget before failing with `mustWait` (nil: as long
    /// as it takes): `serve` sets it so its clients get a 429 with Retry-After.
    public let longestWait: TimeInterval?
    private let sent = Mutex(0)
    private let inFlight = InFlightRequests()
    /// Set once Comic Vine refused the key: every later request fails at once, spending nothing,
    /// until the program is run with another key.
    public var keyRefused: Bool { refusedKey.withLock { $0 } }
    private let refusedKey = Mutex(false)
    private let lastRateLimit = Mutex<String?>(nil)

    public init(baseURL: URL = ComicVineClient.defaultBaseURL, apiKey: String, transport: HTTPTransport,
                limiter: BudgetLimiter, cache: ResponseCache? = nil,
                retryPolicy: RetryPolicy = RetryPolicy(maxRetries: 3, maxRetryAfter: .seconds(120)),
                longestWait: TimeInterval? = nil) {
        self.baseURL = baseURL
        self.auth = .apiKey(parameter: "api_key", key: apiKey)
        self.transport = transport
        self.limiter = limiter
        self.cache = cache
        self.retryPolicy = retryPolicy
        self.longestWait = longestWait
    }

    /// API requests sent by this client (stored answers are not requests).
    public var requestsSent: Int { sent.withLock { $0 } }
    /// The words of the last rate-limit failure, for the error line a plain run ends with.
    public var lastRateLimitError: String? { lastRateLimit.withLock { $0 } }

    /// The request's identity and cache key: without the key.
    func url(_ path: String, _ query: [String: String]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var components = URLComponents(string: base + path)!
        var all = query
        all["format"] = "json"
        components.queryItems = all.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url!
    }

    /// One answer's envelope (status 1), from a fresh stored copy or Comic Vine.
    public func get(_ path: String, _ query: [String: String] = [:], background: Bool = false,
                    urgency: Int = 3) async throws(ComicVineError) -> ComicVineEnvelope {
        let url = self.url(path, query)
        let stored = cache?.load(url)
        if let stored, Date().timeIntervalSince(stored.storedAt) < Self.freshness, let envelope = ComicVineEnvelope(stored.body) {
            return envelope
        }
        do {
            return try await fetch(url, path: path, background: background, urgency: urgency)
        } catch {
            if case .rateLimited = error { lastRateLimit.withLock { $0 = error.description } }
            if case .mustWait = error { lastRateLimit.withLock { $0 = error.description } }
            switch error {
            // A refused key leaves what was stored browsable; the reason is said by the status
            // line and `/health` (`keyRefused`).
            case .transport, .unexpectedStatus, .rateLimited, .mustWait, .unauthorized:
                if let stored, let envelope = ComicVineEnvelope(stored.body) { return envelope }
            default: break
            }
            throw error
        }
    }

    /// The stored envelope of a request (of any age), if any: no request, no budget.
    public func stored(_ path: String, _ query: [String: String] = [:]) -> ComicVineEnvelope? {
        cache?.load(url(path, query)).flatMap { ComicVineEnvelope($0.body) }
    }

    /// A picture on Comic Vine's image host: not an API call, so no budget; kept until the
    /// cache's LRU drops it (a picture at one URL never changes).
    public func file(_ url: URL) async throws(ComicVineError) -> Data {
        if let stored = cache?.load(url) { return stored.body }
        var request = HTTPRequest(url: url, headers: [("User-Agent", Self.userAgent)])
        request.maxRedirects = 3
        let response: HTTPResponse
        do { response = try await send(request, storingAs: url) } catch { throw .transport(auth.redacted(String(describing: error))) }
        guard (200..<300).contains(response.status) else {
            throw response.status == 404 ? .notFound(path: url.path) : .unexpectedStatus(response.status, path: url.path)
        }
        return response.body
    }

    private func fetch(_ url: URL, path: String, background: Bool, urgency: Int) async throws(ComicVineError) -> ComicVineEnvelope {
        if keyRefused { throw .unauthorized }
        let resource = path.split(separator: "/").first.map(String.init) ?? path
        var askedSoFar: Double = 0
        return try await retryPolicy.run(wait: wait) { _ throws(ComicVineError) -> RetryStep<ComicVineEnvelope, ComicVineError> in
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = (components.queryItems ?? []) + [auth.queryItem!]
            var request = HTTPRequest(url: components.url!, headers: [("Accept", "application/json"), ("User-Agent", Self.userAgent)])
            request.maxResponseBytes = LiveAnswerCap.bytes
            // A redirect would carry the key to wherever it points: not followed.
            request.maxRedirects = 0
            let granted: Date
            do {
                granted = try await limiter.acquire(resource: resource, background: background, urgency: urgency,
                                                    longestWait: longestWait).at
            } catch let error as BudgetError {
                throw ComicVineError(error)
            } catch {
                throw .transport(String(describing: error))
            }
            sent.withLock { $0 += 1 }
            let response: HTTPResponse
            do {
                response = try await send(request, storingAs: nil, granted: granted, resource: resource)
            } catch HTTPTransportError.responseTooLarge(let limit) {
                throw .undecodable("\(path): the answer is larger than \(limit / (1 << 20)) MB")
            } catch let error as HTTPTransportError {
                let failure = ComicVineError.transport(auth.redacted(error.description))
                guard RetryPolicy.isRetryable(error) else { throw failure }
                return .retry(after: nil, otherwise: .failure(failure))
            } catch {
                throw .transport("cancelled")
            }
            let envelope = ComicVineEnvelope(response.body)
            if response.status == 401 || envelope?.statusCode == ComicVineEnvelope.invalidKey {
                refusedKey.withLock { $0 = true }
                throw .unauthorized
            }
            if response.status == 404 || envelope?.statusCode == ComicVineEnvelope.notFound { throw .notFound(path: path) }
            if Self.rateLimitStatuses.contains(response.status) || envelope?.statusCode == ComicVineEnvelope.rateLimited {
                let asked = RetryPolicy.parseRetryAfter(response.headers["retry-after"]).map(Self.seconds) ?? 60
                try? limiter.pause(seconds: asked)
                askedSoFar += asked
                guard askedSoFar <= BudgetLimiter.maxPause, longestWait.map({ asked <= $0 }) ?? true else {
                    throw .rateLimited(path: path)
                }
                // The budget's pause (every process's) is the wait: the next attempt acquires after it.
                return .retry(after: .zero, otherwise: .failure(.rateLimited(path: path)))
            }
            if RetryPolicy.isRetryable(status: response.status, rateLimitStatuses: Self.rateLimitStatuses.statuses) {
                // 408 and 5xx, by the one rule.
                return .retry(after: RetryPolicy.parseRetryAfter(response.headers["retry-after"]),
                              otherwise: .failure(.unexpectedStatus(response.status, path: path)))
            }
            guard (200..<300).contains(response.status) else { throw .unexpectedStatus(response.status, path: path) }
            guard let envelope, envelope.statusCode == ComicVineEnvelope.ok else {
                throw .undecodable("\(path): status \(envelope?.statusCode ?? -1) (\(APIFailure.shown(envelope?.error ?? "not Comic Vine's envelope")))")
            }
            try? cache?.store(url, etag: nil, body: response.body)
            return .done(envelope)
        }
    }

    /// Sends one request in a task of its own, so an answer paid for is kept (stored) even when
    /// whoever asked has gone; the budget counts it from its answer.
    private func send(_ request: HTTPRequest, storingAs url: URL?, granted: Date? = nil, resource: String? = nil) async throws -> HTTPResponse {
        try await inFlight.run({ [self] in
            let response = try await transport.send(request)
            if let url, (200..<300).contains(response.status) { try? cache?.store(url, etag: nil, body: response.body) }
            return response
        }, finally: { [self] error in
            guard let granted else { return }
            if (error as? HTTPTransportError)?.neverReachedServer == true {
                try? limiter.unsent(grantedAt: granted, resource: resource)
            } else {
                try? limiter.sent(grantedAt: granted, resource: resource)
            }
        })
    }

    /// Waits, at most `InFlightRequests`' limit, for requests already sent to be answered and stored.
    public func settle() async { await inFlight.settle() }

    /// The Retry-After (whole seconds, at least 1) for a rate-limit failure; nil for others.
    public func retryAfter(for error: ComicVineError) -> Int? {
        let seconds: Double
        switch error {
        case .mustWait(let wait, _): seconds = wait
        case .rateLimited: seconds = (try? limiter.usage().pausedUntil?.timeIntervalSinceNow) ?? 60
        default: return nil
        }
        return BudgetWait.retryAfter(seconds, longest: 86_400, endless: 3_600)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func wait(_ delay: Duration) async throws(ComicVineError) {
        do { try await retryPolicy.sleep(delay) } catch { throw .transport("cancelled") }
    }
}
