import Catalog
import Foundation

/// Where the contract's answers come from: the built-in catalog, or a live service translated
/// into the contract. The server holds exactly one; nothing above this seam knows a source by
/// name. A live source is one folder (client, models, rate limit, translation) plus one row in
/// the executable's source table.
public protocol LiveSource: Sendable {
    /// What `--source` calls it and the status line shows ("catalog" or a live source's).
    var name: String { get }
    /// Every answer's envelope carries it.
    var attribution: Attribution { get }
    /// Which list parameters and `orderBy` fields it honours; any other is the contract's 409.
    var capabilities: LiveSourceCapabilities { get }
    /// Seconds a 200 may be kept by whoever receives it (`Cache-Control: max-age`).
    var answerMaxAge: Int { get }
    /// One route's page (`base` is the server's own address, for the picture paths it writes).
    func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                base: String) async throws(APIFailure) -> RouteAnswer
    /// A picture path's answer; nil when the path is not one of this source's pictures.
    /// `urgency` (0...7, RFC 9218's `Priority: u=`): pictures on a client's screen come before
    /// its prefetch when the source has to wait for its budget.
    func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage?
    /// Whether a picture may wait for the source's budget: the server then stops waiting when
    /// the picture's client goes away (a tile scrolled off), so it spends no budget on it.
    var picturesWaitForBudget: Bool { get }
    /// The status line's words for it now (its name, budget and credit); nil: nothing to say.
    var statusText: String? { get }
    /// Why it last gave up on its rate limit, in its own words, for the error line of a plain run.
    var lastRateLimitText: String? { get }
    /// The URL that a path this server wrote for the source (without the leading slash) stands
    /// for once the server is gone (plain output outlives the in-process server); nil: not one.
    func lastingURL(ofServed path: String) -> String?
    /// Lets requests already sent finish and be stored before the program exits.
    func settle() async
    /// Whether it can answer now, judged from what it already knows: `GET /health` asks it, and
    /// a health check must never cost a request to the source behind it.
    var health: SourceHealth { get }
}

/// What `GET /health` says of a source: 200 when it can answer, 503 with the reason when not.
public struct SourceHealth: Sendable, Equatable {
    public var canAnswer: Bool
    /// Why it cannot answer now (its own words, never a secret); nil when it can.
    public var reason: String?
    /// What its data is (the catalog's build version); nil when it cannot say.
    public var version: String?

    public init(canAnswer: Bool, reason: String? = nil, version: String? = nil) {
        self.canAnswer = canAnswer; self.reason = reason; self.version = version
    }

    public static let ready = SourceHealth(canAnswer: true)
}

extension LiveSource {
    public var statusText: String? { nil }
    public var lastRateLimitText: String? { nil }
    public var picturesWaitForBudget: Bool { false }
    public func lastingURL(ofServed path: String) -> String? { nil }
    public func settle() async {}
    public var health: SourceHealth { .ready }
}

/// The parameters and orders a source can honour, per kind and route shape.
public struct LiveSourceCapabilities: Sendable {
    /// List parameters honoured on `/{kind}` (besides `apikey`, `ts`, `hash`).
    public var listParameters: [EntityKind: Set<String>]
    /// `orderBy` fields honoured on `/{kind}` (ascending and descending).
    public var orders: [EntityKind: Set<String>]

    public init(listParameters: [EntityKind: Set<String>], orders: [EntityKind: Set<String>]) {
        self.listParameters = listParameters
        self.orders = orders
    }
}
