import ArgumentParser
import COpenSSL

/// The `marvel-gallery` command: subcommands only, the work lives in the library targets.
@main
struct MarvelGallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marvel-gallery",
        abstract: "A terminal gallery of Marvel characters and comics.",
        subcommands: [
            // Each subcommand lives in its own file in this folder.
            CharactersCommand.self,
            ComicsCommand.self,
            SeriesCommand.self,
            EventsCommand.self,
            CreatorsCommand.self,
            CharacterCommand.self,
            ComicCommand.self,
            CatalogCommand.self,
            ServeCommand.self,
            RenderCommand.self,
            DemoCommand.self,
            DoctorCommand.self,
            CacheCommand.self,
        ]
    )

    /// Every subcommand starts here. Before any libcrypto call: no OpenSSL cleanup at exit.
    /// Server handlers and pipeline workers may still be hashing when the process ends, and
    /// after OpenSSL's atexit cleanup their digests crash (seen after `q` in the gallery and in
    /// the startup benchmark).
    static func main() async {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        await main(nil)
    }
}
