/// A store of raw downloaded bytes by key (the pipeline's key is the image URL).
public protocol DataCaching: Sendable {
    /// The bytes, or nil on a miss. A corrupt entry is deleted and reported as a miss.
    func data(for key: String) -> [UInt8]?
    /// Stores `data` atomically: readers see the old entry, the new one, or none, never half.
    func store(_ data: [UInt8], for key: String)
    func remove(for key: String)
    func removeAll()
    /// Persists whatever is kept in memory only (index, access times).
    func flush()
}
