/// Where the user scrolled to, as a block of the document and a line within it.
struct ScrollAnchor: Equatable, Sendable {
    let block: String
    let offset: Int
}
