import TerminalUI

/// The escape sequences of the pixel protocols, as bytes. Every kitty command asks the terminal
/// to stay silent (`q=2`), so no reply reaches the input.
public enum KittyGraphics {
    /// Base64 payload per APC chunk (the protocol's limit is 4096).
    static let chunk = 4096

    /// Transmits a PNG under `id` without showing it (`a=t`); place it with `place`.
    public static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
        command("a=t,f=100,t=d,i=\(id),q=2", payload: png)
    }

    /// Transmits and shows at the cursor in one go (`a=T`): for `render`.
    public static func transmitAndShow(png: [UInt8], id: UInt32, cols: Int? = nil, rows: Int? = nil) -> [UInt8] {
        command("a=T,f=100,t=d,i=\(id)\(cellKeys(cols: cols, rows: rows)),q=2", payload: png)
    }

    /// `,c=COLS,r=ROWS`: the cells kitty scales a picture into; empty for its own pixels.
    static func cellKeys(cols: Int?, rows: Int?) -> String {
        (cols.map { ",c=\($0)" } ?? "") + (rows.map { ",r=\($0)" } ?? "")
    }

    /// Places image `id` at the cursor as placement `placement`, scaled to `cols` x `rows`
    /// cells when given; re-placing moves it. `C=1`: the cursor stays where it is. `z=-1`: text
    /// is drawn above the picture.
    /// `source`: only those pixels of the image (`x,y,w,h`), scaled to the cells: part of a
    /// picture cut by a scrolled viewport's edge.
    public static func place(id: UInt32, placement: UInt32, cols: Int? = nil, rows: Int? = nil, z: Int = -1,
                             source: Rect? = nil) -> [UInt8] {
        let part = source.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
        let size = cellKeys(cols: cols, rows: rows)
        return Array("\u{1B}_Ga=p,i=\(id),p=\(placement)\(part)\(size),z=\(z),C=1,q=2\u{1B}\\".utf8)
    }

    /// The z of pictures drawn under text and under cells with a non-default background (kitty
    /// draws default-background cells as clear over them): below INT32_MIN/2.
    public static let underCells = -1_073_741_825

    /// The dark veil between a picture under the cells and the text of an overlay over it: one
    /// black pixel at 72 % opacity (the backdrop panel's 28 % shade), raw RGBA (`f=32`),
    /// stretched over the overlay's cells by `placeVeil`. kitty 0.26.5 (Debian 12's) draws
    /// pictures below INT32_MIN/2 over cell backgrounds too (its `draw_cells_interleaved`
    /// binds the graphics program before the background pass; seen: the help's text sat on the
    /// bare, bright tiles), so the veil is what keeps the text readable there.
    public static let veilID: UInt32 = 0xFFFF_FFF0

    /// Sends the veil (4 bytes: sent again whenever it is placed, so a kitty that freed it
    /// with an unplaced picture still has it).
    public static var transmitVeil: [UInt8] {
        command("a=t,f=32,s=1,v=1,t=d,i=\(veilID),q=2", payload: [0, 0, 0, 184])
    }

    /// The veil over `cols` x `rows` cells at the cursor, as placement `placement` (the id of
    /// the picture it dims), between the pictures under the cells and the text (`z=-2`: under
    /// the opaque veil of a box over it).
    public static func placeVeil(placement: UInt32, cols: Int, rows: Int) -> [UInt8] {
        place(id: veilID, placement: placement, cols: cols, rows: rows, z: -2)
    }

    /// The opaque veil: one pixel of the terminal's default background, stretched over a box
    /// that hides what is under it (the help, `Buffer.opaque`) while pictures lie under the
    /// text, above them and their dimmed veils and under the text (`z=-1`). Without it the
    /// tiles and the backdrop showed through the help at 28 %.
    public static let opaqueID: UInt32 = 0xFFFF_FFF2

    /// Sends the opaque veil in `colour` (sending it again drops its placements).
    public static func transmitOpaque(_ colour: RGB) -> [UInt8] {
        command("a=t,f=32,s=1,v=1,t=d,i=\(opaqueID),q=2", payload: [colour.r, colour.g, colour.b, 255])
    }

    /// The opaque veil over `cols` x `rows` cells at the cursor, as placement `placement`.
    public static func placeOpaque(placement: UInt32, cols: Int, rows: Int) -> [UInt8] {
        place(id: opaqueID, placement: placement, cols: cols, rows: rows, z: -1)
    }

    /// Deletes every placement of picture `id` (it stays stored).
    public static func deletePlacements(of id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// The canvas under the pictures kept under the text (`PixelPictureLayer+KittyCanvas`): one
    /// pixel per cell, stretched over the screen (kitty scales pictures with GL_NEAREST, so
    /// each pixel fills its cell exactly), the lowest picture of all (`z` = INT32_MIN).
    public static let canvasID: UInt32 = 0xFFFF_FFF1

    /// Sends the canvas: `rgba` holds `cols` x `rows` pixels, as kitty's PNG (`KittyPayload`,
    /// like every picture; raw `f=32` would be 48 KB of the 96 KB that opening the help over
    /// the 200x60 grid writes); raw RGBA only if the PNG could not be made.
    public static func transmitCanvas(rgba: [UInt8], cols: Int, rows: Int) -> [UInt8] {
        guard let png = KittyPayload.png(rgba, width: cols, height: rows, channels: 4) else {
            return command("a=t,f=32,s=\(cols),v=\(rows),t=d,i=\(canvasID),q=2", payload: rgba)
        }
        return command("a=t,f=100,t=d,i=\(canvasID),q=2", payload: png)
    }

    /// Places the canvas at the cursor (the top-left cell) over `cols` x `rows` cells.
    public static func placeCanvas(cols: Int, rows: Int) -> [UInt8] {
        place(id: canvasID, placement: 1, cols: cols, rows: rows, z: Int(Int32.min))
    }

    /// A virtual placement for Unicode placeholders (`U=1`): the picture spans `cols` x `rows`
    /// placeholder cells wherever they are written.
    public static func placeVirtual(id: UInt32, cols: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(cols),r=\(rows),q=2\u{1B}\\".utf8)
    }

    /// Deletes one placement (the pixels stay stored for a later place).
    public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Frees image `id`: its placements and its stored pixels (`d=I`); it must be transmitted
    /// again before it is placed again. kitty before 0.38.1 (Debian 12 has 0.26.5) frees with
    /// it every image that has no placement, whatever its id (its `filter_refs`; seen in the
    /// real terminal: the grid's tiles went with a detail page's picture), so the program
    /// writes it only when it lets all of those go (`KittyImageStore.evict`).
    public static func free(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Deletes every placement on screen; the stored pictures stay (resize, full repaint).
    public static let deletePlacements: [UInt8] = Array("\u{1B}_Ga=d,d=a,q=2\u{1B}\\".utf8)

    /// Deletes every placement and frees every stored image (leaving, crash restore).
    public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The command with `keys` carrying `payload` in base64 chunks of `chunk` characters, each
    /// encoded straight into the output (no whole base64 copy in between).
    static func command(_ keys: String, payload: [UInt8]) -> [UInt8] {
        let bytesPerChunk = chunk / 4 * 3
        let chunks = max(1, (payload.count + bytesPerChunk - 1) / bytesPerChunk)
        let first = Array("\u{1B}_G\(keys),m=\(chunks > 1 ? 1 : 0);".utf8)
        let capacity = first.count + Base64.encodedCount(payload.count) + chunks * 12
        return payload.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                var o = 0
                func put(_ bytes: [UInt8]) {
                    for b in bytes { out[o] = b; o += 1 }
                }
                put(first)
                var start = 0
                for index in 0..<chunks {
                    if index > 0 { put(Array("\u{1B}_Gm=\(index < chunks - 1 ? 1 : 0);".utf8)) }
                    let end = min(start + bytesPerChunk, input.count)
                    o += Base64.encode(UnsafeBufferPointer(rebasing: input[start..<end]), into: out.baseAddress! + o)
                    out[o] = 0x1B; out[o + 1] = 0x5C; o += 2
                    start = end
                }
                count = o
            }
        }
    }
}

/// tmux passthrough (`allow-passthrough on`): a sequence for the outer terminal wrapped in
/// `ESC P tmux; … ESC \` with every ESC inside doubled.
public enum TmuxPassthrough {
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        for b in bytes {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        out.append(contentsOf: [0x1B, 0x5C])
        return out
    }
}

/// iTerm2 inline images (OSC 1337 File=), also understood by WezTerm.
public enum ITerm2Graphics {
    /// Shows `file` (PNG or JPEG bytes) at the cursor, `cols` x `rows` cells.
    public static func show(file: [UInt8], cols: Int, rows: Int) -> [UInt8] {
        var out = Array("\u{1B}]1337;File=inline=1;size=\(file.count);width=\(cols);height=\(rows);preserveAspectRatio=1:".utf8)
        out.append(contentsOf: Base64.encode(file))
        out.append(0x07)
        return out
    }
}
