import ImageCore

/// `render` read without the argument parser, for the plain forms (`render [--size S] [--fit F]
/// [--colors C] [--graphics G] [--graphics-transfer T] [--dither D] FILE...`): the parser's
/// start (reflecting every option, its own flags, the command tree) costs the Swift runtime a
/// scan of every conformance record in the program for each type it asks about, over a tenth of
/// a one-picture render. Anything else (another spelling, `--help`, a hidden option, a value
/// that starts with "-", a value the checks refuse) returns nil and goes to the parser, so what
/// is printed, the help and the errors are the parser's.
extension RenderCommand {
    static func direct(_ arguments: [String]) -> RenderCommand? {
        guard arguments.first == "render" else { return nil }
        var command = RenderCommand()
        var display = DisplayOptions()
        var files: [String] = []
        var size: String?, fit: String?, colors: String?, graphics: String?, transfer: String?, dither: String?
        var rest = arguments.dropFirst()
        while let word = rest.popFirst() {
            if word == "-" || !word.hasPrefix("-") {
                // A word the parser reads otherwise in some position: left to it.
                if word == "help" { return nil }
                files.append(word)
                continue
            }
            guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
            switch word {
            case "--size": size = value
            case "--fit": fit = value
            case "--colors": colors = value
            case "--graphics": graphics = value
            case "--graphics-transfer": transfer = value
            case "--dither": dither = value
            default: return nil
            }
        }
        guard !files.isEmpty else { return nil }
        display.colors = colors
        display.graphics = graphics
        display.graphicsTransfer = transfer
        display.dither = dither
        command.files = files
        command.size = size
        command.display = display
        command.fit = fit ?? defaultFit
        command.dctScaleMargin = DecodeOptions.defaultDCTScaleMargin
        command.linearLight = false
        command.tolerance = HalfBlockEncoder.defaultTolerance
        do {
            try display.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
