import CacheKit
import XCTest

final class LRUCacheTests: XCTestCase {
    func testEvictsTheLeastRecentlyUsedFirst() {
        var cache = LRUCache<String, Int>(costLimit: 30)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        cache.insert(3, for: "c", cost: 10)
        XCTAssertEqual(cache.value(for: "a"), 1)          // a becomes the most recent
        cache.insert(4, for: "d", cost: 10)               // 40 > 30: b goes, the least recent
        XCTAssertEqual(cache.keysByRecency, ["d", "a", "c"])
        XCTAssertNil(cache.peek("b"))
        cache.insert(5, for: "e", cost: 10)               // then c
        XCTAssertEqual(cache.keysByRecency, ["e", "d", "a"])
    }

    func testPeekIsNotAUse() {
        var cache = LRUCache<String, Int>(costLimit: 20)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        XCTAssertEqual(cache.peek("a"), 1)
        cache.insert(3, for: "c", cost: 10)
        XCTAssertEqual(cache.keysByRecency, ["c", "b"])
    }

    func testTheCostsNeverPassTheBound() {
        var cache = LRUCache<Int, Int>(costLimit: 1000)
        for i in 0..<500 {
            cache.insert(i, for: i % 97, cost: (i * 37) % 200)
            XCTAssertLessThanOrEqual(cache.totalCost, 1000)
            let kept = cache.keysByRecency
            XCTAssertEqual(kept.count, cache.count)
            XCTAssertEqual(cache.totalCost, kept.reduce(0) { $0 + ((cache.peek($1)! * 37) % 200) })
        }
    }

    func testReplacingAnEntryAdjustsItsCostAndMakesItRecent() {
        var cache = LRUCache<String, Int>(costLimit: 100)
        cache.insert(1, for: "a", cost: 40)
        cache.insert(2, for: "b", cost: 40)
        cache.insert(3, for: "a", cost: 10)
        XCTAssertEqual(cache.totalCost, 50)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.keysByRecency, ["a", "b"])
        XCTAssertEqual(cache.peek("a"), 3)
        cache.insert(4, for: "b", cost: 95)               // grows past the bound: a goes, b stays
        XCTAssertEqual(cache.keysByRecency, ["b"])
        XCTAssertEqual(cache.totalCost, 95)
    }

    func testAnEntryLargerThanTheBoundIsNotKept() {
        var cache = LRUCache<String, Int>(costLimit: 100)
        cache.insert(1, for: "a", cost: 50)
        cache.insert(2, for: "big", cost: 60)
        XCTAssertFalse(cache.insert(3, for: "huge", cost: 101))
        XCTAssertNil(cache.peek("huge"))
        XCTAssertEqual(cache.keysByRecency, ["big"])      // nothing else was evicted for it
        XCTAssertFalse(cache.insert(4, for: "big", cost: 101))
        XCTAssertNil(cache.peek("big"))                   // and what the key held is gone
        XCTAssertEqual(cache.totalCost, 0)
    }

    func testCountLimit() {
        var cache = LRUCache<Int, Int>(costLimit: .max, countLimit: 3)
        for i in 0..<10 { cache.insert(i, for: i, cost: 1) }
        XCTAssertEqual(cache.keysByRecency, [9, 8, 7])
        cache.countLimit = 1
        XCTAssertEqual(cache.keysByRecency, [9])
    }

    func testUpdateChangesInPlaceWithoutAUse() {
        var cache = LRUCache<String, [Int]>(costLimit: 100)
        cache.insert([1], for: "a", cost: 10)
        cache.insert([2], for: "b", cost: 10)
        XCTAssertTrue(cache.update("a", addedCost: 30) { $0.append(9) })
        XCTAssertEqual(cache.peek("a"), [1, 9])
        XCTAssertEqual(cache.totalCost, 50)
        XCTAssertEqual(cache.keysByRecency, ["b", "a"])
        XCTAssertFalse(cache.update("zz") { $0 = [] })
        cache.insert([3], for: "c", cost: 60)             // 110: a, the least recent, goes
        XCTAssertEqual(cache.keysByRecency, ["c", "b"])
    }

    func testRemovalsKeepTheOrder() {
        var cache = LRUCache<Int, Int>(costLimit: 100)
        for i in 0..<6 { cache.insert(i, for: i, cost: 1) }
        XCTAssertEqual(cache.removeValue(for: 0), 0)      // the tail
        XCTAssertEqual(cache.removeValue(for: 5), 5)      // the head
        XCTAssertEqual(cache.removeValue(for: 2), 2)      // the middle
        XCTAssertNil(cache.removeValue(for: 2))
        XCTAssertEqual(cache.keysByRecency, [4, 3, 1])
        XCTAssertEqual(cache.value(for: 1), 1)
        XCTAssertEqual(cache.keysByRecency, [1, 4, 3])
        cache.removeAll()
        XCTAssertTrue(cache.isEmpty)
        XCTAssertEqual(cache.totalCost, 0)
        cache.insert(7, for: 7, cost: 1)
        XCTAssertEqual(cache.keysByRecency, [7])
    }

    /// Many random operations against a plain model of the same rules.
    func testAgreesWithAModel() {
        var cache = LRUCache<Int, Int>(costLimit: 300, countLimit: 20)
        var model: [(key: Int, value: Int, cost: Int)] = []   // most recent first
        var rng = SystemRandomNumberGenerator()
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<40, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0, 1:
                let cost = Int.random(in: 0...60, using: &rng)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.insert((key, step, cost), at: 0)
                while model.reduce(0, { $0 + $1.cost }) > 300 || model.count > 20 { model.removeLast() }
            case 2:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.insert(expected, at: 0) }
                XCTAssertEqual(cache.value(for: key), expected?.value)
            default:
                XCTAssertEqual(cache.removeValue(for: key), model.firstIndex { $0.key == key }.map { model.remove(at: $0).value })
            }
            XCTAssertEqual(cache.keysByRecency, model.map(\.key))
            XCTAssertEqual(cache.totalCost, model.reduce(0) { $0 + $1.cost })
        }
    }
}
