import Catalog
import Foundation

/// Scale mode: placeholder until written (see SyntheticCatalog in the final version).
final class SyntheticCatalog: CatalogReading {
    init(characters: Int, comics: Int) {}
    func characters(_ query: CharacterQuery) throws -> Page { Page(total: 0, results: []) }
    func character(id: Int) throws -> String? { nil }
    func comics(_ query: ComicQuery) throws -> Page { Page(total: 0, results: []) }
    func comic(id: Int) throws -> String? { nil }
    func summaries(_ kind: SummaryKind, ofCharacter id: Int, orderBy: [Ordering], limit: Int, offset: Int) throws -> Page { Page(total: 0, results: []) }
    func image(token: String) throws -> StoredImage? { nil }
}
