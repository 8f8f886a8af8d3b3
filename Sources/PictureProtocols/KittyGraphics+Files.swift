import TerminalUI

/// kitty pictures as temporary files (`KittyPictureFiles`): the commands that name the file.
extension KittyGraphics {
    /// Transmits the PNG in the temporary file at `path` under `id` without showing it. `q=1`:
    /// kitty stays silent when it reads the file and answers an error when it cannot, which
    /// the program reads back to stream the picture instead.
    public static func transmit(temporaryFile path: String, id: UInt32) -> [UInt8] {
        var out = Array("\u{1B}_Ga=t,f=100,t=t,i=\(id),q=1;".utf8)
        out.append(contentsOf: Base64.encode(Array(path.utf8)))
        out.append(contentsOf: [0x1B, 0x5C])
        return out
    }

    /// Shows image `id` (already transmitted) at the cursor and moves the cursor past it, as
    /// `transmitAndShow` does: `render`'s picture once its file was read.
    public static func showAtCursor(id: UInt32, cols: Int? = nil, rows: Int? = nil) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id)\(cellKeys(cols: cols, rows: rows)),q=2\u{1B}\\".utf8)
    }
}
