import Foundation
import PackagePlugin

/// Builds the embedded catalog's SQLite file from `Fixtures/catalog` while the package builds, so
/// the program ships a ready file (a resource of `EmbeddedCatalogFile`) and a first launch
/// installs it instead of importing. The command runs `EmbeddedCatalogBuilder` (the runtime's
/// importer); its inputs are every fixtures file, so an edited or added fixture (or a changed
/// importer, through the tool) builds it again, and an unchanged tree builds nothing.
@main
struct EmbeddedCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let fixtures = context.package.directoryURL.appendingPathComponent("Fixtures/catalog")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("embedded-catalog.sqlite")
        return [.buildCommand(displayName: "Building the embedded catalog from Fixtures/catalog",
                              executable: try context.tool(named: "EmbeddedCatalogBuilder").url,
                              arguments: [fixtures.path, output.path],
                              inputFiles: try files(below: fixtures),
                              outputFiles: [output])]
    }

    /// Every regular file below `folder`, in a stable order.
    func files(below folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw PluginError("cannot read \(folder.path)")
        }
        var found: [URL] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append(url)
        }
        guard !found.isEmpty else { throw PluginError("no fixtures in \(folder.path)") }
        return found.sorted { $0.path < $1.path }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
