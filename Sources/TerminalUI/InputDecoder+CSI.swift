extension InputDecoder {
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// Longest CSI we wait for before treating the bytes as garbage.
    static let maxCSILength = 64

    static func decodeCSI(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        // ESC [ params(0x30-0x3F)* intermediates(0x20-0x2F)* final(0x40-0x7E)
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else {
            if final || j - i > maxCSILength {
                // A cut-off sequence: "ESC [" alone is Alt+[.
                return j == i + 2 ? .event(.key(.char("[", .alt)), next: j) : .event(nil, next: j)
            }
            return .needMore
        }
        let finalByte = b[j]
        guard (0x40...0x7E).contains(finalByte) else { return .event(nil, next: j) }
        let paramBytes = b[(i + 2)..<j]
        let next = j + 1

        if finalByte == 0x7E, paramBytes.elementsEqual("200".utf8) {
            return decodePaste(b, contentStart: next, final: final)
        }
        if paramBytes.first == UInt8(ascii: "<"), finalByte == 0x4D || finalByte == 0x6D {
            return .event(decodeSGRMouse(paramBytes.dropFirst(), release: finalByte == 0x6D), next: next)
        }
        if paramBytes.first.map({ (0x3C...0x3F).contains($0) }) == true {
            return .event(nil, next: next)  // private replies (mode reports etc.) are not keys
        }
        let params = String(decoding: paramBytes, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.split(separator: ":").first ?? "") ?? 0 }
        let mods = Modifiers(xtermParameter: params.count > 1 ? params[1] : 1)
        let code: KeyCode?
        switch finalByte {
        case 0x41: code = .up
        case 0x42: code = .down
        case 0x43: code = .right
        case 0x44: code = .left
        case 0x48: code = .home
        case 0x46: code = .end
        case 0x50...0x53: code = .function(Int(finalByte) - 0x4F)
        case 0x5A: return .event(.key(KeyEvent(.tab, mods.union(.shift))), next: next)
        case 0x7E:
            switch params.first ?? 0 {
            case 1, 7: code = .home
            case 2: code = .insert
            case 3: code = .delete
            case 4, 8: code = .end
            case 5: code = .pageUp
            case 6: code = .pageDown
            case 11...15: code = .function(params[0] - 10)
            case 17...21: code = .function(params[0] - 11)
            case 23, 24: code = .function(params[0] - 12)
            default: code = nil
            }
        default: code = nil
        }
        return .event(code.map { .key(KeyEvent($0, mods)) }, next: next)
    }

    /// More bytes of an open paste: the paste event once its end is in `input` (the rest of
    /// `input` returned for decoding), else nil with the bytes kept. Only the new bytes (and
    /// the few before them an end could start in) are searched.
    mutating func continuePaste(_ input: [UInt8], events: inout [InputEvent]) -> [UInt8]? {
        guard var open = paste else { return input }
        let searchFrom = max(0, open.count - (Self.pasteEnd.count - 1))
        open.append(contentsOf: input)
        if let end = Self.find(Self.pasteEnd, in: open, from: searchFrom) {
            paste = nil
            events.append(.paste(String(decoding: open[..<end], as: UTF8.self)))
            return Array(open[(end + Self.pasteEnd.count)...])
        }
        if open.count > Self.maxPasteBytes {
            paste = nil
            events.append(.paste(String(decoding: open, as: UTF8.self)))
            return []
        }
        paste = open
        return nil
    }

    /// The first index of `needle` in `bytes` at or after `start`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { b in
            needle.withUnsafeBufferPointer { n in
                guard let first = n.first, b.count >= n.count else { return nil }
                var k = start
                while k <= b.count - n.count {
                    if b[k] == first, memcmpEqual(b, at: k, n) { return k }
                    k += 1
                }
                return nil
            }
        }
    }

    private static func memcmpEqual(_ b: UnsafeBufferPointer<UInt8>, at k: Int, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        for j in 1..<n.count where b[k + j] != n[j] { return false }
        return true
    }

    /// Everything up to `ESC [ 201 ~` is one paste event.
    static func decodePaste(_ b: [UInt8], contentStart: Int, final: Bool) -> Step {
        if let k = find(pasteEnd, in: b, from: contentStart) {
            return .event(.paste(String(decoding: b[contentStart..<k], as: UTF8.self)), next: k + pasteEnd.count)
        }
        if final || b.count - contentStart > maxPasteBytes {
            return .event(.paste(String(decoding: b[contentStart...], as: UTF8.self)), next: b.count)
        }
        return .needMore
    }

    /// `CSI < button ; x ; y (M|m)`, 1-based coordinates on the wire, 0-based in the event.
    static func decodeSGRMouse(_ p: ArraySlice<UInt8>, release: Bool) -> InputEvent? {
        let parts = String(decoding: p, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let code = parts[0]
        var mods: Modifiers = []
        if code & 4 != 0 { mods.insert(.shift) }
        if code & 8 != 0 { mods.insert(.alt) }
        if code & 16 != 0 { mods.insert(.ctrl) }
        let pos = Point(x: max(0, parts[1] - 1), y: max(0, parts[2] - 1))
        if code & 64 != 0 {
            let button: MouseButton = code & 1 == 0 ? .wheelUp : .wheelDown
            return .mouse(MouseEvent(kind: .wheel, button: button, position: pos, modifiers: mods))
        }
        let button: MouseButton
        switch code & 3 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        default: button = .none
        }
        let kind: MouseEvent.Kind = release ? .release : (code & 32 != 0 ? .drag : .press)
        return .mouse(MouseEvent(kind: kind, button: button, position: pos, modifiers: mods))
    }
}
