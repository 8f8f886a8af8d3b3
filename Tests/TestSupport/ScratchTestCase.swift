import Foundation
import HTTPTransport
import XCTest

/// A test case with a scratch folder of its own (a budget file, a response cache) and one
/// libcurl transport, both gone after each test: what the live sources' loopback tests share.
open class ScratchTestCase: XCTestCase {
    public private(set) var folder: URL!
    public private(set) var transport: HTTPTransport!

    override open func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        transport = try HTTPTransport()
    }

    override open func tearDownWithError() throws {
        transport?.shutdown()
        if let folder { try? FileManager.default.removeItem(at: folder) }
        try super.tearDownWithError()
    }
}
