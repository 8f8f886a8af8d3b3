import TerminalUI

/// Where pages of characters come from. The real one speaks the Marvel REST contract through
/// `MarvelClient`; tests use an in-memory catalog.
public protocol ItemPageSource: Sendable {
    func page(_ request: PageRequest) async -> Result<ItemPage, PageFailure>
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
}
