import XCTest
@testable import ImagePipeline

final class MemoryCacheTests: XCTestCase {
    func testEvictsLeastRecentlyUsedByExactCost() {
        let cache = MemoryCache<String, Int>(limits: .init(costLimit: 100, countLimit: 100, entryCostRatio: 0.5))
        cache.set(1, for: "a", cost: 40)
        cache.set(2, for: "b", cost: 40)
        XCTAssertEqual(cache.totalCost, 80)
        XCTAssertEqual(cache.value(for: "a"), 1)          // a is now most recent
        cache.set(3, for: "c", cost: 30)                  // 110 > 100: evicts b (least recent)
        XCTAssertNil(cache.value(for: "b"))
        XCTAssertEqual(cache.totalCost, 70)
        XCTAssertEqual(cache.keysByRecency, ["c", "a"])
        cache.set(4, for: "a", cost: 10)                  // replacing adjusts the cost exactly
        XCTAssertEqual(cache.totalCost, 40)
        XCTAssertEqual(cache.removeValue(for: "c"), 3)
        XCTAssertEqual(cache.totalCost, 10)
        cache.removeAll()
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertEqual(cache.count, 0)
    }

    func testEntryDearerThanTenPercentIsNotCached() {
        let cache = MemoryCache<String, Int>(limits: .init(costLimit: 1000, countLimit: 100))
        XCTAssertTrue(cache.set(1, for: "small", cost: 100))
        XCTAssertFalse(cache.set(2, for: "big", cost: 101))
        XCTAssertNil(cache.value(for: "big"))
        XCTAssertEqual(cache.value(for: "small"), 1)
    }

    func testCountLimit() {
        let cache = MemoryCache<Int, Int>(limits: .init(costLimit: 1 << 20, countLimit: 3))
        for i in 0..<10 { cache.set(i, for: i, cost: 1) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(Set(cache.keysByRecency), [7, 8, 9])
        XCTAssertEqual(cache.totalCost, 3)
    }

    func testDefaultsAre128MBAndTenPercent() {
        let limits = MemoryCache<Int, Int>.Limits()
        XCTAssertEqual(limits.costLimit, 128 << 20)
        XCTAssertEqual(limits.entryCostLimit, Int(Double(128 << 20) * 0.1))
    }

    func testConcurrentUseKeepsAccountingExact() {
        let cache = MemoryCache<Int, Int>(limits: .init(costLimit: 5000, countLimit: 1000))
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in 0..<2000 {
                let k = (i * 7 + t) % 300
                if i % 3 == 0 { cache.removeValue(for: k) } else { cache.set(i, for: k, cost: k % 50 + 1) }
                _ = cache.value(for: (k + 1) % 300)
            }
        }
        // Recompute the true cost from what is left.
        let keys = cache.keysByRecency
        XCTAssertEqual(keys.count, cache.count)
        XCTAssertLessThanOrEqual(cache.totalCost, 5000)
        XCTAssertEqual(cache.totalCost, keys.reduce(0) { $0 + ($1 % 50 + 1) })
    }
}
