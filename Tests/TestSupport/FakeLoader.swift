import Foundation
import HTTPTransport
import ImagePipeline

/// The tests' one `DataLoading`: answers from memory after a scripted latency, with holds,
/// scripted failures and bodies, and records every start (with its priority), completion and
/// cancel. Every URL answers `body` when one is given, else `FakeLoader.body(for:)`.
public final class FakeLoader: DataLoading, @unchecked Sendable {
    public struct State: Sendable {
        public var starts: [String] = []
        /// The priority each start was asked at, in the order of `starts`.
        public var priorities: [ImagePriority] = []
        public var completions: [String] = []
        public var cancellations: [String] = []
        /// Held loads wait (cancellable) until `release` or `releaseAll`.
        public var held: Set<String> = []
        public var holdAll = false
        /// The first this many starts are answered even while everything is held.
        public var passFirst = 0
        public var failures: [String: [ImagePipelineError]] = [:]
        public var bodies: [String: [UInt8]] = [:]
        public var running = 0
        public var maxRunning = 0
        /// Loads waiting on a hold, woken by a release or their cancel (no polling).
        fileprivate var waiting: [UUID: (url: String, wake: CheckedContinuation<Void, any Error>)] = [:]
        fileprivate var cancelledBeforeWaiting: Set<UUID> = []
    }

    public let state = Locked(State())
    public let latency: Duration
    private let body: [UInt8]?

    public init(latency: Duration = .milliseconds(5), body: [UInt8]? = nil) {
        self.latency = latency
        self.body = body
    }

    /// What a URL answers when no body is given: `IMG:<url>` (`FakeDecoder` decodes it).
    public static func body(for url: String) -> [UInt8] { Array("IMG:\(url)".utf8) }

    public func loadData(from url: String) async throws -> [UInt8] {
        try await loadData(from: url, priority: .normal)
    }

    public func loadData(from url: String, priority: ImagePriority) async throws -> [UInt8] {
        let passes = state.withLock {
            $0.starts.append(url)
            $0.priorities.append(priority)
            $0.running += 1
            $0.maxRunning = max($0.maxRunning, $0.running)
            return $0.starts.count <= $0.passFirst
        }
        defer { state.withLock { $0.running -= 1 } }
        do {
            if latency > .zero { try await Task.sleep(for: latency) }
            if !passes { try await waitWhileHeld(url) }
        } catch {
            state.withLock { $0.cancellations.append(url) }
            throw error
        }
        if let error = state.withLock({ s -> ImagePipelineError? in
            guard var list = s.failures[url], !list.isEmpty else { return nil }
            let e = list.removeFirst()
            s.failures[url] = list
            return e
        }) { throw error }
        state.withLock { $0.completions.append(url) }
        return state.withLock { $0.bodies[url] } ?? body ?? Self.body(for: url)
    }

    /// Returns at once unless `url` is held; then when it is released, or throws when cancelled.
    private func waitWhileHeld(_ url: String) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = state.withLock { s in
                    if s.cancelledBeforeWaiting.remove(id) != nil { return .failure(CancellationError()) }
                    guard s.holdAll || s.held.contains(url) else { return .success(()) }
                    s.waiting[id] = (url, wake)
                    return nil
                }
                if let now { wake.resume(with: now) }
            }
        } onCancel: {
            let wake = state.withLock { s -> CheckedContinuation<Void, any Error>? in
                if let waiter = s.waiting.removeValue(forKey: id) { return waiter.wake }
                s.cancelledBeforeWaiting.insert(id)
                return nil
            }
            wake?.resume(throwing: CancellationError())
        }
    }

    public func hits(_ url: String) -> Int { state.get.starts.filter { $0 == url }.count }
    public var totalStarts: Int { state.get.starts.count }
    /// The starts with their priorities, in order.
    public var started: [(url: String, priority: ImagePriority)] {
        let s = state.get
        return zip(s.starts, s.priorities).map { (url: $0, priority: $1) }
    }

    public func release(_ url: String) { wake { _ = $0.held.remove(url) } }
    public func releaseAll() { wake { $0.held.removeAll(); $0.holdAll = false } }

    /// Changes the holds, then wakes every waiting load no hold keeps any more.
    private func wake(_ change: (inout State) -> Void) {
        let woken = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
            change(&s)
            let free = s.waiting.filter { !s.holdAll && !s.held.contains($0.value.url) }
            for id in free.keys { s.waiting[id] = nil }
            return free.values.map(\.wake)
        }
        for continuation in woken { continuation.resume() }
    }
}
