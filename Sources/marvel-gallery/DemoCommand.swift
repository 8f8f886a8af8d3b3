import ArgumentParser
import Foundation
import ImageCore
import PictureProtocols
import Settings
import TerminalIO
import TerminalUI

/// `marvel-gallery demo [FILE]`: a tiny full-screen program that proves the terminal layer —
/// the picture re-fits on resize, keys/mouse/paste show in the status line, and the terminal
/// is restored on q, Ctrl-C, SIGTERM, Ctrl-Z and crashes.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show a picture full-screen, re-fitted on every resize (a demo of the terminal layer).")

    @Argument(help: "An image file (JPEG, PNG or GIF); a generated test card when omitted.")
    var file: String?

    @OptionGroup var display: DisplayOptions

    func run() async throws {
        let env = ProcessInfo.processInfo.environment
        let config = LoadedConfig.read(environment: env, liveSources: LiveSources.specs)
        try display.checkConfig(config)
        let image: RGBImage
        let title: String
        if let file {
            // A file that cannot be read or decoded is a failed run (exit 1, the reason on
            // stderr), not a usage error (exit 64 and a "Usage:" line): the command line is right.
            do {
                image = try ImageDecoder.decode(try RenderCommand.readFile(file))
            } catch let e as ImageError {
                throw DemoCommand.fail(file, e.description)
            } catch let e as RenderCommand.FileReadError {
                throw DemoCommand.fail(file, e.reason)
            } catch {
                throw DemoCommand.fail(file, "cannot read the file")
            }
            title = Sanitizer.clean(URL(fileURLWithPath: file).lastPathComponent)
        } else {
            image = DemoProgram.testCard()
            title = "test card"
        }

        let backend: TTYBackend
        do {
            backend = try TTYBackend(environment: env, display: display.request(config))
        } catch TerminalIOError.notATerminal {
            print("\(title): \(image.width)x\(image.height) px (no terminal: plain output)")
            return
        } catch let e as TerminalIOError {
            throw PlainOutput.failure(e.description)
        } catch let e as DisplaySettingError {
            throw PlainOutput.failure(e.description)
        }
        guard backend.capabilities.interactive else {
            // TERM=dumb or no terminal: plain output only.
            print("\(title): \(image.width)x\(image.height) px (no interactive terminal: \(backend.capabilities.colorReason))")
            return
        }
        let size = backend.size
        let program = DemoProgram(testCrash: env["MARVEL_GALLERY_TEST_CRASH"] == "1")
        let depth = backend.capabilities.colorDepth
        let graphics = backend.graphics
        var model = DemoProgram.Model(title: title, image: image, size: size,
                                      cells: DemoProgram.fit(image, into: size, depth: depth, graphics: graphics))
        model.depth = depth
        model.graphics = graphics
        let runner = ProgramRunner(program: program, backend: backend, pictures: PixelPictureLayer()) { effect, _ in
            switch effect {
            case .crash: fatalError("MARVEL_GALLERY_TEST_CRASH: deliberate trap")
            }
        }
        let (final, stats) = try await runner.run(model)
        // The terminal is restored by now: a signal (or Ctrl-C) ends with 128 + its number.
        if let signal = stats.terminatingSignal { throw ExitCode(RunStats.exitStatus(forSignal: signal)) }
        if final.interrupted { throw ExitCode(RunStats.exitStatus(forSignal: SIGINT)) }
    }

    static func fail(_ file: String, _ reason: String) -> ExitCode {
        try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery demo: \(Sanitizer.clean(file)): \(reason)\n".utf8))
        return ExitCode(1)
    }
}
