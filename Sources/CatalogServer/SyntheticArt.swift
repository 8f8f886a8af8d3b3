import Foundation

/// Images of the synthetic catalog, drawn from the token on demand.
enum SyntheticArt {
    /// Encoded JPEG bytes for a synthetic token, or nil for tokens it does not draw.
    static func draw(token: String) -> Data? {
        nil  // drawn with ImageCore once its encoder is merged
    }
}
