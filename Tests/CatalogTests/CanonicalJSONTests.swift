import Catalog
import Foundation
import XCTest

final class CanonicalJSONTests: XCTestCase {
    /// What JSONSerialization reads comes back as the same value, keys in byte order.
    func testRoundTripsEveryKindOfValueWithSortedKeys() throws {
        let text = #"{"name":"Ünïcode \"q\" \\ /","b":true,"f":false,"n":null,"i":-42,"big":12345678901234,"d":1.5,"z":[0,1,{"y":2,"x":"\n\t\u0001"}],"A":{}}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let out = try CanonicalJSON.string(object)
        XCTAssertEqual(out, #"{"A":{},"b":true,"big":12345678901234,"d":1.5,"f":false,"i":-42,"n":null,"name":"Ünïcode \"q\" \\ /","z":[0,1,{"x":"\n\t\u0001","y":2}]}"#)
        let again = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? NSDictionary
        XCTAssertEqual(again, object as? NSDictionary)
    }

    func testValuesBuiltInSwiftAndNonFiniteNumbers() throws {
        let object: [String: Any] = ["t": true, "i": 7, "d": 2.25, "s": [String](), "n": NSNull()]
        XCTAssertEqual(try CanonicalJSON.string(object), #"{"d":2.25,"i":7,"n":null,"s":[],"t":true}"#)
        XCTAssertThrowsError(try CanonicalJSON.string(["x": Double.nan]))
        XCTAssertThrowsError(try CanonicalJSON.string(["x": Date()]))
    }
}
