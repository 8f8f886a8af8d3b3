import CShims

/// Reads a `width x height` RGB picture through one of the shims' `*_read_rgb` calls. Every shim
/// follows the same contract (non-zero return = failure, details in `status`), and on failure the
/// buffer is still zero-filled so the array is fully initialised before it is dropped. A return
/// of 1 with `MG_IMG_DAMAGED` keeps the recovered pixels inside `ImageError.damaged`.
func readShimRGB(_ format: ImageFormat, width: Int, height: Int, status: inout mg_img_status,
                 _ read: (UnsafeMutablePointer<UInt8>?, inout mg_img_status) -> Int32) -> Result<RGBImage, ImageError> {
    let count = width * height * 3
    var failed = false, damaged = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        let rc = read(out.baseAddress, &status)
        if rc == 1 && status.code == Int32(MG_IMG_DAMAGED) {
            damaged = true
        } else if rc != 0 {
            failed = true
            out.initialize(repeating: 0)
        }
        initialized = count
    }
    if failed { return .failure(ImageError(status: status, format: format)) }
    let image = RGBImage(width: width, height: height, pixels: pixels)
    if damaged {
        guard case let .corrupt(_, reason) = ImageError(status: status, format: format) else { return .success(image) }
        return .failure(.damaged(format: format, reason: reason, partial: image))
    }
    return .success(image)
}
