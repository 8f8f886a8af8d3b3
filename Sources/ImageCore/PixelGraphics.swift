import Foundation
import TerminalUI

/// Byte streams that show a picture with the terminal's own pixels. The picture is already
/// scaled to its exact pixel box (`PixelBox`), so the terminal draws it 1:1 and the aspect is
/// true. Every stream asks the terminal to stay silent (kitty `q=2`), so no reply reaches the
/// input.
public enum KittyGraphics {
    /// Base64 payload per APC chunk (the protocol's limit is 4096).
    static let chunk = 4096

    /// Transmits a PNG under `id` without showing it (`a=t`); place it with `place`.
    public static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
        command("a=t,f=100,t=d,i=\(id),q=2", payload: png)
    }

    /// Transmits and shows at the cursor in one go (`a=T`): for `render`.
    public static func transmitAndShow(png: [UInt8], id: UInt32) -> [UInt8] {
        command("a=T,f=100,t=d,i=\(id),q=2", payload: png)
    }

    /// Places image `id` at the cursor as placement `placement`; re-placing moves it.
    /// `C=1`: the cursor stays, so text drawing around it is not disturbed.
    public static func place(id: UInt32, placement: UInt32, z: Int = -1) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),p=\(placement),z=\(z),C=1,q=2\u{1B}\\".utf8)
    }

    /// Deletes one placement (the pixels stay stored for a later place).
    public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Deletes every placement and frees every stored image (leaving, crash restore).
    public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    static func command(_ keys: String, payload: [UInt8]) -> [UInt8] {
        let b64 = Array(Data(payload).base64EncodedString().utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b64.count + b64.count / chunk * 16 + 64)
        var start = 0
        repeat {
            let end = min(start + chunk, b64.count)
            let more = end < b64.count
            out.append(contentsOf: Array((start == 0 ? "\u{1B}_G\(keys),m=\(more ? 1 : 0);" : "\u{1B}_Gm=\(more ? 1 : 0);").utf8))
            out.append(contentsOf: b64[start..<end])
            out.append(contentsOf: [0x1B, 0x5C])
            start = end
        } while start < b64.count
        return out
    }
}

/// iTerm2 inline images (OSC 1337 File=), also understood by WezTerm.
public enum ITerm2Graphics {
    /// Shows `file` (PNG or JPEG bytes) at the cursor, `cols` x `rows` cells.
    public static func show(file: [UInt8], cols: Int, rows: Int) -> [UInt8] {
        var out = Array("\u{1B}]1337;File=inline=1;size=\(file.count);width=\(cols);height=\(rows);preserveAspectRatio=1:".utf8)
        out.append(contentsOf: Array(Data(file).base64EncodedString().utf8))
        out.append(0x07)
        return out
    }
}

/// The pixel box a picture gets: `cols` x `rows` cells of `cell` pixels each, the picture
/// fitted inside it (contain) at its own aspect.
public struct PixelBox: Sendable, Hashable {
    public var cols: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int

    /// Cell sizes when the terminal did not say (a common 10x20 cell).
    public static let defaultCell = (width: 10, height: 20)
    /// Larger pictures are scaled down first: terminals refuse huge images.
    public static let maxPixels = 4096

    public init(cols: Int, rows: Int, cellWidth: Int?, cellHeight: Int?) {
        self.cols = max(cols, 1)
        self.rows = max(rows, 1)
        self.cellWidth = min(max(cellWidth ?? PixelBox.defaultCell.width, 1), 200)
        self.cellHeight = min(max(cellHeight ?? PixelBox.defaultCell.height, 1), 400)
    }

    public var size: PixelSize {
        PixelSize(width: min(cols * cellWidth, PixelBox.maxPixels), height: min(rows * cellHeight, PixelBox.maxPixels))
    }

    /// The picture scaled into the box, keeping its aspect.
    public func fit(_ image: RGBImage, mode: FitMode = .contain) -> RGBImage {
        image.fitted(into: size, mode: mode)
    }

    /// Cells the fitted picture covers.
    public func cells(of image: RGBImage) -> (cols: Int, rows: Int) {
        ((image.width + cellWidth - 1) / cellWidth, (image.height + cellHeight - 1) / cellHeight)
    }
}

/// One picture, already fitted to its pixel box, as the bytes of a pixel protocol that show it
/// at the cursor (render, demo). Half-blocks are not a pixel protocol: nil.
public enum PixelPicture {
    public static func show(_ image: RGBImage, using graphics: GraphicsProtocol, id: UInt32 = 1,
                            box: PixelBox) throws(ImageError) -> [UInt8]? {
        switch graphics {
        case .kitty: return KittyGraphics.transmitAndShow(png: try ImageEncoder.png(image), id: id)
        case .sixel: return try SixelGraphics.encode(image)
        case .iterm2:
            let cells = box.cells(of: image)
            return ITerm2Graphics.show(file: try ImageEncoder.png(image), cols: cells.cols, rows: cells.rows)
        case .blocks: return nil
        }
    }
}
