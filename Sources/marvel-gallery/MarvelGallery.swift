import ArgumentParser

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
}
