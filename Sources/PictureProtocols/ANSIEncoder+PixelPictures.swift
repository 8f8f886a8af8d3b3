import TerminalUI

/// An encoder's pixel pictures (`ANSIEncoder.pictures` when it is a `PixelPictureLayer`) as
/// the benchmark and the tests read them: what was sent, freed, stored and sent as files.
extension ANSIEncoder {
    /// The encoder's picture layer, when it is the pixel one.
    public var pixelPictures: PixelPictureLayer? {
        get { pictures as? PixelPictureLayer }
        set { pictures = newValue }
    }

    /// Pictures transmitted so far.
    public var imagesTransmitted: Int { pixelPictures?.imagesTransmitted ?? 0 }
    /// kitty pictures freed in the terminal to stay under the budget, and the bytes it holds.
    public var imagesFreed: Int { pixelPictures?.imagesFreed ?? 0 }
    public var kittyStoredBytes: Int { pixelPictures?.kittyStoredBytes ?? 0 }

    /// Bytes of decoded kitty pictures the terminal may hold for this program (see
    /// `KittyImageStore`).
    public var kittyStoreBudget: Int {
        get { pixelPictures?.kittyStoreBudget ?? 0 }
        set {
            guard var layer = pixelPictures else { return }
            layer.kittyStoreBudget = newValue
            pictures = layer
        }
    }

    /// Pictures sent as files, and error replies that turned files off.
    public var imagesSentAsFiles: Int { pixelPictures?.imagesSentAsFiles ?? 0 }
    public var kittyFileFailures: Int { pixelPictures?.kittyFileFailures ?? 0 }
    /// Files removed unread when the terminal was found not to read them.
    public var kittyUnreadFiles: Int { pixelPictures?.kittyUnreadFiles ?? 0 }
}

extension ANSI {
    /// `leaveSequence` for a run that draws pictures with `graphics`: with kitty graphics it
    /// first deletes every picture (through tmux when they went through it), so none is left
    /// behind.
    public static func leaveSequence(mouse: Bool = true, graphics: GraphicsMode, titles: Bool = false,
                                     erasingEchoedLine: Bool = false) -> [UInt8] {
        var pictures: [UInt8] = []
        if graphics.graphics == .kitty {
            pictures = graphics.tmuxPlaceholders ? TmuxPassthrough.wrap(KittyGraphics.deleteAll) : KittyGraphics.deleteAll
        }
        return leaveSequence(mouse: mouse, titles: titles, erasingEchoedLine: erasingEchoedLine, deletingPictures: pictures)
    }
}
