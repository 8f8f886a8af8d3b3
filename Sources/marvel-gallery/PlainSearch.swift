import GalleryApp
import MarvelAPI

/// `--search`/`--title` in plain and JSON output match anywhere in a name, as the grid's search
/// does. The built-in catalog does it itself (`nameContains`/`titleContains`, ranked). Other
/// sources (the Marvel API, mirrors) match name starts only and refuse unknown parameters, so
/// the list is paged through in name order, up to `scanLimit` names, and matched here with the
/// grid's rule (`NameMatch`: name starts, then word starts, then the rest, accents folded);
/// the note on stderr says how many names were searched.
enum PlainSearch {
    /// Names read at most (ten pages of 100).
    static let scanLimit = 1_000

    struct Result<Entity: MarvelEntity> {
        /// The matches to print; `total` is how many there are in all.
        var listing: ListFetcher.Listing<Entity>
        /// Set when the matching was done here: names searched, and how long the list is.
        var searchedHere: (names: Int, of: Int)?

        /// The stderr note for a search done here.
        func note(noun: String) -> String? {
            guard let (searched, total) = searchedHere else { return nil }
            let matches = listing.total
            let scope = searched < total ? "the first \(searched) of \(total) \(noun)" : "all \(searched) \(noun)"
            return "\(matches) match\(matches == 1 ? "" : "es"): searched \(scope) here (this source matches name starts only)"
        }
    }

    /// The matches for `text`. `anywhere` is the server's own search (nil: it has none).
    static func run<Entity>(_ client: MarvelClient, text: String, limit: Int,
                            anywhere: MarvelEndpoint<Entity>?, everything: MarvelEndpoint<Entity>,
                            name: (Entity) -> String) async throws -> Result<Entity> {
        if let anywhere {
            return Result(listing: try await ListFetcher.fetch(client, anywhere, limit: limit))
        }
        var listing = try await ListFetcher.fetch(client, everything, limit: scanLimit)
        let searched = (names: listing.items.count, of: listing.total)
        let matches = NameMatch.ranked(listing.items, text: text, name: name)
        listing.items = Array(matches.prefix(limit))
        listing.total = matches.count
        return Result(listing: listing, searchedHere: searched)
    }
}
