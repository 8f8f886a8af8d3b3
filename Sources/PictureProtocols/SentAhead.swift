import TerminalUI

/// kitty pictures sent ahead of need (`Buffer.preload`), queued behind the frame that asked
/// for them and written by the runner one APC command (one chunk, at most 4 KB of base64) at a
/// time, between the keys: seven tiles of 76 KB took 0.43 s over 10 Mbit/s, and a key pressed
/// meanwhile waited for all of them when they went in the frame's one write.
///
/// kitty (0.26.5, and its newer `handle_add_command` alike) takes any direct transmission that
/// comes while a chunked one is in progress (`m=1` seen, `m=0` not yet) as more of that one,
/// and a free (`d=I`) may drop the picture being loaded. So a frame written between two chunks
/// may place pictures and delete placements, and nothing else: a frame that does more gets the
/// rest of the picture in progress first (`ANSIEncoder.encode`).
struct SentAhead: Sendable {
    private struct Upload: Sendable {
        let id: UInt32
        let bytes: [UInt8]
        /// Bytes of it already given out (always at the end of an APC command).
        var written = 0
    }

    private var uploads: [Upload] = []

    var isEmpty: Bool { uploads.isEmpty }

    /// The picture whose chunks have started and not ended (the terminal is loading it).
    var loading: UInt32? {
        guard let first = uploads.first, first.written > 0 else { return nil }
        return first.id
    }

    mutating func append(id: UInt32, bytes: [UInt8]) {
        uploads.append(Upload(id: id, bytes: bytes))
    }

    /// Queued and not started: the frame that needs it sends it itself.
    func waiting(_ id: UInt32) -> Bool {
        uploads.contains { $0.id == id && $0.written == 0 }
    }

    /// The next APC command of the picture at the head of the queue (nil: nothing queued).
    mutating func nextPiece() -> ArraySlice<UInt8>? {
        guard var head = uploads.first else { return nil }
        let start = head.written
        let end = Self.endOfCommand(head.bytes, from: start)
        head.written = end
        if end >= head.bytes.count { uploads.removeFirst() } else { uploads[0] = head }
        return head.bytes[start..<end]
    }

    /// The rest of the picture being loaded (empty when none is): the terminal finishes it.
    mutating func finishLoad() -> ArraySlice<UInt8> {
        guard let head = uploads.first, head.written > 0 else { return [] }
        uploads.removeFirst()
        return head.bytes[head.written...]
    }

    /// Takes out a queued picture that has not started: its bytes, for the frame that places it.
    mutating func take(_ id: UInt32) -> [UInt8]? {
        guard let index = uploads.firstIndex(where: { $0.id == id && $0.written == 0 }) else { return nil }
        return uploads.remove(at: index).bytes
    }

    /// Pictures no longer wanted (freed from the store before they went): not sent at all. The
    /// one being loaded stays (its rest goes before the frame that frees it).
    mutating func drop(_ ids: Set<UInt32>) {
        uploads.removeAll { ids.contains($0.id) && $0.written == 0 }
    }

    /// The terminal forgot its pictures (suspend): nothing queued is sent.
    mutating func removeAll() { uploads.removeAll() }

    /// The index after the `ESC \` that ends the APC command starting at `start` (the end of
    /// `bytes` when there is none). Base64 holds no ESC, so the first one is the terminator's.
    static func endOfCommand(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 2  // past this command's own `ESC _`
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B && bytes[i + 1] == 0x5C { return i + 2 }
            i += 1
        }
        return bytes.count
    }

    /// Whether `frame` may be written while picture `loading` is in progress: every kitty
    /// command in it places a picture other than that one (`a=p`) or deletes placements only
    /// (`a=d` with a lower-case `d`). Anything else (a transmission, a free, a placement of
    /// the picture not yet whole) would be taken into the load or break it.
    static func frame(_ frame: ArraySlice<UInt8>, fitsInsideLoadOf loading: UInt32) -> Bool {
        var i = frame.startIndex
        let end = frame.endIndex
        while i + 2 < end {
            guard frame[i] == 0x1B, frame[i + 1] == 0x5F, frame[i + 2] == 0x47 else { i += 1; continue }  // ESC _ G
            var keys: [String: String] = [:]
            var j = i + 3, key = "", value = "", inValue = false
            while j < end, frame[j] != 0x3B, frame[j] != 0x1B {  // up to `;` or ESC
                let c = Character(Unicode.Scalar(frame[j]))
                if c == "," { keys[key] = value; key = ""; value = ""; inValue = false }
                else if c == "=" && !inValue { inValue = true }
                else if inValue { value.append(c) } else { key.append(c) }
                j += 1
            }
            keys[key] = value
            switch keys["a"] {
            case "p":
                if UInt32(keys["i"] ?? "") == loading { return false }
            case "d":
                guard let what = keys["d"], what.count == 1, what.lowercased() == what else { return false }
            default:
                return false
            }
            i = j
        }
        return true
    }
}
