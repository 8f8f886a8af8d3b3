import CMalloc
import Foundation
import HummingbirdCore

/// How many connections `serve` holds at once (`CatalogServerOptions.maxConnections`): past
/// the cap the listening socket is not read, so the rest wait in the kernel's queue. When a
/// burst has drained (no connection left open after many), the allocator is asked to give its
/// freed pages back: glibc keeps them in its arenas, and `serve` stayed at its burst's 106 MB
/// (233 MB without the cap) with nothing left to do.
struct ConnectionCap: AvailableConnectionsDelegate {
    let limit: Int
    /// Gives freed memory back (malloc_trim; tests count the calls).
    let trim: @Sendable () -> Void
    private var open = 0
    private var mostSinceTrim = 0

    /// Connections open at once before a drained burst is worth a trim.
    static let burst = 64

    init(_ limit: Int, trim: @escaping @Sendable () -> Void = Self.giveBackFreedMemory) {
        self.limit = limit
        self.trim = trim
    }

    mutating func connectionOpened() {
        open += 1
        mostSinceTrim = max(mostSinceTrim, open)
    }

    mutating func connectionClosed() {
        open -= 1
        guard open == 0, mostSinceTrim >= Self.burst else { return }
        mostSinceTrim = 0
        // Off the event loop: trimming takes milliseconds.
        DispatchQueue.global(qos: .utility).async { [trim] in trim() }
    }

    func isAcceptingNewConnections() -> Bool { open < limit }

    @Sendable static func giveBackFreedMemory() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }
}
