import TerminalUI

/// The gallery as a TerminalUI `Program`: terminal events become `Msg`s, `update` and `view`
/// are the pure core. `finishWhenGridComplete` ends the run at the first complete grid (the
/// startup benchmark).
public struct GalleryProgram: Program {
    public typealias Model = AppState
    public typealias Msg = GalleryApp.Msg
    public typealias Effect = GalleryApp.Effect

    public var theme: Theme
    public var finishWhenGridComplete: Bool
    /// Milliseconds since an arbitrary start, for double clicks and the pace of a held key
    /// (injected so tests control it).
    public var clock: @Sendable () -> UInt64

    public init(theme: Theme = .standard, finishWhenGridComplete: Bool = false,
                clock: @escaping @Sendable () -> UInt64 = GalleryProgram.monotonicMillis) {
        self.theme = theme
        self.finishWhenGridComplete = finishWhenGridComplete
        self.clock = clock
    }

    public static let monotonicMillis: @Sendable () -> UInt64 = {
        let now = ContinuousClock.now - ContinuousClock.Instant.programStart
        return UInt64(max(0, now.components.seconds)) * 1000 + UInt64(now.components.attoseconds / 1_000_000_000_000_000)
    }

    public func message(for event: TerminalEvent) -> Msg? {
        switch event {
        case .resize(let size): return .resized(size)
        case .terminate: return .terminate
        case .suspend, .resumed: return nil
        case .input(.key(let key)): return GalleryProgram.galleryKey(key).map { .key($0) }
        case .input(.paste(let text)): return .paste(text)
        case .input(.graphicsReply), .input(.defaultColorReply): return nil
        case .input(.mouse(let mouse)):
            // The gallery uses the wheel and left presses (releases and drags are dropped).
            switch (mouse.kind, mouse.button) {
            case (.wheel, .wheelUp), (.wheel, .wheelDown), (.press, .left): return .mouse(mouse, atMillis: clock())
            default: return nil
            }
        }
    }

    public func update(_ model: inout AppState, _ msg: Msg) -> [Effect] { model.update(msg, atMillis: clock()) }

    public func view(_ model: AppState, into buffer: inout Buffer) {
        GalleryView.render(model, into: &buffer, theme: theme)
    }

    public func isFinished(_ model: AppState) -> Bool {
        model.isQuitting || (finishWhenGridComplete && model.isScreenComplete)
    }

    /// A key event as the core reads it (nil: a key the gallery does not use): Ctrl with a
    /// letter is lower-case Ctrl alone, Shift is dropped (it is already in the character),
    /// Delete erases like Backspace; Alt is kept, so Alt-q is not q.
    public static func galleryKey(_ event: KeyEvent) -> KeyEvent? {
        if event.modifiers.contains(.ctrl), case .char(let c) = event.code {
            return .ctrl(Character(c.lowercased()))
        }
        let modifiers = event.modifiers.subtracting(.shift)
        switch event.code {
        case .insert, .function: return nil
        case .delete: return KeyEvent(.backspace, modifiers)
        default: return KeyEvent(event.code, modifiers)
        }
    }
}

extension ContinuousClock.Instant {
    /// A fixed point taken once, the origin of `monotonicMillis`.
    static let programStart = ContinuousClock.now
}
