import Foundation
import TestSupport

/// Galleries in tmux that share one user's saved lists (favourites, history: `XDG_DATA_HOME`
/// in a temporary folder), each with a picture cache of its own, as two terminals of one user.
struct SharedDataGalleries {
    let folder: URL

    init(_ prefix: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    var dataHome: String { folder.appendingPathComponent("data").path }

    /// `marvel-gallery characters` at 120x40 as the gallery called `name`.
    func gallery(_ name: String) throws -> TmuxSession {
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) characters --image-cache \(TmuxSession.quote(folder.path + "/images-" + name))"
        return try TmuxSession(command: command, width: 120, height: 40, environment: ["XDG_DATA_HOME": dataHome])
    }
}
