import Catalog
import Foundation
import MetronSource

/// `serve --source metron`: the Metron client the server answers from. Pictures are fetched
/// only from the client's own host and Metron's image host.
public struct MetronServing: Sendable {
    public static let imageHost = "static.metron.cloud"

    public var client: MetronClient
    /// Hosts (`host` or `host:port`) pictures may come from besides Metron's own.
    public var imageHosts: Set<String>

    public init(client: MetronClient, imageHosts: Set<String> = [MetronServing.imageHost]) {
        self.client = client
        self.imageHosts = imageHosts
    }

    var allowedImageHosts: Set<String> {
        let base = client.baseURL
        let host = base.port.map { "\(base.host ?? ""):\($0)" } ?? (base.host ?? "")
        return imageHosts.union([host])
    }
}

/// The catalog behind the Marvel routes when Metron answers instead: it holds nothing.
struct NoCatalog: CatalogReading {
    func characters(_ query: CharacterFilter) throws -> CatalogPage { CatalogPage(total: 0, results: []) }
    func character(id: Int) throws -> String? { nil }
    func comics(_ query: ComicFilter) throws -> CatalogPage { CatalogPage(total: 0, results: []) }
    func comic(id: Int) throws -> String? { nil }
    func summaries(_ kind: SummaryKind, ofCharacter id: Int, orderBy: [Ordering], limit: Int, offset: Int) throws -> CatalogPage {
        CatalogPage(total: 0, results: [])
    }
    func entities(_ kind: EntityKind, _ filter: EntityFilter) throws -> CatalogPage { CatalogPage(total: 0, results: []) }
    func entity(_ kind: EntityKind, id: Int) throws -> String? { nil }
    func image(token: String) throws -> StoredImage? { nil }
}
