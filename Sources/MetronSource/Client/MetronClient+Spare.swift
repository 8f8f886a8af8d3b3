import Foundation

/// Filling list items (a listed character's description and comics count, a listed comic's
/// pages and price) from their details: what is stored is used as is; what is not is fetched
/// only from the budget nobody needs now, never waited for, never tried twice.
extension MetronClient {
    /// The share of a minute's budget list fills may use: the rest stays for what the user
    /// asks and for pictures on screen.
    static let spareShare = 2

    /// How many requests list fills may send now: up to half the minute's budget, counting
    /// what every process of the user has sent in the window; none while Metron asked to wait,
    /// and none in the day's last tenth (the day's budget is kept for browsing).
    public func spareRequests() -> Int {
        guard let usage = try? limiter.usage(), usage.pausedUntil == nil,
              usage.today < usage.perDay - usage.perDay / 10 else { return 0 }
        return max(0, usage.perMinute / Self.spareShare - usage.thisMinute)
    }

    /// A stored list page (of any age): no request, no budget.
    public func storedPage<Item: MetronRecord>(_ type: Item.Type, _ path: String, query: [String: String] = [:]) -> MetronPage<Item>? {
        guard let body = cache?.load(url("/api/\(path)/", query))?.body else { return nil }
        return try? MetronDecoding.page(Item.self, from: body, what: "\(path) page 1")
    }

    /// The paths (`character/5`, `character/5/issue_list`) without a stored answer.
    public func unstored(_ paths: [String]) -> [String] {
        paths.filter { cache?.load(url("/api/\($0)/", [:])) == nil }
    }

    /// Fetches and stores what `paths` name (`character/5`, `character/5/issue_list`), in that
    /// order, as far as `spareRequests()` allows now; returns when all are in or after
    /// `within`. The requests go on after that (their answers are stored for the next list),
    /// each through the one limiter at the lowest urgency and with no wait for the budget:
    /// the budget is never exceeded and no answer is held for more than `within`.
    /// Returns how many were stored in time.
    @discardableResult
    public func warm(_ paths: [String], within: Duration) async -> Int {
        let spare = spareRequests()
        guard spare > 0 else { return 0 }
        let wanted = Array(unstored(paths).prefix(spare))
        guard !wanted.isEmpty else { return 0 }
        let finished = Counter(), stored = Counter()
        for path in wanted {
            let url = self.url("/api/\(path)/", [:])
            Task.detached { [self] in
                let ok = (try? await fetch(url, budgeted: true, background: true, urgency: 7, retrying: false, spare: true)) != nil
                if ok { stored.withLock { $0 += 1 } }
                finished.withLock { $0 += 1 }
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now + within
        while clock.now < deadline, finished.withLock({ $0 }) < wanted.count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return stored.withLock { $0 }
    }
}
