/// How one kind of entry is laid out in its file. Every format keeps the disk cache's one
/// integrity rule: the file holds its key, its payload's length and the payload's SHA-256, and
/// `decode` answers nil for a file that is short, long, for another key or fails the checksum
/// (the store then deletes it and reports a miss).
public protocol DiskEntryFormat {
    associatedtype Value
    /// Appended to the SHA-256 of the key to name an entry's file ("" or ".cache").
    static var fileSuffix: String { get }
    static func encode(key: String, _ value: Value) -> [UInt8]
    static func decode(_ file: [UInt8], key: String) -> Value?
}

/// Raw bytes (downloaded pictures) in the binary layout of `DiskCacheEntry`.
public enum BytesEntryFormat: DiskEntryFormat {
    public static var fileSuffix: String { "" }
    public static func encode(key: String, _ value: [UInt8]) -> [UInt8] { DiskCacheEntry.encode(key: key, data: value) }
    public static func decode(_ file: [UInt8], key: String) -> [UInt8]? { try? DiskCacheEntry.decode(file, key: key).get() }
}
