import CatalogServer
import Foundation
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI
import TerminalUI

/// Wires the full-screen gallery: the data source (a `--base-url` mirror, the official API
/// with keys, or by default the built-in catalog served in-process on a loopback port), the
/// image pipeline with its disk cache, and the terminal; runs it; tears everything down.
enum GalleryLaunch {
    /// The data source for this run: `--base-url` (or MARVEL_BASE_URL), else the official API
    /// when keys are set, else the built-in catalog served in-process on a loopback port.
    struct Source {
        let client: MarvelClient
        let kind: DataSourceKind
        let server: CatalogServer?

        static func resolve(_ source: ClientOptions) async throws -> Source {
            let credentials = try CredentialsLoader.load()
            if let text = source.resolvedBaseURLText {
                let client = try source.makeClient()
                return Source(client: client, kind: client.isOfficialGateway ? .officialAPI : .mirror(text), server: nil)
            }
            if credentials != nil {
                return Source(client: try source.makeClient(), kind: .officialAPI, server: nil)
            }
            let server = try await CatalogServer.start(CatalogServerOptions())
            let client = MarvelClient(baseURL: server.baseURL, transport: try HTTPTransport(),
                                      timeouts: HTTPTimeouts(total: .seconds(source.timeout)))
            return Source(client: client, kind: .offlineCatalog, server: server)
        }

        func close() async {
            client.transport.shutdown()
            await server?.stop()
        }
    }

    static func run(source: ClientOptions, options: GalleryOptions, screen: LaunchScreen = LaunchScreen()) async throws {
        let resolved = try await Source.resolve(source)
        let client = resolved.client, kind = resolved.kind, server = resolved.server
        let imageTransport = try HTTPTransport()
        let pipeline = try PipelineParts.makePipeline(transport: imageTransport,
                                                      cacheDirectory: options.imageCacheDirectory)
        var config = AppConfig(pageSize: screen.catalog == .comics ? LaunchScreen.comicsPageSize : options.pageSize,
                               source: kind, language: screen.language)
        config.catalog = screen.catalog
        config.comicsFilter = screen.comicsFilter
        var sessionOptions = GallerySession.Options(config: config,
                                                    letter: screen.catalog == .characters ? options.indexLetter : nil)
        sessionOptions.detail = screen.detail
        sessionOptions.details = MarvelDetailSource(client: client)
        let backend: any Backend
        if let size = options.headlessSize {
            backend = FakeBackend(size: size)
            sessionOptions.finishWhenGridComplete = true
        } else {
            backend = try TerminalBackendFactory.make()
        }
        do {
            let (state, _) = try await GallerySession.run(
                backend: backend, pages: MarvelPageSource(client: client),
                thumbnails: PipelineThumbnails(pipeline: pipeline), options: sessionOptions)
            if let fake = backend as? FakeBackend,
               let path = ProcessInfo.processInfo.environment["MARVEL_GALLERY_DUMP_FRAME"] {
                try? await fake.screen.write(toFile: path, atomically: true, encoding: .utf8)
            }
            if options.headlessSize != nil {
                // One write(2), so the benchmark reading the pipe sees it at once.
                let line = Array((state.isGridComplete ? "grid-complete\n" : "grid-incomplete\n").utf8)
                _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
        } catch {
            await shutDown(pipeline: pipeline, server: server, transports: [imageTransport, client.transport])
            throw error
        }
        await shutDown(pipeline: pipeline, server: server, transports: [imageTransport, client.transport])
    }

    static func shutDown(pipeline: ImagePipeline, server: CatalogServer?, transports: [HTTPTransport]) async {
        pipeline.close()
        for transport in transports { transport.shutdown() }
        await server?.stop()
    }
}
