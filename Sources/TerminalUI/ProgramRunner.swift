/// Runs a `Program` against a `Backend`: one message stream (terminal events, effect results,
/// timers), one owner of the model, frames capped at `maxFramesPerSecond`, nothing written
/// when nothing changed.
public struct ProgramRunner<P: Program>: Sendable {
    public let program: P
    public let backend: any Backend
    public let perform: EffectPerformer<P.Effect, P.Msg>
    public let maxFramesPerSecond: Int
    /// Cuts sixel/iTerm2 pictures around what is drawn over them, and to the part a scrolled
    /// viewport shows (`Buffer.settleImages`); nil: such a picture gives way to its half-blocks.
    public let cutter: (any PictureCutter)?
    /// Writes the pictures of the frames (PictureProtocols' `PixelPictureLayer`); nil: the
    /// frames' cells alone are written. No default: a program that shows pictures cannot lose
    /// them by leaving it out.
    public let pictures: (any PictureLayer)?

    public init(program: P, backend: any Backend, maxFramesPerSecond: Int = 60, cutter: (any PictureCutter)? = nil,
                pictures: (any PictureLayer)?, perform: @escaping EffectPerformer<P.Effect, P.Msg>) {
        self.program = program
        self.backend = backend
        self.perform = perform
        self.maxFramesPerSecond = max(1, maxFramesPerSecond)
        self.cutter = cutter
        self.pictures = pictures
    }

    private enum Item: Sendable {
        case event(TerminalEvent)
        case message(P.Msg)
        case frameDue
        case inputEnded
        case effectFinished(Int)
        /// Write the next chunk of the pictures sent ahead. Queued behind what came before it,
        /// so a key pressed meanwhile is answered after one chunk, not after all of them.
        case sendAhead
    }

    /// Enters the terminal, runs until the program finishes, input ends or SIGTERM/SIGHUP
    /// arrives, and leaves the terminal on every path (also when an error is thrown).
    public func run(_ initial: P.Model, initialEffects: [P.Effect] = []) async throws -> (P.Model, RunStats) {
        try await backend.enter()
        do {
            let result = try await loop(initial, initialEffects)
            await backend.leave()
            return result
        } catch {
            await backend.leave()
            throw error
        }
    }

    private func loop(_ initial: P.Model, _ initialEffects: [P.Effect]) async throws -> (P.Model, RunStats) {
        let (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        let dispatch = Dispatch<P.Msg> { continuation.yield(.message($0)) }
        let events = await backend.events()
        let forwarder = Task {
            for await e in events { continuation.yield(.event(e)) }
            continuation.yield(.inputEnded)
        }
        // Running effects by id; each removes itself when done, all are cancelled on exit.
        var effectTasks: [Int: Task<Void, Never>] = [:]
        var nextEffectID = 0
        var frameTimer: Task<Void, Never>?
        defer {
            forwarder.cancel()
            frameTimer?.cancel()
            for t in effectTasks.values { t.cancel() }
            continuation.finish()
        }

        var model = initial
        var stats = RunStats()
        var front = Buffer(size: await backend.size)
        var back = front
        var encoder = ANSIEncoder(depth: await backend.colorDepth,
                                  synchronizedOutput: await backend.synchronizedOutput, pictures: pictures)
        encoder.kittyFiles = await backend.kittyFiles
        encoder.setsTitle = await backend.setsWindowTitle
        if let colors = await backend.graphics.defaultColors { encoder.defaultColors = colors }
        let picturesMove = await backend.graphics.picturesMoveWithScroll
        encoder.picturesAreCells = picturesMove
        encoder.sendsAheadInPieces = true
        var aheadQueued = false
        var needsFullRepaint = true
        var dirty = true
        var framePending = false
        let clock = ContinuousClock()
        let interval = Duration.seconds(1) / maxFramesPerSecond
        var lastFrame = clock.now - interval

        func start(_ effects: [P.Effect]) {
            for e in effects {
                let perform = self.perform
                let id = nextEffectID
                nextEffectID += 1
                effectTasks[id] = Task {
                    await perform(e, dispatch)
                    continuation.yield(.effectFinished(id))
                }
            }
        }
        func apply(_ msg: P.Msg) {
            stats.messages += 1
            start(program.update(&model, msg))
            dirty = true
        }
        func render() async throws {
            back.clear()
            program.view(model, into: &back)
            back.settleImages(cutter: cutter)
            if encoder.kittyFiles?.deciding == true { back.showKittyPicturesAsCells() }
            let diff = needsFullRepaint ? BufferDiff.fullRepaint(back) : BufferDiff(from: front, to: back, picturesMove: picturesMove)
            if !diff.isEmpty {
                let bytes = encoder.encode(diff)
                try await backend.write(bytes, frame: back)
                stats.framesDrawn += 1
                stats.bytesWritten += bytes.count
            }
            queueSendAhead()
            swap(&front, &back)
            needsFullRepaint = false
            dirty = false
            lastFrame = clock.now
        }
        func queueSendAhead() {
            guard encoder.hasAhead, !aheadQueued else { return }
            aheadQueued = true
            continuation.yield(.sendAhead)
        }
        /// The picture in progress, whole, before the terminal is left (its leave sequence
        /// would otherwise be read as more of it).
        func finishAheadLoad() async throws {
            let rest = encoder.finishAheadLoad()
            if !rest.isEmpty {
                try await backend.writeOutOfBand(Array(rest))
                stats.bytesWritten += rest.count
            }
        }
        func repaintAll(size: Size) {
            front.resize(to: size)
            back.resize(to: size)
            encoder.invalidate()
            needsFullRepaint = true
            dirty = true
        }

        start(initialEffects)
        try await render()
        var finished = program.isFinished(model)
        for await item in stream where !finished {
            switch item {
            case .event(let event):
                switch event {
                case .resize(let s): repaintAll(size: s)
                case .suspend:
                    try await finishAheadLoad()
                    try await backend.suspend()
                    // Leaving freed the terminal's stored pictures: they are sent again.
                    encoder.forgetStoredImages()
                    repaintAll(size: await backend.size)
                case .resumed: repaintAll(size: await backend.size)
                case .terminate(let signal):
                    finished = true
                    stats.terminatingSignal = signal
                case .input(.graphicsReply(let reply)):
                    // The terminal could not read a picture's file: it is streamed, placed again.
                    if encoder.kittyTransmitFailed(reply) { repaintAll(size: await backend.size) }
                case .input(.defaultColorReply(let reply)):
                    // A late answer to the start-up question: the kitty canvas takes the
                    // terminal's own colours from now on, drawn again.
                    let colors = encoder.defaultColors.with(reply)
                    if colors != encoder.defaultColors {
                        encoder.defaultColors = colors
                        repaintAll(size: await backend.size)
                    }
                case .input: break
                }
                if let m = program.message(for: event) { apply(m) }
            case .message(let m): apply(m)
            case .frameDue: framePending = false
            case .inputEnded: finished = true
            case .effectFinished(let id): effectTasks[id] = nil; continue
            case .sendAhead:
                aheadQueued = false
                // A frame is due (a key's answer waiting for the frame interval): it goes
                // first, and the sending resumes after it (`render`).
                if dirty { break }
                // Keys reach this stream through the forwarder task: while the item queue is
                // never empty (this one queues itself again) the runner need not suspend, and
                // a key typed meanwhile can wait for a free thread while a decode holds the
                // other one. Yielding before each chunk lets it in.
                await Task.yield()
                if let piece = encoder.nextAheadPiece() {
                    try await backend.writeOutOfBand(Array(piece))
                    stats.bytesWritten += piece.count
                }
                queueSendAhead()
            }
            if program.isFinished(model) { finished = true }
            if finished { break }
            if dirty && !framePending {
                let elapsed = clock.now - lastFrame
                if elapsed >= interval {
                    try await render()
                } else {
                    framePending = true
                    let wait = interval - elapsed
                    frameTimer = Task {
                        try? await Task.sleep(for: wait)
                        continuation.yield(.frameDue)
                    }
                }
            }
        }
        if dirty { try await render() }
        try await finishAheadLoad()
        return (model, stats)
    }
}
