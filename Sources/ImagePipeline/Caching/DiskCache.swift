import CacheKit

/// The pipeline's disk cache: the program's one disk cache engine with raw bytes per entry.
public typealias DiskCache = DiskStore<BytesEntryFormat>

extension DiskStore: DataCaching where Format == BytesEntryFormat {}
