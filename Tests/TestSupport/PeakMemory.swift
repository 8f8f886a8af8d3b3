import Foundation

/// Peak resident memory of this process around a piece of work, from Linux's VmHWM. Writing 5
/// to /proc/self/clear_refs resets the high-water mark first, so the figure is the work's own
/// peak (plus what the process already held). nil where /proc does not allow it.
public enum PeakMemory {
    public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, peakBytes: Int?) {
        let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let result = try body()
        return (result, reset ? highWaterMark() : nil)
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
