import Catalog
import Foundation

// Run by the EmbeddedCatalogPlugin while the package builds:
//   EmbeddedCatalogBuilder FIXTURES_FOLDER OUTPUT.sqlite
// Builds the embedded catalog with the runtime's own importer (`EmbeddedCatalog.build`), into a
// temporary name renamed when complete, so an interrupted build never leaves a file that looks
// done.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbeddedCatalogBuilder FIXTURES_FOLDER OUTPUT.sqlite\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let output = arguments[2]
let temporary = output + ".building"
let start = ContinuousClock.now
do {
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
    _ = try EmbeddedCatalog.build(from: folder, version: try EmbeddedCatalog.version(of: folder), at: temporary)
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
    try? FileManager.default.removeItem(atPath: output)
    try FileManager.default.moveItem(atPath: temporary, toPath: output)
    print("embedded catalog built from \(folder.path) in \(ContinuousClock.now - start)")
} catch {
    FileHandle.standardError.write(Data("error: embedded catalog from \(folder.path): \(error)\n".utf8))
    exit(1)
}
