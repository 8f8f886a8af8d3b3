import CMalloc
import NIOCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A large cached body kept also in a file of its own, so `CachedAnswerHandler` hands it to
/// the socket with sendfile (a NIO `FileRegion`) instead of copying it from a buffer: for a
/// 247 KB page the copy into the socket was the largest cost of an answer
/// (`docs/performance.md`, serve). The file is an unlinked one (O_TMPFILE) in a folder on disk
/// when `serve` names one, else an anonymous memory file (memfd). Disk first: the kernel reads
/// a page-cache file of a disk filesystem for sendfile in large folios, where a memory file
/// goes page by page (`shmem_file_splice_read` was 15 % of serve's CPU on the identity page).
/// The bytes stay fixed while any answer is sending them: a memory file is sealed, a disk
/// file is held only through a read-only descriptor and has no name. A body replaced in the
/// cache gets a file of its own. The descriptor closes when the last holder lets go: the
/// cache entry, and each write in flight (`sending`).
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

    /// `body` in a new file: an unlinked one in `folder` when given and it can hold one, else a
    /// sealed memory file; nil when the body is below `smallest`, `most` files are open, or
    /// neither file can be made (the answer then goes from the buffer).
    init?(_ body: ByteBuffer, folder: String? = nil) {
        #if os(Linux)
        guard body.readableBytes >= Self.smallest else { return nil }
        guard Self.open.add(1, ordering: .relaxed).newValue <= Self.most else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        guard let fd = folder.flatMap({ Self.diskFile(body, in: $0) }) ?? Self.memoryFile(body) else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        descriptor = fd
        count = body.readableBytes
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// A read-only descriptor of an unlinked file in `folder` holding `body`.
    private static func diskFile(_ body: ByteBuffer, in folder: String) -> CInt? {
        let fd = Glibc.open(folder, CInt(MG_O_TMPFILE) | O_RDWR | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard write(body, to: fd) else { return nil }
        // The writable descriptor goes; the one kept (through /proc, as the file has no
        // name) can only read.
        let reading = Glibc.open("/proc/self/fd/\(fd)", O_RDONLY | O_CLOEXEC)
        return reading >= 0 ? reading : nil
    }

    /// A sealed memory file holding `body`.
    private static func memoryFile(_ body: ByteBuffer) -> CInt? {
        let fd = memfd_create("marvel-gallery-answer", UInt32(MG_MFD_CLOEXEC | MG_MFD_ALLOW_SEALING))
        guard fd >= 0 else { return nil }
        guard write(body, to: fd), fcntl(fd, CInt(MG_F_ADD_SEALS), CInt(MG_F_SEAL_WRITE | MG_F_SEAL_SHRINK | MG_F_SEAL_GROW)) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func write(_ body: ByteBuffer, to fd: CInt) -> Bool {
        body.withUnsafeReadableBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }
    #endif

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
