import GalleryApp
import MarvelAPI

/// `--search` in plain and JSON output matches anywhere in a name, as the grid's search does.
/// The built-in catalog does it itself (`nameContains`, ranked). Other sources (the Marvel API,
/// mirrors) match name starts only and refuse unknown parameters: they are asked for the names
/// starting with the text (`nameStartsWith`, every one of them, up to the limit), and those come
/// first; then the list is paged through in name order, up to `scanLimit` names, and the names
/// holding the text elsewhere follow, with the grid's rule (`NameMatch`: word starts, then the
/// rest, accents folded); the note on stderr says how many names were searched.
enum PlainSearch {
    /// Names read at most (ten pages of 100).
    static let scanLimit = 1_000

    struct Result<Entity: MarvelEntity> {
        /// The matches to print; `total` is how many there are in all.
        var listing: ListFetcher.Listing<Entity>
        /// Set when part of the matching was done here: names searched, and how long the list is.
        var searchedHere: (names: Int, of: Int)?
        /// How many of the matches the server found (name starts).
        var fromServer = 0

        /// The stderr note for a search done partly here.
        func note(noun: String) -> String? {
            guard let (searched, total) = searchedHere else { return nil }
            let matches = listing.total
            let scope = searched < total ? "the first \(searched) of \(total) \(noun)" : "all \(searched) \(noun)"
            return "\(matches) match\(matches == 1 ? "" : "es"): \(fromServer) name start\(fromServer == 1 ? "" : "s") from the server, "
                + "then the rest searched in \(scope) here (this source matches name starts only)"
        }
    }

    /// The matches for `text`. `anywhere` is the server's own search (nil: it has none);
    /// `starts` asks for the names starting with the text, `everything` for the whole list.
    static func run<Entity>(_ client: MarvelClient, text: String, limit: Int,
                            anywhere: MarvelEndpoint<Entity>?, starts: MarvelEndpoint<Entity>,
                            everything: MarvelEndpoint<Entity>,
                            name: (Entity) -> String) async throws -> Result<Entity> {
        if let anywhere {
            return Result(listing: try await ListFetcher.fetch(client, anywhere, limit: limit))
        }
        let key = NameMatch.fold(text.trimmingCharacters(in: .whitespaces))
        let startsListing = try await ListFetcher.fetch(client, starts, limit: limit)
        // A mirror may ignore the filter: only names that do start with the text count.
        let fromServer = startsListing.items.filter { NameMatch.rank(name($0), key: key) == 0 }
        var listing = try await ListFetcher.fetch(client, everything, limit: scanLimit)
        let searched = (names: listing.items.count, of: listing.total)
        let serverIDs = Set(fromServer.map(\.id))
        let elsewhere = NameMatch.ranked(listing.items, text: text, name: name)
            .filter { !serverIDs.contains($0.id) && NameMatch.rank(name($0), key: key) != 0 }
        let serverTotal = startsListing.items.count == fromServer.count ? startsListing.total : fromServer.count
        listing.items = Array((fromServer + elsewhere).prefix(limit))
        listing.total = serverTotal + elsewhere.count
        listing.asked = limit
        listing.stopped = startsListing.stopped ?? listing.stopped
        listing.unreadable += startsListing.unreadable
        listing.unknown.merge(startsListing.unknown)
        return Result(listing: listing, searchedHere: searched, fromServer: fromServer.count)
    }
}
