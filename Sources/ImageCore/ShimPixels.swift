import TerminalUI
import CShims

/// Reads a `width x height` RGB picture through one of the shims' `*_read_rgb` calls. Every shim
/// follows the same contract (non-zero return = failure, details in `status`), and on failure the
/// buffer is still zero-filled so the array is fully initialised before it is dropped.
func readShimRGB(_ format: ImageFormat, width: Int, height: Int, status: inout mg_img_status,
                 _ read: (UnsafeMutablePointer<UInt8>?, inout mg_img_status) -> Int32) -> Result<RGBImage, ImageError> {
    let count = width * height * 3
    var failed = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        if read(out.baseAddress, &status) != 0 {
            failed = true
            out.initialize(repeating: 0)
        }
        initialized = count
    }
    if failed { return .failure(ImageError(status: status, format: format)) }
    return .success(RGBImage(width: width, height: height, pixels: pixels))
}
