import Catalog
import CatalogServer
import Foundation
import TestSupport
import XCTest

/// Every `orderBy` the contract documents (MARVEL_API.md 2.1, 2.2), on every list and on every
/// list under another resource (`/characters/{id}/comics` ...), in both directions, over HTTP
/// against the embedded catalog: all pages read, each sorted by the field as the entities show
/// it, the two directions the same entities, and different orders wherever the field differs.
final class OrderByContractTests: XCTestCase {
    /// The documented values of each list (without their `-` forms).
    static let documented: [EntityKind: [String]] = [
        .characters: ["name", "modified"],
        .comics: ["focDate", "onsaleDate", "title", "issueNumber", "modified"],
        .creators: ["lastName", "firstName", "middleName", "suffix", "modified"],
        .series: ["title", "modified", "startYear"],
        .events: ["name", "startDate", "modified"],
        .stories: ["id", "modified"],
    ]

    /// A sortable value read from an entity the way a client sees it.
    enum Key: Comparable {
        case missing
        case number(Double)
        case text([UInt8])
        case composite([Key])

        static func < (a: Key, b: Key) -> Bool {
            switch (a, b) {
            case (.missing, .missing): return false
            case (.missing, _): return true
            case (_, .missing): return false
            case (.number(let x), .number(let y)): return x < y
            case (.text(let x), .text(let y)): return x.lexicographicallyPrecedes(y)
            case (.composite(let x), .composite(let y)):
                for (p, q) in zip(x, y) where p != q { return p < q }
                return x.count < y.count
            default: return false
            }
        }
    }

    static func key(_ field: String, of entity: [String: Any], kind: EntityKind) -> Key {
        func text(_ name: String) -> Key { (entity[name] as? String).map { .text(Array($0.utf8)) } ?? .missing }
        func date(_ text: String?) -> Key { text.flatMap(CatalogDate.epochSeconds).map { .number(Double($0)) } ?? .missing }
        func number(_ name: String) -> Key { (entity[name] as? NSNumber).map { .number($0.doubleValue) } ?? .missing }
        switch field {
        case "modified": return date(entity["modified"] as? String)
        case "name": return kind == .events ? text("title") : text("name")
        case "startDate": return date(entity["start"] as? String)
        case "focDate", "onsaleDate":
            let dates = entity["dates"] as? [[String: Any]] ?? []
            return date(dates.first { $0["type"] as? String == field }?["date"] as? String)
        case "title" where kind == .comics:
            // The series part, then the issue number (#2 before #10), then the whole title.
            let title = entity["title"] as? String ?? ""
            let base = title.range(of: " #").map { String(title[..<$0.lowerBound]) } ?? title
            return .composite([.text(Array(base.utf8)), number("issueNumber"), .text(Array(title.utf8))])
        case "issueNumber", "startYear", "id": return number(field)
        default: return text(field)
        }
    }

    func testEveryDocumentedOrderOfEveryListBothWays() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        var routes: [(path: String, kind: EntityKind)] = EntityKind.allCases.map { ("/v1/public/\($0.rawValue)", $0) }
        // Each cross route under the entity with the most related items, so the order has rows to show.
        for parent in EntityKind.allCases {
            let all = try http.everyResult("/v1/public/\(parent.rawValue)")
            for sub in parent.subCollections {
                let busiest = all.max { available($0, sub) < available($1, sub) }
                guard let busiest, available(busiest, sub) > 1, let id = busiest["id"] as? Int else { continue }
                routes.append(("/v1/public/\(parent.rawValue)/\(id)/\(sub.rawValue)", sub))
            }
        }
        XCTAssertGreaterThanOrEqual(routes.count, 6 + 20, "the lists and most cross routes")
        var checked = 0, differing = 0
        for (path, kind) in routes {
            for field in try XCTUnwrap(Self.documented[kind]) {
                let up = try http.everyResult(path + "?orderBy=\(field)")
                let down = try http.everyResult(path + "?orderBy=-\(field)")
                let upKeys = up.map { Self.key(field, of: $0, kind: kind) }
                let downKeys = down.map { Self.key(field, of: $0, kind: kind) }
                XCTAssertEqual(upKeys, upKeys.sorted(), "\(path) orderBy=\(field) is not ascending")
                XCTAssertEqual(downKeys, downKeys.sorted(by: >), "\(path) orderBy=-\(field) is not descending")
                XCTAssertEqual(Set(up.compactMap { $0["id"] as? Int }), Set(down.compactMap { $0["id"] as? Int }),
                               "\(path) \(field): both directions list the same entities")
                if Set(upKeys.map { "\($0)" }).count > 1 {
                    XCTAssertNotEqual(up.compactMap { $0["id"] as? Int }, down.compactMap { $0["id"] as? Int },
                                      "\(path) orderBy=\(field) and -\(field) answer the same order")
                    differing += 1
                }
                checked += 1
            }
        }
        print("orderBy: \(checked) list/field pairs over \(routes.count) routes, both directions; \(differing) with differing values")
        // The one that answered in id order both ways (issue 25): events by start date.
        let events = try http.everyResult("/v1/public/events?orderBy=startDate").compactMap { $0["start"] as? String }
        XCTAssertEqual(events, events.sorted(), "events by startDate")
        XCTAssertGreaterThan(Set(events).count, 5)
    }

    func testADocumentedOrderWithUnknownValueIsRefused() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        for (kind, fields) in Self.documented {
            let wrong = kind == .characters ? "title" : "nameX"
            let reply = try http.get("/v1/public/\(kind.rawValue)?orderBy=\(wrong)")
            XCTAssertEqual(reply.status, 409, "\(kind) orderBy=\(wrong)")
            XCTAssertTrue(reply.text.contains("is not a valid ordering parameter."), reply.text)
            XCTAssertEqual(try http.get("/v1/public/\(kind.rawValue)?orderBy=\(fields.map { "-" + $0 }.joined(separator: ","))").status,
                           200, "\(kind): every documented value together")
        }
    }

    private func available(_ entity: [String: Any], _ sub: EntityKind) -> Int {
        (entity[sub.rawValue] as? [String: Any])?["available"] as? Int ?? 0
    }
}
