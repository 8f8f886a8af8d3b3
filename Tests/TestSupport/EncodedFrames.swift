import TerminalUI

/// Frames encoded one after another on one encoder, as the runner does (the first a full
/// repaint, each later one the diff from the frame before), each write fed to one virtual
/// terminal. `afterEach` sees the encoder and the terminal after every frame.
public func encodeFrames(_ frames: [Buffer], on encoder: ANSIEncoder, size: Size? = nil,
                         afterEach: (ANSIEncoder, VirtualTerminal, Buffer) -> Void = { _, _, _ in })
    -> (terminal: VirtualTerminal, writes: [[UInt8]], encoder: ANSIEncoder) {
    var enc = encoder
    var vt = VirtualTerminal(size: size ?? frames[0].size)
    var front: Buffer?
    var writes: [[UInt8]] = []
    for f in frames {
        let bytes = enc.encode(front.map { BufferDiff(from: $0, to: f) } ?? BufferDiff.fullRepaint(f))
        vt.feed(bytes)
        writes.append(bytes)
        afterEach(enc, vt, f)
        front = f
    }
    return (vt, writes, enc)
}
