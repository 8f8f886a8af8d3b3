/// The one call screens and paginators need. `MarvelClient` is the real one; app tests can
/// substitute a fake that returns canned pages.
public protocol MarvelPageLoading: Sendable {
    func page<Entity: MarvelEntity>(_ endpoint: MarvelEndpoint<Entity>) async throws -> MarvelPage<Entity>
}

extension MarvelClient: MarvelPageLoading {}

extension MarvelPageLoading {
    /// A paginator over any list endpoint of this loader.
    public func makePaginator<Entity>(_ endpoint: MarvelEndpoint<Entity>, pageSize: Int = 20) -> Paginator<Entity> {
        Paginator(endpoint: endpoint, pageSize: pageSize) { try await self.page($0) }
    }
}
