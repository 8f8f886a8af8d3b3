/// The formats ImageCore decodes, recognised by magic bytes only (never by name or URL).
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, gif

    /// Sniffs the leading bytes; nil when nothing matches.
    public static func sniff<C: Collection>(_ bytes: C) -> ImageFormat? where C.Element == UInt8 {
        var head = [UInt8]()
        head.reserveCapacity(8)
        for b in bytes.prefix(8) { head.append(b) }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if head.count >= 8, head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if head.count >= 6, head[0] == 0x47, head[1] == 0x49, head[2] == 0x46, head[3] == 0x38,
           head[4] == 0x37 || head[4] == 0x39, head[5] == 0x61 { return .gif }
        return nil
    }
}
