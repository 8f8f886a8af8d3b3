/// The one call screens and paginators need. `MarvelClient` is the real one; app tests can
/// substitute a fake that returns canned pages.
public protocol MarvelPageLoading: Sendable {
    func page<Entity: MarvelEntity>(_ endpoint: MarvelEndpoint<Entity>) async throws -> MarvelPage<Entity>
}

extension MarvelClient: MarvelPageLoading {}
