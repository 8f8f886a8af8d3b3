import Foundation
import XCTest

extension XCTestCase {
    /// A new folder of this test's own under the temporary directory (named after the test
    /// class, the process and a random part), removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("mg-\(type(of: self))-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
