/// kitty pictures as temporary files (`KittyFileTransfer.swift`): which bytes give the
/// terminal a picture, and what happens when it says it could not read one.
extension ANSIEncoder {
    /// Set by the runner from the backend: while set, kitty pictures go as temporary files.
    public var kittyFiles: (any KittyPictureFiles)? {
        get { imageLayer.files }
        set { imageLayer.files = newValue }
    }

    /// Pictures sent as files, and error replies that turned files off (tests, benchmarks).
    public var imagesSentAsFiles: Int { imageLayer.fileTransmits }
    public var kittyFileFailures: Int { imageLayer.fileFailures }

    /// The bytes that give the terminal `image` without showing it: its temporary file's path
    /// when files are on and the write worked, else the PNG itself (a full disk streams).
    mutating func kittyTransmit(_ image: TerminalImage) -> [UInt8] {
        if !imageLayer.filesOff, let files = imageLayer.files, let path = files.write(image.payload, id: image.id) {
            imageLayer.filesSent[image.id] = path
            imageLayer.fileTransmits += 1
            return KittyGraphics.transmit(temporaryFile: path, id: image.id)
        }
        imageLayer.filesSent[image.id] = nil
        return KittyGraphics.transmit(png: image.payload, id: image.id)
    }

    /// The terminal answered `reply`. An error for a picture sent as a file means it did not
    /// read it (it runs elsewhere after all, or the file vanished): the file is removed (kitty
    /// deletes only what it read), the picture is forgotten so the next frame streams it, and
    /// files are off for the rest of the run. Returns true when the caller must repaint all
    /// (so that the picture is placed again); false for anything else (OK, unknown ids).
    public mutating func kittyTransmitFailed(_ reply: KittyGraphicsReply) -> Bool {
        guard !reply.isOK, let path = imageLayer.filesSent.removeValue(forKey: reply.id) else { return false }
        imageLayer.files?.discard(path)
        imageLayer.filesOff = true
        imageLayer.fileFailures += 1
        imageLayer.stored.forget(reply.id)
        imageLayer.shown.removeAll { $0.image.id == reply.id }
        return true
    }
}
