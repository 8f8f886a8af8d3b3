/// A request for a page's data.
public struct DetailRequest: Equatable, Hashable, Sendable {
    public let pageID: Int
    public let subject: DetailSubject
}
