import CImageCodecs

/// Where the process's large blocks live (decoded pictures, list pages, a long list's copies).
public enum LargeBlocks {
    /// Has every block of 128 KB or more mapped on its own and returned to the system when
    /// freed. By default glibc raises that threshold to the largest block freed (up to 32 MB),
    /// after which such blocks are carved from per-thread heaps that keep their high-water
    /// mark: a 50,000 walk (`marvel-bench walk`) grew from 52 to 84 MB in its first 100
    /// presses with 1 MB of pictures cached. Process-wide; done once.
    public static let mappedOnTheirOwn: Void = {
        _ = mg_map_large_blocks(128 << 10)
    }()
}
