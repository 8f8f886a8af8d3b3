import Catalog

/// A `/v1/public/...` path as the contract's routes read it: a list, one entity by id, or a
/// related list (`/series/{id}/comics`). Every source answers the same routes, so the path is
/// read once, here, and a path that is none of them is the gateway's 404 whoever answers.
public enum ContractRoute: Sendable, Equatable {
    case list(EntityKind)
    case entity(EntityKind, id: Int)
    case related(EntityKind, id: Int, EntityKind)

    /// The route of the components after `/v1/public/`; nil when there is none (a kind that is
    /// not one of the six, an id that is not a positive integer, a related list the contract
    /// does not have, more than three components).
    public init?(_ components: [Substring]) {
        guard let first = components.first, let kind = EntityKind(rawValue: String(first)), components.count <= 3 else {
            return nil
        }
        guard components.count >= 2 else { self = .list(kind); return }
        guard let id = Int(components[1]), id > 0 else { return nil }
        guard components.count == 3 else { self = .entity(kind, id: id); return }
        guard let sub = EntityKind(rawValue: String(components[2])), kind.subCollections.contains(sub) else { return nil }
        self = .related(kind, id: id, sub)
    }

    /// What the answer lists.
    public var listed: EntityKind {
        switch self {
        case .list(let kind), .entity(let kind, _), .related(_, _, let kind): kind
        }
    }
}
