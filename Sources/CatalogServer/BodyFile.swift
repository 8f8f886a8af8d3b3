import CMalloc
import NIOCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A large cached body kept also in an anonymous memory file (memfd), sealed once written, so
/// `CachedAnswerHandler` hands it to the socket with sendfile (a NIO `FileRegion`) instead of
/// copying it from a buffer: for a 247 KB page the copy into the socket was the largest cost
/// of an answer (`docs/performance.md`, serve). The seals keep the bytes fixed while any answer
/// is sending them; a body replaced in the cache gets a file of its own. The descriptor closes
/// when the last holder lets go: the cache entry, and each write in flight (`sending`).
final class BodyFile: Sendable {
    /// Bodies below this go in the same `writev` as their head: one system call, where a file
    /// needs a `writev` and a `sendfile`.
    static let smallest = 64 << 10
    /// Files open at once, at most: each holds a descriptor, and `serve` also holds one per
    /// connection (512 by default) under a limit that is often 1,024. Past it, bodies go from
    /// their buffers.
    static let most = 128
    private static let open = Atomic(0)

    private let descriptor: CInt
    let count: Int

    /// `body` in a new sealed memory file; nil when it is below `smallest` or the system has
    /// no memfd (the answer then goes from the buffer).
    init?(_ body: ByteBuffer) {
        #if os(Linux)
        guard body.readableBytes >= Self.smallest else { return nil }
        guard Self.open.add(1, ordering: .relaxed).newValue <= Self.most else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        let fd = memfd_create("marvel-gallery-answer", UInt32(MG_MFD_CLOEXEC | MG_MFD_ALLOW_SEALING))
        guard fd >= 0 else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        let written = body.withUnsafeReadableBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        guard written, fcntl(fd, CInt(MG_F_ADD_SEALS), CInt(MG_F_SEAL_WRITE | MG_F_SEAL_SHRINK | MG_F_SEAL_GROW)) == 0 else {
            close(fd)
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        descriptor = fd
        count = body.readableBytes
        #else
        return nil
        #endif
    }

    deinit {
        close(descriptor)
        Self.open.subtract(1, ordering: .relaxed)
    }

    /// Files open now (tests).
    static var openCount: Int { open.load(ordering: .relaxed) }

    /// The whole file as a region for one write, with what must stay alive until that write
    /// completes or fails (`release`). Each write has a handle of its own: NIO refuses a handle
    /// that another event loop's write is using at that moment (EBUSY).
    func sending() -> (region: FileRegion, release: @Sendable () -> Void) {
        let handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
        return (FileRegion(fileHandle: handle, readerIndex: 0, endIndex: count), { [self] in
            // The descriptor is this file's, closed by its deinit, not the handle's.
            _ = try? handle.takeDescriptorOwnership()
            withExtendedLifetime(self) {}
        })
    }
}
