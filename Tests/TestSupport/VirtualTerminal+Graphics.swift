import TerminalUI

/// The pixel pictures a `VirtualTerminal` shows: kitty placements (by image id, placement 1),
/// the images it stores and how often each was transmitted, sixel and iTerm2 pictures drawn,
/// and kitty images sent through tmux passthrough (unwrapped and fed back in).
public struct VirtualGraphics: Sendable {
    /// Visible kitty placements: image id → the cell rectangle it covers.
    public var placements: [UInt32: Rect] = [:]
    /// Image ids the terminal holds.
    public var stored: Set<UInt32> = []
    /// Transmissions per image id (a=t / a=T).
    public var transmits: [UInt32: Int] = [:]
    /// Images freed (`d=I`), by id.
    public var frees: [UInt32: Int] = [:]
    /// Images the terminal freed on its own, by id: kitty 0.26.5 frees every image without a
    /// placement on any `d=I` and on `CSI 2J` (`VirtualTerminal.freeUnplaced`).
    public var swept: [UInt32: Int] = [:]
    /// Virtual placements (`U=1`) for Unicode placeholders.
    public var virtualPlacements: Set<UInt32> = []
    /// Sixel and iTerm2 pictures drawn (whole: their sequence ended), with the cursor position
    /// each started at.
    public var pixelDraws: [Point] = []
    /// Sequences wrapped for tmux.
    public var passthroughs = 0
    /// Transmissions by medium (`t=`: d direct, t temporary file, f file, s shared memory).
    public var transfers: [String: Int] = [:]
    /// The image whose chunked transmission has started (`m=1`) and not ended (`m=0`).
    public var loading: UInt32?

    /// Transmissions of all images together.
    public var transmitCount: Int { transmits.values.reduce(0, +) }
}

extension VirtualTerminal {
    /// `ESC _ … ESC \` (APC: kitty graphics) or `ESC P … ESC \` (DCS: sixel, tmux passthrough).
    /// `start` is the index of `_` or `P`. Returns the index after the terminator.
    mutating func stringSequence(_ t: [Unicode.Scalar], _ start: Int) -> Int {
        var i = start + 1
        var body = String.UnicodeScalarView()
        let tmux = t[start] == "P" && t.count > i + 4 && String(String.UnicodeScalarView(t[i..<(i + 5)])) == "tmux;"
        var ended = false
        while i < t.count {
            if t[i] == "\u{1B}" {
                // Inside tmux passthrough an ESC of the wrapped sequence is doubled.
                if tmux, i + 1 < t.count, t[i + 1] == "\u{1B}" { body.append("\u{1B}"); i += 2; continue }
                if i + 1 < t.count, t[i + 1] == "\\" { i += 2; ended = true; break }
            }
            body.append(t[i])
            i += 1
        }
        let text = String(body)
        if tmux {
            graphics.passthroughs += 1
            feed(Array(text.dropFirst("tmux;".count).utf8))
        } else if t[start] == "_" {
            if text.hasPrefix("G") { kitty(String(text.dropFirst())) } else { unknownSequences.append("APC") }
        } else if text.contains("q") {
            // sixel: DCS P1;P2;P3 q … ST, drawn once all of it has come (a log read mid-frame
            // can end inside one).
            if ended { graphics.pixelDraws.append(cursor) }
        } else {
            unknownSequences.append("DCS")
        }
        return i
    }

    private mutating func kitty(_ command: String) {
        let keysText = command.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        var keys: [String: String] = [:]
        for pair in keysText.split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { keys[kv[0]] = kv[1] }
        }
        let id = UInt32(keys["i"] ?? "") ?? 0
        if let loading = graphics.loading {
            // kitty takes any direct transmission during a chunked one as more of it, and a
            // free may drop the image being loaded: only placements of other images and
            // deletes of placements may come between the chunks.
            let isChunk = keys["a"] == nil && keys["i"] == nil && keys["m"] != nil
            let harmless = (keys["a"] == "p" && id != loading)
                || (keys["a"] == "d" && (keys["d"].map { $0.count == 1 && $0.lowercased() == $0 } ?? false))
            if isChunk {
                if keys["m"] != "1" { graphics.loading = nil }
                return
            }
            if !harmless { unknownSequences.append("kitty \(keysText) inside the load of image \(loading)") }
        }
        if keys["m"] == "1", keys["a"] == "t" || keys["a"] == "T" { graphics.loading = id }
        switch keys["a"] ?? (keys["m"] != nil ? "continue" : "t") {
        case "t", "T":
            graphics.stored.insert(id)
            graphics.transmits[id, default: 0] += 1
            graphics.transfers[keys["t"] ?? "d", default: 0] += 1
            if keys["a"] == "T" { graphics.placements[id] = Rect(origin: cursor, size: Size(width: 1, height: 1)) }
        case "p":
            if !graphics.stored.contains(id) { unknownSequences.append("kitty place of image \(id), not stored") }
            if keys["U"] == "1" { graphics.virtualPlacements.insert(id); return }
            let cols = Int(keys["c"] ?? "") ?? 1, rows = Int(keys["r"] ?? "") ?? 1
            graphics.placements[id] = Rect(origin: cursor, size: Size(width: cols, height: rows))
        case "d":
            switch keys["d"] ?? "a" {
            case "A":
                graphics.placements.removeAll()
                graphics.stored.removeAll()
                graphics.virtualPlacements.removeAll()
            case "a": graphics.placements.removeAll()
            case "i": graphics.placements[id] = nil
            case "I":
                graphics.placements[id] = nil
                graphics.virtualPlacements.remove(id)
                graphics.stored.remove(id)
                graphics.frees[id, default: 0] += 1
                freeUnplaced()
            default: unknownSequences.append("kitty delete \(keys["d"] ?? "")")
            }
        default:
            break  // a continuation chunk
        }
    }

    /// kitty 0.26.5 (Debian 12's), as seen in the real terminal and in its `filter_refs`: a
    /// delete that frees (`d=I`) and a full-screen erase (`CSI 2J`) free every stored image
    /// without a placement, not only the one named. A later `a=p` of one of them finds nothing.
    mutating func freeUnplaced() {
        for id in graphics.stored where graphics.placements[id] == nil && !graphics.virtualPlacements.contains(id) {
            graphics.stored.remove(id)
            graphics.swept[id, default: 0] += 1
        }
    }
}
