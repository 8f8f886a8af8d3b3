import Catalog
import Foundation
import MarvelContract

/// One page of entities as a source answers a route, before the envelope is put around it.
public struct RouteAnswer: Sendable {
    public var page: CatalogPage
    public var limit: Int
    public var offset: Int
    /// What the page lists (nil from a source that does not say: its entities are not kept).
    public var kind: EntityKind?
    /// Set when the source could not be reached and answered from stored copies kept since
    /// then: the server says so (`Warning: 110`, `Age`) and keeps the answer no longer.
    public var staleSince: Date?
    /// Set when some of the page's fields are not known yet but may be at the next ask (a
    /// live source's list items filled only as far as its budget allowed): the server does
    /// not keep the answer, and clients revalidate it (`no-cache`).
    public var partial = false
    /// Fields of the page's entities the source does not know (the JSON holds the contract's
    /// empty value there): sent as `X-Unknown-Fields`, and such an answer is not kept either.
    public var unknown = UnknownFields()

    public init(page: CatalogPage, limit: Int, offset: Int, kind: EntityKind? = nil, staleSince: Date? = nil) {
        self.page = page; self.limit = limit; self.offset = offset; self.kind = kind; self.staleSince = staleSince
    }

    public func of(_ kind: EntityKind) -> RouteAnswer {
        var result = self
        result.kind = kind
        return result
    }
}
