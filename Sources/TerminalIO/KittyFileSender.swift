import Foundation
import PictureProtocols
import TerminalUI

/// `render`'s kitty pictures as temporary files (`t=t`), when the start-up probe found that
/// the terminal reads this machine's files (`Capabilities.graphicsTransfer`, the gallery's
/// decision). `render` writes a picture and exits, so each file goes with a DA1 question: the
/// terminal answers it only after it has parsed the transmit, that is after it has read the
/// file or answered an error for it (`q=1`). So an error is seen before the picture is placed
/// (the picture is then streamed, and so is every later one: a terminal that lies about
/// sharing files, or a file that vanished, never leaves a blank), and no file is removed under
/// a terminal still about to read it (its error would reach the shell after exit).
public final class KittyFileSender {
    private let tty: TTY
    private let files: KittyTempFiles
    private var off = false
    /// Pictures the terminal read from files, and error replies that turned files off.
    public private(set) var sent = 0
    public private(set) var failures = 0
    /// Questions whose DA1 answer had not come when their wait ended: a terminal that slow
    /// answers them later, and those answers must not reach the shell after `render` exits.
    private var unanswered = 0

    /// How long one file may take to be read (a loaded machine); after that, streamed.
    static let timeoutMilliseconds = 3000

    /// nil when there is no terminal to ask or no temporary directory (then stream).
    public init?(environment env: [String: String] = ProcessInfo.processInfo.environment) {
        guard let tty = try? TTY.open() else { return nil }
        guard let files = KittyTempFiles(environment: env) else {
            tty.close()
            return nil
        }
        self.tty = tty
        self.files = files
    }

    /// Transmits `png` under `id` as a temporary file (not shown) and waits until the terminal
    /// has taken it. True when it did: place it (`KittyGraphics.showAtCursor`). False when the
    /// file could not be written (a full disk), the terminal answered an error or did not
    /// answer in time: stream it.
    public func transmit(png: [UInt8], id: UInt32) -> Bool {
        guard !off, let path = files.write(png, id: id) else { return false }
        let command = String(decoding: KittyGraphics.transmit(temporaryFile: path, id: id), as: UTF8.self)
        guard (try? RawMode.enable(tty)) != nil else {
            files.discard(path)
            return false
        }
        // Raw only for the question: Ctrl-C between pictures still interrupts.
        let reply = TerminalQuery.ask(tty, command, timeoutMilliseconds: Self.timeoutMilliseconds)
        RawMode.restore()
        let replies = Self.replies(in: reply)
        if !TerminalQuery.containsDA1Reply(reply) { unanswered += 1 }
        guard TerminalQuery.containsDA1Reply(reply), !replies.contains(where: { $0.id == id && !$0.isOK }) else {
            files.discard(path)
            off = true
            failures += 1
            return false
        }
        sent += 1
        return true
    }

    /// Removes whatever the terminal did not read, and the directory. Every file was answered
    /// for before its picture was placed, so none is being read now.
    public func finish() {
        drainLateAnswers()
        files.removeAll()
        tty.close()
    }

    /// How long `finish` waits for the answers to questions that timed out.
    static let drainMilliseconds = 10_000

    /// Reads (raw: not echoed) the late answers to the questions that timed out, each ending
    /// with its DA1 reply, and drops them. On a loaded machine kitty took over 3 s to answer a
    /// file it could not read; its error and DA1 then arrived after exit, echoed on the shell's
    /// line ("^[_Gi=…;EINVAL:Filename too long^[\^[[?62;c").
    private func drainLateAnswers() {
        guard unanswered > 0, (try? RawMode.enable(tty)) != nil else { return }
        _ = TerminalQuery.awaitDA1(tty, timeoutMilliseconds: Self.drainMilliseconds, replies: unanswered)
        RawMode.restore()
        unanswered = 0
    }

    /// The kitty graphics replies (`ESC _ G … ESC \`) among the terminal's answer bytes.
    static func replies(in bytes: [UInt8]) -> [KittyGraphicsReply] {
        var out: [KittyGraphicsReply] = []
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == 0x5F, bytes[i + 2] == 0x47 else { i += 1; continue }
            var end = i + 3
            while end < bytes.count, !(bytes[end] == 0x1B && end + 1 < bytes.count && bytes[end + 1] == 0x5C) { end += 1 }
            if let reply = KittyGraphicsReply.parse(Array(bytes[(i + 3)..<end])) { out.append(reply) }
            i = end
        }
        return out
    }
}
