import ImageCore

/// Test-side reader of the encoder's output: SGR state machine + half-block glyphs -> pixels.
/// Independent of the encoder's code on purpose (it only knows the ANSI/Unicode meaning).
struct ParsedFrame {
    var cols = 0
    var rows: [[(top: RGB?, bottom: RGB?)]] = []
    /// Every SGR as (fg change, bg change, was reset); used by the redundancy check.
    var sgrs: [(fg: RGB??, bg: RGB??, reset: Bool)] = []
    var redundantSGRs = 0
    var consecutiveSGRs = 0
}

enum ANSIParser {
    static func palette(_ n: Int) -> RGB {
        // The usual xterm values of the 16 system colours.
        let system: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if n < 16 { return RGB(system[n].0, system[n].1, system[n].2) }
        if n >= 232 { let v = UInt8(8 + 10 * (n - 232)); return RGB(v, v, v) }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let c = n - 16
        return RGB(levels[c / 36], levels[(c / 6) % 6], levels[c % 6])
    }

    static func parse(_ bytes: [UInt8]) -> ParsedFrame {
        var frame = ParsedFrame()
        var fg: RGB? = nil, bg: RGB? = nil
        var line: [(top: RGB?, bottom: RGB?)] = []
        var i = 0
        var lastWasSGR = false
        let text = bytes
        while i < text.count {
            let b = text[i]
            if b == 0x1B, i + 1 < text.count, text[i + 1] == 0x5B {
                var j = i + 2
                while j < text.count, text[j] != 0x6D { j += 1 }
                let params = String(decoding: text[(i + 2)..<j], as: UTF8.self)
                    .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                if lastWasSGR { frame.consecutiveSGRs += 1 }
                var k = 0
                var newFg: RGB?? = nil, newBg: RGB?? = nil
                var reset = false
                while k < params.count {
                    switch params[k] {
                    case 0: reset = true; k += 1
                    case 38, 48:
                        let isForeground = params[k] == 38
                        let color: RGB
                        if params[k + 1] == 2 {
                            color = RGB(UInt8(params[k + 2]), UInt8(params[k + 3]), UInt8(params[k + 4]))
                            k += 5
                        } else {
                            color = palette(params[k + 2])
                            k += 3
                        }
                        if isForeground { newFg = .some(color) } else { newBg = .some(color) }
                    case 30...37, 90...97:
                        newFg = .some(palette(params[k] < 90 ? params[k] - 30 : params[k] - 90 + 8)); k += 1
                    case 40...47, 100...107:
                        newBg = .some(palette(params[k] < 100 ? params[k] - 40 : params[k] - 100 + 8)); k += 1
                    case 39: newFg = .some(nil); k += 1
                    case 49: newBg = .some(nil); k += 1
                    default: k += 1
                    }
                }
                if reset {
                    if fg == nil && bg == nil { frame.redundantSGRs += 1 }
                    fg = nil
                    bg = nil
                }
                if let f = newFg { if f == fg { frame.redundantSGRs += 1 }; fg = f }
                if let g = newBg { if g == bg { frame.redundantSGRs += 1 }; bg = g }
                frame.sgrs.append((newFg, newBg, reset))
                i = j + 1
                lastWasSGR = true
                continue
            }
            lastWasSGR = false
            if b == 0x0A {
                frame.rows.append(line)
                frame.cols = max(frame.cols, line.count)
                line = []
                i += 1
                continue
            }
            if b == 0x20 {
                line.append((bg, bg))
                i += 1
                continue
            }
            if b == 0xE2, i + 2 < text.count, text[i + 1] == 0x96 {
                switch text[i + 2] {
                case 0x80: line.append((fg, bg))  // ▀
                case 0x84: line.append((bg, fg))  // ▄
                case 0x88: line.append((fg, fg))  // █
                default: line.append((nil, nil))
                }
                i += 3
                continue
            }
            line.append((nil, nil))
            i += 1
        }
        if !line.isEmpty { frame.rows.append(line) }
        return frame
    }

    /// The parsed cells as an RGB image of `width` x `height` pixels (transparent = black).
    static func pixels(_ frame: ParsedFrame, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let row = y / 2 < frame.rows.count ? frame.rows[y / 2] : []
            for x in 0..<width where x < row.count {
                let c = (y % 2 == 0 ? row[x].top : row[x].bottom) ?? .black
                out[(y * width + x) * 3] = c.r
                out[(y * width + x) * 3 + 1] = c.g
                out[(y * width + x) * 3 + 2] = c.b
            }
        }
        return out
    }
}
