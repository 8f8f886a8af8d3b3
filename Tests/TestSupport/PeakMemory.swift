import Foundation

/// Resident memory a piece of work adds to this process at its peak, from Linux's VmHWM.
///
/// Writing 5 to /proc/self/clear_refs resets the high-water mark to what the process holds now,
/// so the growth is VmHWM after the work minus VmRSS before it. A raw VmHWM would include what
/// earlier tests in the same XCTest process keep resident (memoised catalogs, caches), which
/// grows with the suite: a 300 MB bound on the raw figure failed in CI at 315 MB while the
/// decode itself added a few MB. nil where /proc does not allow it.
public enum PeakMemory {
    public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, growthBytes: Int?) {
        let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = resident()
        let result = try body()
        guard reset, let before, let peak = highWaterMark() else { return (result, nil) }
        return (result, max(0, peak - before))
    }

    /// VmHWM of this process in bytes.
    public static func highWaterMark() -> Int? { statusField("VmHWM:") }

    /// VmRSS of this process in bytes (what it holds now).
    public static func resident() -> Int? { statusField("VmRSS:") }

    static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kb = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
            return kb.map { $0 * 1024 }
        }
        return nil
    }
}
