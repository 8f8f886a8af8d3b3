import Foundation
import MarvelContract

/// Loads a list page by page: offsets advance by what the server returned, items are
/// de-duplicated by id (data can shift between calls), `total` is re-read on every page, and the
/// list ends on an empty page or when the offset reaches `total`. A page of ids already seen
/// ends it with `serverRepeats`. One request is in flight at a
/// time; `reset` starts a new generation and drops the pages of the old one.
public actor Paginator<Entity: MarvelEntity> {
    public struct Update: Sendable {
        /// The generation this page belongs to; compare with the UI's current one.
        public var generation: Int
        /// Items not seen before, in server order.
        public var newItems: [Entity]
        /// Items loaded so far (after de-duplication).
        public var loadedCount: Int
        /// The server's latest `total`.
        public var total: Int
        public var isExhausted: Bool
        /// Served from the cache because the network failed.
        public var isStale: Bool
        public var attributionText: String?
        /// Records of this page that could not be read and were skipped.
        public var unreadable = 0
        /// Fields of `newItems` the server's source does not know yet (`MarvelPage.unknown`).
        public var unknown = UnknownFields()
    }

    public typealias Fetch = @Sendable (MarvelEndpoint<Entity>) async throws -> MarvelPage<Entity>

    private let fetch: Fetch
    private let pageSize: Int
    private var endpoint: MarvelEndpoint<Entity>
    private var seen = Set<Int>()
    private var nextOffset: Int
    private var inFlight: Task<MarvelPage<Entity>, any Error>?

    public private(set) var items: [Entity] = []
    public private(set) var total: Int?
    public private(set) var isExhausted = false
    public private(set) var generation = 0

    public init(endpoint: MarvelEndpoint<Entity>, pageSize: Int = 20, fetch: @escaping Fetch) {
        self.endpoint = endpoint
        self.pageSize = min(max(pageSize, 1), 100)
        self.nextOffset = endpoint.offset
        self.fetch = fetch
    }

    public var isLoading: Bool { inFlight != nil }

    /// Loads the next page. nil when there is nothing to do (a page is already loading, the list
    /// is exhausted) or when the page was superseded by `reset` while it loaded.
    public func loadNextPage() async throws -> Update? {
        guard inFlight == nil, !isExhausted else { return nil }
        let request = try endpoint.with(offset: nextOffset, limit: pageSize)
        let fetch = fetch
        let task = Task { try await fetch(request) }
        inFlight = task
        let myGeneration = generation
        let page: MarvelPage<Entity>
        do {
            page = try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        } catch {
            if generation == myGeneration { inFlight = nil }
            guard generation == myGeneration else { return nil }
            throw error
        }
        guard generation == myGeneration else { return nil }   // superseded: drop it
        inFlight = nil
        let fresh = page.results.filter { seen.insert($0.id).inserted }
        if !page.results.isEmpty, fresh.isEmpty {
            // Only ids already seen: a server that ignores `offset` would keep answering the same
            // page forever. Stop the walk (a `reset` starts over) instead of asking again.
            isExhausted = true
            throw MarvelAPIError.serverRepeats(offset: nextOffset)
        }
        items.append(contentsOf: fresh)
        nextOffset += page.results.count + page.unreadable
        total = page.total
        isExhausted = (page.results.isEmpty && page.unreadable == 0) || nextOffset >= page.total
        return Update(generation: myGeneration, newItems: fresh, loadedCount: items.count, total: page.total,
                      isExhausted: isExhausted, isStale: page.isStale, attributionText: page.attributionText,
                      unreadable: page.unreadable, unknown: page.unknown)
    }

    /// Starts over, optionally with another query; returns the new generation. A page still
    /// loading for the old generation is cancelled and its result dropped.
    @discardableResult
    public func reset(to newEndpoint: MarvelEndpoint<Entity>? = nil) -> Int {
        inFlight?.cancel()
        inFlight = nil
        if let newEndpoint { endpoint = newEndpoint }
        generation += 1
        items = []
        seen = []
        total = nil
        isExhausted = false
        nextOffset = endpoint.offset
        return generation
    }
}
