import Foundation
import HTTPTransport
import LiveSourceKit
import MarvelAPI
import Synchronization

/// Speaks Metron's REST API (`/api/character/`, `/api/issue/{id}/`, ...) over libcurl, with
/// HTTP Basic auth, the user-wide rate limiter before every request, a long-lived response
/// cache and stale-if-error. Transient failures follow the project's one retry rule
/// (`RetryPolicy`); a 429 pauses every process of the user until its Retry-After and is tried again.
public final class MetronClient: Sendable {
    public static let defaultBaseURL = URL(string: "https://metron.cloud")!
    /// The largest API answer (a page or a record) read (the kit's cap for every source).
    public static let maxAPIBytes = LiveAnswerCap.bytes

    /// How long a stored answer is used without asking again: details change rarely, lists
    /// (new issues, new characters) more often.
    public struct Freshness: Sendable {
        public var details: TimeInterval
        public var lists: TimeInterval
        public init(details: TimeInterval = 7 * 86_400, lists: TimeInterval = 86_400) {
            self.details = details; self.lists = lists
        }
    }

    public let baseURL: URL
    public let limiter: MetronRateLimiter
    let credentials: MetronCredentials
    let transport: HTTPTransport
    let cache: ResponseCache?
    /// How long stored answers count as fresh (also the longest `serve` lets a browser keep one).
    public let freshness: Freshness
    let retryPolicy: RetryPolicy
    /// The longest a request waits for the budget before it fails with `mustWait` (nil: as
    /// long as it takes). `serve` sets it so its clients get a 429 with Retry-After in seconds
    /// instead of an answer held for up to a minute.
    public let longestWait: TimeInterval?
    private let counters = Counters()
    private let unreachableUntil = Mutex<Date?>(nil)
    private let inFlight = InFlightRequests()
    /// Metron asked for a wait over `MetronRateLimiter.maxPause`: until then this client
    /// refuses at once with the same words instead of asking again.
    private let refusal = Mutex<(until: Date, text: String)?>(nil)

    public init(baseURL: URL = MetronClient.defaultBaseURL, credentials: MetronCredentials, transport: HTTPTransport,
                limiter: MetronRateLimiter, cache: ResponseCache? = nil, freshness: Freshness = .init(),
                retryPolicy: RetryPolicy = RetryPolicy(maxRetries: MetronClient.attempts - 1, maxRetryAfter: .seconds(120)),
                longestWait: TimeInterval? = nil) {
        self.longestWait = longestWait
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
        self.limiter = limiter
        self.cache = cache
        self.freshness = freshness
        self.retryPolicy = retryPolicy
    }

    /// The words of the last rate-limit failure (a refused long wait, or 429s after the
    /// retries), for the error line a plain run ends with: the in-process server's 429 carries
    /// only the status to its client.
    public var lastRateLimitError: String? { lastRateLimit.withLock { $0 } }
    private let lastRateLimit = Mutex<String?>(nil)

    /// Requests sent to Metron by this client (cache hits are not requests), and 429s seen.
    public var requestsSent: Int { counters.sent.withLock { $0 } }
    public var tooManyRequests: Int { counters.throttled.withLock { $0 } }

    /// A list page, e.g. `page(MetronSummary.self, "character", query: ["name": "man"], page: 2)`.
    public func page<Item: MetronRecord>(_ type: Item.Type, _ path: String, query: [String: String] = [:],
                                         page: Int = 1) async throws(MetronError) -> MetronPage<Item> {
        var query = query
        if page > 1 { query["page"] = String(page) }
        let url = self.url("/api/\(path)/", query)
        return try MetronDecoding.page(Item.self, from: try await data(url, fresh: freshness.lists), what: "\(path) page \(page)")
    }

    /// One record, e.g. `detail(MetronCharacter.self, "character", id: 1)`. `background`: a
    /// lookup for a picture, which leaves part of the budget to what the user asks for.
    /// `urgency` (0...7, RFC 9218) orders this process's waiting picture lookups: on screen first.
    public func detail<Item: MetronRecord>(_ type: Item.Type, _ path: String, id: Int,
                                           background: Bool = false, urgency: Int = 3) async throws(MetronError) -> Item {
        let url = self.url("/api/\(path)/\(id)/", [:])
        let body = try await data(url, fresh: freshness.details, background: background, urgency: urgency)
        return try MetronDecoding.detail(Item.self, from: body, what: "\(path) \(id)").0
    }

    /// One record if a stored copy of its detail holds it (of any age): no request, no budget.
    /// List items carry a few fields; what a detail already told us fills the rest.
    public func stored<Item: MetronRecord>(_ type: Item.Type, _ path: String, id: Int) -> Item? {
        guard let body = cache?.load(url("/api/\(path)/\(id)/", [:]))?.body else { return nil }
        return try? MetronDecoding.detail(Item.self, from: body, what: "\(path) \(id)").0
    }

    /// A picture on Metron's image host: not an API call (the rate limit is the API's), so it
    /// spends no budget; kept until the cache's LRU drops it (a picture at one URL never changes).
    public func file(_ url: URL) async throws(MetronError) -> Data {
        try await data(url, fresh: .greatestFiniteMagnitude, budgeted: url.path.hasPrefix("/api/"))
    }

    func url(_ path: String, _ query: [String: String]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var components = URLComponents(string: base + path)!
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        return components.url!
    }

    /// A request is sent at most this many times (the first and its retries)...
    public static let attempts = 3
    /// ...and gives up, saying why, once its attempts and the pauses between them have taken
    /// this long (a budget wait, said on its own, is not counted): a hanging Metron costs a
    /// page 10 s, not three 30 s transfers.
    public static let giveUpAfter: Duration = .seconds(10)
    /// The last attempt ends this much before `giveUpAfter`, for the words to reach the user.
    static let margin: Duration = .milliseconds(500)

    /// A 401 from Metron stops this client: no request is sent after it (each would be refused
    /// and spend the budget) until the program is run with other credentials.
    public var credentialsRefused: Bool { refusedCredentials.withLock { $0 } }
    private let refusedCredentials = Mutex(false)

    /// After Metron could not be reached, how long stored copies answer without asking again
    /// (offline browsing stays quick and spends no budget on a host that is down).
    static let unreachableWindow: TimeInterval = 30

    /// The body for `url`: a fresh stored copy, else Metron's answer, else (Metron unreachable
    /// or failing) a stale stored copy. With a stale copy in hand Metron is asked once, without
    /// retries, and not at all while it was just found unreachable.
    func data(_ url: URL, fresh: TimeInterval, budgeted: Bool = true, background: Bool = false,
              urgency: Int = 3) async throws(MetronError) -> Data {
        let stored = cache?.load(url)
        if let stored, Date().timeIntervalSince(stored.storedAt) < fresh { return stored.body }
        if let stored, let until = unreachableUntil.withLock({ $0 }), Date() < until {
            MetronStaleness.current?.note(stored.storedAt)
            return stored.body
        }
        do {
            return try await fetch(url, budgeted: budgeted, background: background, urgency: urgency, retrying: stored == nil)
        } catch {
            switch error {
            case .rateLimited, .asksTooLongWait, .mustWait: lastRateLimit.withLock { $0 = error.description }
            default: break
            }
            switch error {
            // A refused account (401) leaves what was stored browsable; the reason is said by
            // the status line and `/health` (`credentialsRefused`).
            case .transport, .unexpectedStatus, .rateLimited, .asksTooLongWait, .mustWait, .unauthorized:
                if let stored {
                    MetronStaleness.current?.note(stored.storedAt)
                    return stored.body
                }
            default: break
            }
            throw error
        }
    }

    /// `spare`: a fill of a list item (`warm`), which never waits for the budget and is
    /// never tried again (`MetronClient+Spare`).
    func fetch(_ url: URL, budgeted: Bool, background: Bool, urgency: Int, retrying: Bool,
               spare: Bool = false) async throws(MetronError) -> Data {
        let maxRetries = retrying ? min(retryPolicy.maxRetries, Self.attempts - 1) : 0
        let path = url.path
        let clock = ContinuousClock()
        // Time in transfers and in the pauses between them (`giveUpAfter`).
        var spent: Duration = .zero
        var lastFailure = ""
        var hop = url
        var hops = 0
        var askedSoFar: Double = 0
        return try await retryPolicy.run(maxRetries: maxRetries, wait: { delay throws(MetronError) in
            try await pause(delay, spent: &spent)
        }) { attempt throws(MetronError) -> RetryStep<Data, MetronError> in
            var request = HTTPRequest(url: hop, headers: [("Accept", "application/json")])
            // An API answer is parsed whole: at most the kit's cap (`LiveAnswerCap`).
            if path.hasPrefix("/api/") { request.maxResponseBytes = Self.maxAPIBytes }
            // A budgeted request's redirects are followed below, each hop paying its slot.
            if budgeted { request.maxRedirects = 0 }
            // Basic auth only to our Metron host (never to the image CDN or a redirect elsewhere).
            if MetronRedirect.isHome(hop, baseURL) {
                request.headers.append(("Authorization", credentials.authorization))
            }
            if let refused = refusal.withLock({ $0 }), refused.until > Date() { throw .asksTooLongWait(refused.text) }
            if credentialsRefused { throw .unauthorized }
            let left = Self.giveUpAfter - Self.margin - spent
            guard left > .zero else { throw .transport(Self.gaveUp(attempt, lastFailure)) }
            // The whole attempt is bounded by what is left; a slow first byte is not a stall.
            request.timeouts = HTTPTimeouts(connect: min(.seconds(5), left), total: left)
            var granted: Date?
            if budgeted || attempt > 0 {
                granted = try await limiter.acquire(background: background, urgency: urgency, longestWait: spare ? 0 : longestWait).at
            }
            counters.sent.withLock { $0 += 1 }
            let response: HTTPResponse
            let sentAt = clock.now
            do {
                response = try await send(request, storingAs: url, granted: granted)
                spent += clock.now - sentAt
            } catch HTTPTransportError.responseTooLarge(let limit) {
                let why = path.hasPrefix("/api/") ? "Metron's pages are under 100 KB" : "a picture larger than any cover"
                throw .undecodable("\(path): the answer is larger than \(limit / (1 << 20)) MB (\(why))")
            } catch let error as HTTPTransportError {
                lastFailure = error.description
                spent += clock.now - sentAt
                guard RetryPolicy.isRetryable(error), attempt < maxRetries, spent < Self.giveUpAfter - Self.margin else {
                    // Metron did not answer at all (not a cancellation or a budget wait): unreachable for a while.
                    unreachableUntil.withLock { $0 = Date().addingTimeInterval(Self.unreachableWindow) }
                    throw .transport(attempt > 0 || Self.isTimeout(error) ? Self.gaveUp(attempt + 1, lastFailure) : lastFailure)
                }
                return .retry(after: nil, otherwise: .failure(.transport(Self.gaveUp(attempt + 1, lastFailure))))
            } catch {
                throw .transport(String(describing: error))
            }
            let reset = (try? limiter.observe(remaining: response.headers["x-ratelimit-remaining"],
                                              reset: response.headers["x-ratelimit-reset"])) ?? nil
            if let reset, reset > MetronRateLimiter.maxPause { refuse(reset) }
            switch response.status {
            case 200..<300: return .done(response.body)
            case 300..<400 where budgeted:
                guard hops < MetronRedirect.maxHops else {
                    throw .transport("\(path): more than \(MetronRedirect.maxHops) redirects")
                }
                hop = try MetronRedirect.target(of: response.headers["location"], from: hop)
                hops += 1
                return .again
            case 401, 403:
                refusedCredentials.withLock { $0 = true }
                throw .unauthorized
            case 404: throw .notFound(path: path)
            case 429:
                counters.throttled.withLock { $0 += 1 }
                // Exactly what Metron asked (else its reset, else its one-minute window), for
                // every process (`pause` stores at most `maxPause`); a longer ask is refused.
                let asked = RetryPolicy.parseRetryAfter(response.headers["retry-after"]).map(Self.seconds) ?? reset ?? 60
                try? limiter.pause(seconds: asked)
                if asked > MetronRateLimiter.maxPause { throw .asksTooLongWait(refuse(asked)) }
                askedSoFar += asked
                guard askedSoFar <= MetronRateLimiter.maxPause else { throw .rateLimited(path: path) }
                // The budget's pause (every process's) is the wait: the next attempt acquires after it.
                return .retry(after: .zero, otherwise: .failure(.rateLimited(path: path)))
            case let status where RetryPolicy.isRetryable(status: status):
                // 408 and 5xx, by the one rule; a Retry-After is honoured within `giveUpAfter`.
                lastFailure = "HTTP \(status)"
                return .retry(after: RetryPolicy.parseRetryAfter(response.headers["retry-after"]),
                              otherwise: .failure(.unexpectedStatus(status, path: path)))
            default:
                throw .unexpectedStatus(response.status, path: path)
            }
        }
    }

    /// Sends one request in a task of its own: once it is on its way to Metron (and paid for),
    /// its answer is stored even when whoever asked has gone (a tile scrolled away, the program
    /// quitting), so the next visit need not ask again.
    /// A budgeted request's window is counted from when its answer (or failure) came, the
    /// latest it can have reached Metron (`MetronRateLimiter.sent`).
    private func send(_ request: HTTPRequest, storingAs url: URL, granted: Date?) async throws -> HTTPResponse {
        try await inFlight.run({ [self] in
            let response = try await transport.send(request)
            if (200..<300).contains(response.status) { try? cache?.store(url, etag: nil, body: response.body) }
            return response
        }, finally: { [self] error in
            guard let granted else { return }
            if (error as? HTTPTransportError)?.neverReachedServer == true {
                try? limiter.unsent(grantedAt: granted)
            } else {
                try? limiter.sent(grantedAt: granted)
            }
        })
    }

    /// Waits, at most `InFlightRequests`' limit, for the requests already sent to Metron to be
    /// answered and stored.
    public func settle() async { await inFlight.settle() }

    /// The Retry-After (whole seconds, 1 s to 31 days) for a rate-limit failure of this client:
    /// what the budget or Metron still asks, so a client of `serve` (or the gallery) can say
    /// how long and try again then; nil for other failures.
    public func retryAfter(for error: MetronError) -> Int? {
        let seconds: Double
        switch error {
        case .mustWait(let wait, _): seconds = wait
        case .asksTooLongWait:
            guard let until = refusal.withLock({ $0?.until }) else { return nil }
            seconds = until.timeIntervalSinceNow
        case .rateLimited:
            seconds = (try? limiter.usage().pausedUntil?.timeIntervalSinceNow) ?? 60
        default: return nil
        }
        return BudgetWait.retryAfter(seconds, longest: Self.longestRetryAfter, endless: Self.longestRetryAfter)
    }

    /// The longest Retry-After said (an upstream asking for years gets this, not an overflow).
    public static let longestRetryAfter = 31 * 86_400

    /// Remembers a wait Metron asked for beyond `maxPause` and returns the words for it.
    @discardableResult
    private func refuse(_ seconds: Double) -> String {
        let now = Date()
        let text = BudgetWait.tooLong(source: "Metron", seconds: seconds, now: now)
        refusal.withLock { $0 = (now.addingTimeInterval(min(seconds, 10 * 365.25 * 86_400)), text) }
        return text
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func wait(_ delay: Duration) async throws(MetronError) {
        do { try await retryPolicy.sleep(delay) } catch { throw .transport("cancelled") }
    }

    /// A pause before a retry, counted in the request's `giveUpAfter` (cut to what is left).
    private func pause(_ delay: Duration, spent: inout Duration) async throws(MetronError) {
        let cut = min(delay, max(.zero, Self.giveUpAfter - Self.margin - spent))
        try await wait(cut)
        spent += cut
    }

    private static func isTimeout(_ error: HTTPTransportError) -> Bool {
        if case .timedOut = error { return true }
        return false
    }

    /// Why a request was given up: its attempts within `giveUpAfter`, and the last failure.
    static func gaveUp(_ attempts: Int, _ last: String) -> String {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        return "no answer within \(giveUpAfter.components.seconds) s (\(tries)\(last.isEmpty ? "" : "; last: \(last)"))"
    }
}

private final class Counters: Sendable {
    let sent = Counter()
    let throttled = Counter()
}

/// A lock-guarded count.
final class Counter: Sendable {
    private let value = Mutex(0)
    func withLock<T: Sendable>(_ body: (inout Int) -> T) -> T { value.withLock { body(&$0) } }
}
