import Foundation
import HTTPTypes

/// RFC 9218's `Priority` request header, as far as the server reads it: the urgency of a picture
/// request. The gallery asks for tiles on screen with a lower number than prefetched ones, so a
/// live source that must wait for its budget serves the screen first.
enum PriorityHeader {
    static let name = HTTPField.Name("Priority")!

    /// `u=0`...`u=7` (default 3) from a header such as `u=1, i`.
    static func urgency(_ header: String?) -> Int {
        guard let header else { return 3 }
        for item in header.split(separator: ",") {
            let part = item.trimmingCharacters(in: .whitespaces)
            if part.hasPrefix("u="), let u = Int(part.dropFirst(2)), (0...7).contains(u) { return u }
        }
        return 3
    }
}
