import Foundation

/// The system's own reason for a failed file operation ("No space left on device", "Not a
/// directory", "Read-only file system"), as the image cache says it. Foundation's errors wrap
/// it: their own text reads "(NSCocoaErrorDomain error 512.)" for a folder that is a file.
public enum FileErrorReason {
    public static func of(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        // The underlying error is a Swift `POSIXError` here, which `as? NSError` does not match.
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        let text = error.localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}
