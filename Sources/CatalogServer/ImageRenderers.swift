import Catalog
import Foundation
import ImageCore
import MarvelAPI

/// Resizes originals into Marvel's variants with ImageCore (libjpeg-turbo / libpng, area
/// average): `portrait_*`, `standard_*`, `landscape_*` are centre-cropped to their exact size
/// (as Marvel's CDN does), `detail` is the whole picture at most 500 px wide. Variants are
/// encoded in the requested extension's format (JPEG for jpg and gif, PNG for png); alpha is
/// composited over black (full size keeps the original bytes, alpha included).
public struct ImageCoreRenderer: ImageRendering {
    public var jpegQuality: Int
    public var maxPixels: Int

    public init(jpegQuality: Int = 85, maxPixels: Int = DecodeOptions.defaultMaxPixels) {
        self.jpegQuality = jpegQuality
        self.maxPixels = maxPixels
    }

    public func render(_ original: StoredImage, variant: ImageVariant, fileExtension: String) throws -> Data {
        let box = variant.size.map { PixelSize(width: $0.width, height: $0.height) }
        let picture = try ImageDecoder.decode([UInt8](original.bytes),
                                              options: DecodeOptions(maxPixels: maxPixels, targetSize: box))
        let output: RGBImage
        if let box {
            output = picture.fitted(into: box, mode: .cover)
        } else if picture.width > 500 {
            output = picture.resized(to: picture.containSize(in: PixelSize(width: 500, height: 1_000_000)))
        } else {
            output = picture
        }
        let bytes = fileExtension == "png" ? try ImageEncoder.png(output) : try ImageEncoder.jpeg(output, quality: jpegQuality)
        return Data(bytes)
    }
}

/// Serves the original for every variant (routing tests that need exact bytes).
public struct OriginalImageRenderer: ImageRendering {
    public init() {}
    public func render(_ original: StoredImage, variant: ImageVariant, fileExtension: String) throws -> Data {
        original.bytes
    }
}

public typealias DefaultImageRenderer = ImageCoreRenderer
