import Catalog
import Digests
import Foundation
import MarvelContract

/// Scale mode (`--synthetic 1562x50000`): a deterministic catalog of that many characters and
/// comics computed from indices, so paging, prefetch and memory can be measured at the size of
/// the real API without a database. Entities are built on demand; images are drawn on demand
/// by `SyntheticArt` and cached by the image service.
final class SyntheticCatalog: CatalogReading {
    struct Character: Sendable { let id: Int; let name: String; let key: String; let modified: Int64 }
    struct Comic: Sendable {
        let id: Int; let title: String; let key: String; let format: String; let issue: Int
        let onsale: Int64; let modified: Int64; let variant: Bool; let series: Int; let cast: [Int]
    }

    let characterList: [Character]          // in name byte order
    let comicList: [Comic]                  // in id order
    let comicOrders: ComicOrders
    let characterIndex: [Int: Int]  // id -> position in characterList
    let comicsOfCharacter: [Int: [Int]]  // character id -> comic positions

    /// Deterministic from its two sizes: the same sizes are the same data.
    var version: String? { "synthetic \(characterList.count)x\(comicList.count)" }

    static let firstCharacterID = 2_000_001
    static let firstComicID = 3_000_001
    static let formats = ["Comic", "Comic", "Comic", "Digital Comic", "Infinite Comic", "Digital Vertical Comic",
                          "Trade Paperback", "Hardcover", "Digest", "Magazine", "Graphic Novel", ""]
    static let seriesNames = ["Amazing Tales", "Cosmic Saga", "Night Patrol", "Uncanny Legends", "Mighty Heroes",
                              "Secret Files", "Infinity Watch", "Strange Worlds", "Iron Chronicles", "Web of Wonder"]
    static let first = ["Captain", "Doctor", "Iron", "Silver", "Black", "Scarlet", "Night", "Star", "Shadow", "Crimson",
                        "Golden", "Mighty", "Ultra", "Phantom", "Atomic", "Cosmic", "Savage", "Quantum", "Mister", "Lady"]
    static let second = ["Falcon", "Tiger", "Comet", "Hammer", "Spider", "Wraith", "Sentinel", "Viper", "Nova", "Titan",
                         "Raven", "Blaze", "Storm", "Knight", "Specter", "Lynx", "Hawk", "Wolf", "Orbit", "Dynamo"]

    init(characters: Int, comics: Int) {
        var chars: [Character] = []
        chars.reserveCapacity(characters)
        for i in 0..<characters {
            let a = Self.first[i % Self.first.count], b = Self.second[(i / Self.first.count) % Self.second.count]
            let round = i / (Self.first.count * Self.second.count)
            let name = round == 0 ? "\(a) \(b)" : "\(a) \(b) (Earth-\(616 + round))"
            chars.append(Character(id: Self.firstCharacterID + i, name: name, key: TextFold.fold(name),
                                   modified: 1_400_000_000 + Int64(Self.mix(i) % 250_000_000)))
        }
        chars.sort { ($0.name.utf8.lexicographicallyPrecedes($1.name.utf8)) }
        var comicsArray: [Comic] = []
        comicsArray.reserveCapacity(comics)
        var ofCharacter: [Int: [Int]] = [:]
        for j in 0..<comics {
            let series = j % Self.seriesNames.count
            let issue = j / Self.seriesNames.count + 1
            let variant = j % 9 == 8
            let format = Self.formats[Int(Self.mix(j &+ 77) % UInt64(Self.formats.count))]
            let title = "\(Self.seriesNames[series]) (\(1961 + series * 6)) #\(issue)\(variant ? " (Variant)" : "")"
            var cast: [Int] = []
            if characters > 0 {
                for k in 0..<3 {
                    let c = Self.firstCharacterID + Int(Self.mix(j * 3 + k) % UInt64(characters))
                    if !cast.contains(c) { cast.append(c) }
                }
                // Every character gets comics: comic j also features character j mod N.
                let own = Self.firstCharacterID + j % characters
                if !cast.contains(own) { cast.append(own) }
            }
            for c in cast { ofCharacter[c, default: []].append(j) }
            comicsArray.append(Comic(id: Self.firstComicID + j, title: title, key: TextFold.fold(title), format: format,
                                     issue: issue, onsale: -283_996_800 + Int64(j) * 86_400 / 3,
                                     modified: 1_400_000_000 + Int64(Self.mix(j &+ 5) % 250_000_000),
                                     variant: variant, series: 50_000 + series, cast: cast))
        }
        characterList = chars
        comicList = comicsArray
        comicOrders = ComicOrders(comicsArray)
        var index: [Int: Int] = [:]
        for (position, c) in chars.enumerated() { index[c.id] = position }
        characterIndex = index
        comicsOfCharacter = ofCharacter
    }

    /// Sorted permutations of comic positions, computed once.
    struct ComicOrders: Sendable {
        let title: [Int], issue: [Int], modified: [Int], onsale: [Int]

        init(_ comics: [Comic]) {
            let all = Array(comics.indices)
            // Synthetic titles are ASCII, where String order is byte order.
            title = all.sorted { (comics[$0].title, $0) < (comics[$1].title, $1) }
            issue = all.sorted { (comics[$0].issue, $0) < (comics[$1].issue, $1) }
            modified = all.sorted { (comics[$0].modified, $0) < (comics[$1].modified, $1) }
            onsale = all.sorted { (comics[$0].onsale, $0) < (comics[$1].onsale, $1) }
        }
    }

    /// A fixed integer hash (splitmix64), so the catalog is the same on every run.
    static func mix(_ value: Int) -> UInt64 {
        var z = UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func characters(_ q: CharacterFilter) throws -> CatalogPage {
        var list = characterList
        if let name = q.name { let key = TextFold.fold(name); list = list.filter { $0.key == key } }
        if let prefix = q.nameStartsWith { let key = TextFold.fold(prefix); list = list.filter { $0.key.hasPrefix(key) } }
        if let part = q.nameContains { let key = TextFold.fold(part); list = list.filter { $0.key.contains(key) } }
        if let since = q.modifiedSince { list = list.filter { $0.modified >= since } }
        if !q.comics.isEmpty {
            let ids = Set(q.comics.compactMap { comicPosition($0) }.flatMap { comicList[$0].cast })
            list = list.filter { ids.contains($0.id) }
        }
        if !q.series.isEmpty || !q.events.isEmpty || !q.stories.isEmpty {
            let series = Set(q.series)
            let ids = Set(comicList.filter { series.contains($0.series) }.flatMap(\.cast))
            list = list.filter { ids.contains($0.id) }
        }
        // `comics` (the built-in catalog's extension) counts `comics.available`, ties by name.
        let orderings = q.orderBy.flatMap { $0.field == "comics" ? [$0, Ordering(field: "name")] : [$0] }
        // The list starts in name byte order (filters keep it): a stable sort by name ascending
        // changes nothing until another ordering has been applied. Sorting 50,000 names for
        // every page would take most of the server's CPU in a held walk, on the cores the
        // client under measure shares.
        var inNameOrder = true
        for o in orderings.reversed() where o.field == "modified" || o.field == "name" || o.field == "comics" {
            let byNameAscending = o.field == "name" && !o.descending
            if byNameAscending && inNameOrder { continue }
            inNameOrder = byNameAscending
            let count = { (c: Character) in self.comicsOfCharacter[c.id]?.count ?? 0 }
            list = stableSorted(list) { a, b in
                let less = o.field == "modified" ? a.modified < b.modified : o.field == "comics" ? count(a) < count(b)
                    : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
                let greater = o.field == "modified" ? a.modified > b.modified : o.field == "comics" ? count(a) > count(b)
                    : b.name.utf8.lexicographicallyPrecedes(a.name.utf8)
                return o.descending ? greater : less
            }
        }
        return CatalogPage(total: list.count, results: slice(list, q.limit, q.offset).map(characterJSON))
    }

    func character(id: Int) throws -> String? { characterIndex[id].map { characterJSON(characterList[$0]) } }

    func comics(_ q: ComicFilter) throws -> CatalogPage {
        // Orders are precomputed permutations of positions; filters run as one predicate, and
        // only the requested page is materialised (50,000 comics page in a few ms).
        var order: [Int]
        if !q.characters.isEmpty {
            let wanted = Set(q.characters.flatMap { comicsOfCharacter[$0] ?? [] })
            order = comicOrder(q.orderBy).filter { wanted.contains($0) }
        } else {
            order = comicOrder(q.orderBy)
        }
        let format = q.format?.lowercased()
        let allowedFormats = q.formatType.map {
            Set($0.lowercased() == "collection" ? ComicFilter.collectionFormats : ComicFilter.comicFormats)
        }
        let title = q.title.map(TextFold.fold), prefix = q.titleStartsWith.map(TextFold.fold)
        let part = q.titleContains.map(TextFold.fold)
        let series = Set(q.series), shared = Set(q.sharedAppearances)
        let filtered = format != nil || allowedFormats != nil || q.noVariants || title != nil || prefix != nil || part != nil
            || q.issueNumber != nil || q.modifiedSince != nil || q.onsaleRange != nil || !series.isEmpty || !shared.isEmpty
        if filtered {
            order = order.filter { position in
                let c = comicList[position]
                if let format, c.format.lowercased() != format { return false }
                if let allowedFormats, !allowedFormats.contains(c.format) { return false }
                if q.noVariants, c.variant { return false }
                if let title, c.key != title { return false }
                if let prefix, !c.key.hasPrefix(prefix) { return false }
                if let part, !c.key.contains(part) { return false }
                if let issue = q.issueNumber, Double(c.issue) != issue { return false }
                if let since = q.modifiedSince, c.modified < since { return false }
                if let range = q.onsaleRange, !range.contains(c.onsale) { return false }
                if !series.isEmpty, !series.contains(c.series) { return false }
                if !shared.isEmpty, !shared.isSubset(of: c.cast) { return false }
                return true
            }
        }
        return CatalogPage(total: order.count, results: slice(order, q.limit, q.offset).map { comicJSON(comicList[$0]) })
    }

    /// Positions of all comics in the requested order (first ordering decides; ties by id).
    private func comicOrder(_ orderBy: [Ordering]) -> [Int] {
        guard let first = orderBy.first else { return comicOrders.onsale.reversed() }  // far future first, as real
        let ascending: [Int] = switch first.field {
        case "title": comicOrders.title
        case "issueNumber": comicOrders.issue
        case "modified": comicOrders.modified
        default: comicOrders.onsale
        }
        return first.descending ? ascending.reversed() : ascending
    }

    func comic(id: Int) throws -> String? { comicPosition(id).map { comicJSON(comicList[$0]) } }

    func summaries(_ kind: SummaryKind, ofCharacter id: Int, orderBy: [Ordering], limit: Int, offset: Int) throws -> CatalogPage {
        let comics = (comicsOfCharacter[id] ?? []).map { comicList[$0] }
        let entries: [(Int, String)]
        switch kind {
        case .series: entries = Array(Set(comics.map(\.series))).sorted().map { ($0, seriesTitle($0)) }
        case .stories: entries = comics.map { ($0.id * 2 + 1, "Interior #\($0.id * 2 + 1)") }
        case .events: entries = []
        }
        let page = slice(entries, limit, offset).map { entry -> String in
            var object: [String: Any] = ["id": entry.0, "title": entry.1, "description": "", "modified": "2014-01-01T00:00:00-0500",
                                         "thumbnail": NSNull(), "resourceURI": ContractValues.resourceURI(kind.rawValue, entry.0)]
            if kind == .stories { object["type"] = "interiorStory" }
            return Self.serialize(object)
        }
        return CatalogPage(total: entries.count, results: page)
    }

    /// Scale mode measures characters and comics; it has no creator, event, series or story
    /// entities of their own (the character sub-lists above cover the gallery's detail page).
    func entities(_ kind: EntityKind, _ filter: EntityFilter) throws -> CatalogPage { CatalogPage(total: 0, results: []) }

    func entity(_ kind: EntityKind, id: Int) throws -> String? {
        switch kind {
        case .characters: try character(id: id)
        case .comics: try comic(id: id)
        default: nil
        }
    }

    func image(token: String) throws -> StoredImage? {
        guard let art = SyntheticArt.draw(token: token) else { return nil }
        return StoredImage(bytes: art, fileExtension: "jpg", hash: Digest.sha1Hex("synthetic|" + token))
    }

    // MARK: helpers

    func comicsOfCharacterList(_ id: Int) -> [Comic] { (comicsOfCharacter[id] ?? []).map { comicList[$0] } }

    func characterName(_ id: Int) -> String? { characterIndex[id].map { characterList[$0].name } }

    private func comicPosition(_ id: Int) -> Int? {
        let position = id - Self.firstComicID
        return comicList.indices.contains(position) ? position : nil
    }

    private func slice<T>(_ list: [T], _ limit: Int, _ offset: Int) -> ArraySlice<T> {
        guard offset < list.count else { return [] }
        return list[offset..<min(list.count, offset + limit)]
    }

    private func stableSorted<T>(_ list: [T], by less: (T, T) -> Bool) -> [T] {
        list.enumerated().sorted { a, b in
            less(a.element, b.element) || (!less(b.element, a.element) && a.offset < b.offset)
        }.map(\.element)
    }

    private func seriesTitle(_ id: Int) -> String {
        let s = id - 50_000
        return "\(Self.seriesNames[s]) (\(1961 + s * 6))"
    }

    static func serialize(_ object: [String: Any]) -> String {
        (try? CanonicalJSON.string(object)) ?? "{}"
    }
}
