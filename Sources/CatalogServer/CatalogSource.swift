import Catalog
import ContractServing
import Foundation

/// The built-in catalog (or an imported one, or the synthetic one) as the server's source:
/// the contract's routes over SQLite and its pictures rendered to the variant asked for.
struct CatalogSource: LiveSource {
    let routes: MarvelRoutes
    let images: ImageService
    let catalog: any CatalogReading

    init(catalog: any CatalogReading, renderer: any ImageRendering) {
        self.catalog = catalog
        routes = MarvelRoutes(catalog: catalog)
        images = ImageService(catalog: catalog, renderer: renderer)
    }

    /// A catalog on disk answers while it can be read; its version is read at each check (an
    /// import by another process changes it).
    var health: SourceHealth { SourceHealth(canAnswer: true, version: catalog.version) }

    var name: String { "catalog" }
    var attribution: Attribution { .marvel }
    var capabilities: LiveSourceCapabilities { MarvelRoutes.capabilities }
    /// The catalog changes only by an import.
    var answerMaxAge: Int { 3_600 }

    func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                base: String) async throws(APIFailure) -> RouteAnswer {
        try routes.answer(route, params)
    }

    func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage? {
        guard let request = ImageService.parse(path: path) else { return nil }
        do {
            guard let rendered = try images.image(request) else {
                // Marvel's own "no picture" path answers the contract's placeholder even when an
                // imported catalog holds no copy of it; any other path it does not hold is a 404.
                return request.token == PicturePath.placeholderToken ? .placeholder(request) : .notFound("Not Found")
            }
            return .picture(LivePicture(bytes: rendered.bytes, contentType: rendered.contentType, etag: rendered.etag))
        } catch {
            return .failed(500, "catalog error")
        }
    }
}
