import ArgumentParser
import Catalog
import EmbeddedCatalogFile
import Foundation

/// `marvel-gallery catalog import|info`: the user's own SQLite catalog.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Manage the local catalog (import recorded Marvel API responses, show counts).",
        subcommands: [Import.self, Info.self])

    struct Location: ParsableArguments {
        @Option(help: "The catalog file (default: $MARVEL_GALLERY_CATALOG or $XDG_DATA_HOME/marvel-gallery/catalog.sqlite).")
        var catalog: String?

        var path: String { catalog ?? EmbeddedCatalog.userCatalogPath }
    }

    struct Import: ParsableCommand {
        // Named here: a name left to the parser is the type's (`String(describing:)`), which
        // costs every command's start the runtime's conformance scans.
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Merge recorded Marvel responses (list/detail envelopes, JSON) and images into the catalog.",
            discussion: LiveSources.rows.map(\.recordingsHelp).joined(separator: " "))

        @OptionGroup var location: Location

        @Argument(help: "Files or folders (read recursively).", completion: .file())
        var paths: [String]

        func run() throws {
            let store: CatalogStore
            do { store = try CatalogStore(path: location.path) } catch { throw PlainOutput.failure("\(error)") }
            // A live source's recording folders are translated; everything else is Marvel JSON and images.
            let recorded = paths.compactMap { path in LiveSources.rows.first { $0.holdsRecordings(path) }.map { (path, $0) } }
            var report = store.importPaths(paths.filter { path in !recorded.contains { $0.0 == path } })
            for (folder, row) in recorded {
                for note in row.importRecordings(folder, store, &report) {
                    try? FileHandle.standardError.write(contentsOf: Data("note: \(PlainOutput.v(note))\n".utf8))
                }
            }
            try? store.markImported()
            for failure in report.failures { try? FileHandle.standardError.write(contentsOf: Data("skipped: \(failure)\n".utf8)) }
            print("imported \(report.summaryLine) into \(location.path)")
            // Anything skipped (a missing path, a file that is not Marvel JSON) is a failure for scripts.
            if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "info", abstract: "Counts, size and location of the catalog.")

        @OptionGroup var location: Location

        @Flag(help: "Describe the embedded catalog (Fixtures) instead of the user's catalog.")
        var embedded = false

        func run() throws {
            let store: CatalogStore
            do {
                if embedded {
                    store = try EmbeddedCatalog.open(ready: ReadyCatalogFile.url)
                } else {
                    guard FileManager.default.fileExists(atPath: location.path) else {
                        print("no catalog at \(location.path) (create one with `marvel-gallery catalog import FILE|DIR...`)")
                        return
                    }
                    store = try CatalogStore(path: location.path)
                }
                let s = try store.summary()
                print("""
                    catalog: \(store.path ?? "in memory")
                    characters: \(s.characters)
                    comics: \(s.comics)
                    series: \(s.series)
                    stories: \(s.stories)
                    events: \(s.events)
                    creators: \(s.creators)
                    images: \(s.images) (\(s.imageBytes) bytes of originals)
                    size: \(s.fileBytes) bytes
                    """)
            } catch let error as CatalogError {
                throw PlainOutput.failure(error.description)
            }
        }
    }
}
