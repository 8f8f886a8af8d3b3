import Foundation
import XCTest

/// Polls `condition` every `interval` until it holds or `timeout` passes; returns whether it
/// held. The tests' one wait: generous timeouts, never a fixed sleep (a loaded 2-core machine
/// must not make a test flaky).
@discardableResult
public func waitUntil(_ timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(5),
                      _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}

/// Fails the test unless `condition` becomes true within `timeout`.
public func eventually(_ timeout: Duration = .seconds(10), file: StaticString = #filePath, line: UInt = #line,
                       _ condition: () async -> Bool) async {
    if !(await waitUntil(timeout, condition)) { XCTFail("condition not met in \(timeout)", file: file, line: line) }
}
