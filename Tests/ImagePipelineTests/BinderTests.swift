import XCTest
@testable import ImagePipeline

final class BinderTests: XCTestCase {
    enum Event { case delivered(slot: Int, gen: UInt64, url: String?), superseded(slot: Int, gen: UInt64) }

    func testSameRequestRebindKeepsLoadAndCachedBindIsSynchronous() async {
        let h = Harness(loader: FakeLoader(latency: .milliseconds(10)))
        let got = Locked([UInt64]())
        let binder = ImageBinder<Int>(pipeline: h.pipeline) { _, g, _ in got.with { $0.append(g) } }
        let (g1, r1) = binder.bind(0, to: req("http://h/1.jpg"))
        XCTAssertEqual(r1.placeholder, .loading)
        let (g2, _) = binder.bind(0, to: req("http://h/1.jpg"), priority: .low)
        XCTAssertEqual(g1, g2)
        await eventually { got.get == [g1] }
        XCTAssertEqual(h.loader.totalStarts, 1)
        let (_, r3) = binder.bind(1, to: req("http://h/1.jpg"))
        XCTAssertNotNil(r3.thumbnail, "a cached image is returned in the same call")
    }

    /// 10,000 random bind / rebind / unbind operations over 40 slots and 120 URLs with downloads
    /// finishing in random order: every slot ends showing its last binding and no result of a
    /// superseded binding ever arrives.
    func testRandomizedBindRebindCancelRun() async {
        let loader = FakeLoader(latency: .microseconds(200))
        let h = Harness(loader: loader, startDelay: .zero) { $0.maxConcurrentTransfers = 16; $0.maxTransfersPerHost = 16 }
        let events = Locked([Event]())
        let binder = ImageBinder<Int>(pipeline: h.pipeline) { slot, g, result in
            events.with { $0.append(.delivered(slot: slot, gen: g, url: result.thumbnail?.request.url)) }
        }
        var rng = SystemRandomNumberGenerator()
        var current: [Int: (gen: UInt64, url: String)] = [:]
        var immediate: [Int: String] = [:]   // slots whose binding was answered synchronously
        for op in 0..<10_000 {
            let slot = Int.random(in: 0..<40, using: &rng)
            if Int.random(in: 0..<5, using: &rng) == 0 {
                let old = current.removeValue(forKey: slot)
                binder.unbind(slot)
                immediate[slot] = nil
                if let old { events.with { $0.append(.superseded(slot: slot, gen: old.gen)) } }
            } else {
                let url = "http://h\(Int.random(in: 0..<3, using: &rng))/img\(Int.random(in: 0..<120, using: &rng)).jpg"
                let old = current[slot]
                let (g, result) = binder.bind(slot, to: req(url), priority: Bool.random() ? .high : .low)
                if let old, old.gen != g { events.with { $0.append(.superseded(slot: slot, gen: old.gen)) } }
                current[slot] = (g, url)
                if let t = result.thumbnail { XCTAssertEqual(t.request.url, url); immediate[slot] = url }
                else if old?.gen != g { immediate[slot] = nil }
            }
            if op % 500 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        // Quiesce: every live binding not answered synchronously gets its delivery.
        await eventually(.seconds(30)) {
            let delivered = Set(events.get.compactMap { e -> UInt64? in
                if case .delivered(_, let g, _) = e { return g } else { return nil }
            })
            return current.allSatisfy { slot, b in immediate[slot] != nil || delivered.contains(b.gen) }
        }
        try? await Task.sleep(for: .milliseconds(50))
        var superseded = Set<UInt64>()
        var deliveredGens = Set<UInt64>()
        var lastURL: [Int: String] = [:]
        for e in events.get {
            switch e {
            case .superseded(_, let g): superseded.insert(g)
            case .delivered(let slot, let g, let url):
                XCTAssertFalse(superseded.contains(g), "late callback for superseded generation \(g)")
                XCTAssertTrue(deliveredGens.insert(g).inserted, "generation \(g) delivered twice")
                if let url { lastURL[slot] = url }
            }
        }
        for (slot, b) in current {
            XCTAssertEqual(immediate[slot] ?? lastURL[slot], b.url, "slot \(slot) does not show its last binding")
            if immediate[slot] == nil { XCTAssertTrue(deliveredGens.contains(b.gen)) }
        }
        XCTAssertGreaterThan(loader.totalStarts, 0)
        XCTAssertGreaterThan(deliveredGens.count, 100, "too few deliveries to exercise the races")
        await eventually { h.pipeline.activity.fetchJobs == 0 && h.pipeline.activity.renderJobs == 0 }
    }
}
