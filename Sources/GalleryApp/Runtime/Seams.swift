import TerminalUI

/// Where pages of characters come from. The real one speaks the Marvel REST contract through
/// `MarvelClient`; tests use an in-memory catalog.
public protocol ItemPageSource: Sendable {
    func page(_ request: PageRequest) async -> Result<ItemPage, PageFailure>
    /// What went wrong on the way that the pages themselves do not show (a response cache
    /// kept in memory). Sources without such problems keep the default.
    var health: SourceHealth { get }
}

extension ItemPageSource {
    public var health: SourceHealth { SourceHealth() }
}

/// Where thumbnails come from. The real one is the image pipeline (memory, disk, network,
/// decode, half-block encode); tests use a fake that answers on demand.
public protocol ThumbnailProviding: Sendable {
    /// Starts loading `key` or changes the priority of a load in flight. `completion` runs
    /// exactly once (nil: no picture), possibly before this returns when the picture is in
    /// memory, and never after `cancel(key)`.
    func load(_ key: ThumbnailKey, priority: ThumbnailPriority,
              completion: @escaping @Sendable (HalfBlockCells?) -> Void)
    func cancel(_ key: ThumbnailKey)
    /// Cancels `keys` together: a slot they free goes to what is already asked for, never to
    /// another of them in between (the pipeline's one scheduling pass at the end).
    func cancel(_ keys: [ThumbnailKey])
    /// Damaged pictures shown so far and a disk cache that refused a write.
    var health: SourceHealth { get }
}

extension ThumbnailProviding {
    public var health: SourceHealth { SourceHealth() }
    public func cancel(_ keys: [ThumbnailKey]) { for key in keys { cancel(key) } }
}
