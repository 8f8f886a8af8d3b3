import ArgumentParser
import Digests
import MarvelAPI

/// The `marvel-gallery` command: subcommands only, the work lives in the library targets.
@main
struct MarvelGallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marvel-gallery",
        abstract: "A terminal gallery of Marvel characters and comics.",
        // BuildInfo.commit is written at build time by the BuildInfo plugin (Plugins/BuildInfo).
        version: "marvel-gallery \(version) (commit \(BuildInfo.commit))",
        subcommands: [
            // Each subcommand lives in its own file in this folder.
            CharactersCommand.self,
            ComicsCommand.self,
            EntityListCommand<MarvelSeries>.self,
            EntityListCommand<MarvelEvent>.self,
            EntityListCommand<MarvelCreator>.self,
            EntityDetailCommand<MarvelCharacter>.self,
            EntityDetailCommand<MarvelComic>.self,
            CatalogCommand.self,
            ServeCommand.self,
            RenderCommand.self,
            DemoCommand.self,
            DoctorCommand.self,
            CacheCommand.self,
        ]
    )

    static let version = "0.1.0"

    /// Every subcommand starts here: before any libcrypto call, no OpenSSL cleanup at exit
    /// (`Digest.keepLibcryptoUntilExit` says why).
    static func main() async {
        Digest.keepLibcryptoUntilExit()
        await main(nil)
    }
}
