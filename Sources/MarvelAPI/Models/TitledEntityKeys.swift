/// The keys series and events open their JSON with, so that one function writes that head for
/// both, in the contract's order.
protocol TitledEntityKeys: CodingKey {
    static var id: Self { get }
    static var title: Self { get }
    static var description: Self { get }
    static var resourceURI: Self { get }
    static var urls: Self { get }
}

extension KeyedEncodingContainer where K: TitledEntityKeys {
    /// `id`, `title`, `description` (JSON null when nil), `resourceURI` and `urls`, in that order.
    mutating func encodeHead(id: Int, title: String, description: String?, resourceURI: String,
                             urls: [MarvelLink]) throws {
        try encode(id, forKey: .id); try encode(title, forKey: .title)
        try encode(description, forKey: .description)
        try encode(resourceURI, forKey: .resourceURI); try encode(urls, forKey: .urls)
    }
}

extension KeyedDecodingContainer where K: TitledEntityKeys {
    /// The head `encodeHead` writes: `id` and `title` required, the rest read leniently.
    func decodeHead() throws -> (id: Int, title: String, description: String?, resourceURI: String, urls: [MarvelLink]) {
        (try decode(Int.self, forKey: .id), try decode(String.self, forKey: .title), try text(.description),
         try link(.resourceURI) ?? "", try list(MarvelLink.self, .urls))
    }
}
