import Foundation
import MarvelContract

/// One decoded page and where it came from.
public struct MarvelPage<Entity: MarvelEntity>: Sendable {
    public enum Source: Sendable, Hashable {
        /// Fresh from the server.
        case network
        /// The server answered 304 Not Modified; the stored copy is current.
        case revalidated
        /// The network failed; this is the stored copy from `storedAt`, possibly out of date.
        case stale(storedAt: Date, because: MarvelAPIError)
    }

    public var wrapper: DataWrapper<Entity>
    public var source: Source
    /// Fields of the results the server's live source does not know yet (`X-Unknown-Fields`):
    /// their values are the contract's empty ones, to be shown as unknown ("…"), not as 0.
    public var unknown: UnknownFields

    public init(wrapper: DataWrapper<Entity>, source: Source, unknown: UnknownFields = UnknownFields()) {
        self.wrapper = wrapper
        self.source = source
        self.unknown = unknown
    }

    public var results: [Entity] { wrapper.data.results }
    public var total: Int { wrapper.data.total }
    public var offset: Int { wrapper.data.offset }
    public var count: Int { wrapper.data.count }
    /// The page size the server applied (its `limit`): a server may cap what was asked.
    public var limit: Int { wrapper.data.limit }
    /// Records of the page that could not be decoded and were skipped (see `DataContainer`).
    public var unreadable: Int { wrapper.data.unreadable }
    /// "Data provided by Marvel. © 2014 MARVEL": show it on every screen with API data.
    public var attributionText: String? { wrapper.attributionText }
    /// True when the UI should say "offline, showing cached data".
    public var isStale: Bool { if case .stale = source { true } else { false } }
}
