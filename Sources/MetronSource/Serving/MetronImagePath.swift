import Foundation
import LiveSourceKit

/// The image paths our server answers for Metron originals:
/// `/metron-image/{scheme}/{host[:port]}/{path without extension}/{variant}.{ext}`, and
/// `/metron-character-image/{id}/{variant}.jpg` for a character known only from a list.
public enum MetronImagePath {
    public static let paths = ServedImagePath(prefix: "/metron-image/")
    public static var prefix: String { paths.prefix }
    /// A character's picture by id (list items carry none): the server looks the detail up.
    public static let characterPrefix = "/metron-character-image/"

    /// The served path (without the variant) of an original's URL; nil for a URL we do not serve.
    public static func served(_ original: URL) -> String? { paths.served(original) }

    /// The original's URL for a served image path (nil when not ours).
    public static func original(of path: String, variantNames: Set<String>) -> URL? {
        paths.original(of: path, variantNames: variantNames)
    }
}
