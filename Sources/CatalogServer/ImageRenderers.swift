import Catalog
import Foundation
import MarvelAPI

/// Serves the original for every variant. Used only when no decoder is wanted (tests of
/// routing); the default renderer resizes with ImageCore.
public struct OriginalImageRenderer: ImageRendering {
    public init() {}
    public func render(_ original: StoredImage, variant: ImageVariant, fileExtension: String) throws -> Data {
        original.bytes
    }
}

/// Placeholder until ImageCore's codecs are merged: serves originals.
public typealias DefaultImageRenderer = OriginalImageRenderer
