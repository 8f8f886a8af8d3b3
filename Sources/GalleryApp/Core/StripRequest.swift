import MarvelAPI

/// A request for one page of a detail's strip: the entities of type `related` that `subject`
/// lists (a character's comics, a comic's characters, a series' events…).
public struct StripRequest: Equatable, Hashable, Sendable {
    public let pageID: Int
    public let subject: DetailSubject
    public let related: MarvelResource
    public let offset: Int
    public let limit: Int
}
