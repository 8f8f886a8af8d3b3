import TerminalUI

/// kitty pictures as temporary files (`KittyFileTransfer.swift`): which bytes give the
/// terminal a picture, and what happens when it says it could not read one.
extension PixelPictureLayer {
    /// Pictures sent as files, and error replies that turned files off (tests, benchmarks).
    public var imagesSentAsFiles: Int { fileTransmits }
    public var kittyFileFailures: Int { fileFailures }
    /// Files removed unread when the terminal was found not to read them.
    public var kittyUnreadFiles: Int { unreadFiles }

    /// The bytes that give the terminal `image` without showing it: its temporary file's path
    /// when files are on and the write worked, else the PNG itself (a full disk streams).
    mutating func kittyTransmit(_ image: TerminalImage) -> [UInt8] {
        if !filesOff, let files = files, let path = files.write(image.payload, id: image.id) {
            filesSent[image.id] = path
            fileTransmits += 1
            return KittyGraphics.transmit(temporaryFile: path, id: image.id)
        }
        filesSent[image.id] = nil
        return KittyGraphics.transmit(png: image.payload, id: image.id)
    }

    /// The terminal answered `reply`. An error for a picture sent as a file means it did not
    /// read it (it runs elsewhere after all, or the file vanished): the file is removed (kitty
    /// deletes only what it read), the picture is forgotten so the next frame streams it, and
    /// files are off for the rest of the run. Returns true when the caller must repaint all
    /// (so that the picture is placed again); false for anything else (OK, unknown ids).
    public mutating func transmitFailed(_ reply: KittyGraphicsReply) -> Bool {
        guard !reply.isOK, let path = filesSent.removeValue(forKey: reply.id) else { return false }
        files?.discard(path)
        fileFailures += 1
        forgetFilePicture(reply.id)
        return true
    }

    /// Pictures whose files the terminal is not reading (`KittyPictureFiles.takeUnread`): the
    /// frame being drawn streams and places them again, and every later one is streamed.
    mutating func forgetUnreadFiles() {
        guard let unread = files?.takeUnread(), !unread.isEmpty else { return }
        unreadFiles += unread.count
        for id in unread where filesSent.removeValue(forKey: id) != nil { forgetFilePicture(id) }
    }

    /// Files are off from now on, and picture `id` is sent and placed again by the next frame.
    private mutating func forgetFilePicture(_ id: UInt32) {
        filesOff = true
        stored.forget(id)
        shown.removeAll { $0.image.id == id }
    }
}
