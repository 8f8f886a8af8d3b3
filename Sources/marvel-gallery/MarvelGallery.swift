import ArgumentParser
import Digests
import Foundation
import MarvelAPI
import TerminalIO
import TerminalUI

/// The `marvel-gallery` command: subcommands only, the work lives in the library targets.
@main
struct MarvelGallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marvel-gallery",
        abstract: "A terminal gallery of Marvel characters and comics.",
        version: versionLine,
        subcommands: [
            // Each subcommand lives in its own file in this folder.
            CharactersCommand.self,
            ComicsCommand.self,
            EntityListCommand<MarvelSeries>.self,
            EntityListCommand<MarvelEvent>.self,
            EntityListCommand<MarvelCreator>.self,
            EntityDetailCommand<MarvelCharacter>.self,
            EntityDetailCommand<MarvelComic>.self,
            EntityDetailCommand<MarvelCreator>.self,
            EntityDetailCommand<MarvelEvent>.self,
            EntityDetailCommand<MarvelStory>.self,
            CatalogCommand.self,
            ServeCommand.self,
            RenderCommand.self,
            DemoCommand.self,
            DoctorCommand.self,
            CacheCommand.self,
            SavedListCommand<FavouritesList>.self,
            SavedListCommand<RecentList>.self,
        ]
    )

    static let version = "0.1.0"
    /// What `--version` prints. BuildInfo.commit is written at build time by the BuildInfo
    /// plugin (Plugins/BuildInfo).
    static let versionLine = "marvel-gallery \(version) (commit \(BuildInfo.commit))"

    /// Every subcommand starts here: before any libcrypto call, no OpenSSL cleanup at exit
    /// (`Digest.keepLibcryptoUntilExit` says why).
    static func main() async {
        Digest.keepLibcryptoUntilExit()
        // An unknown subcommand is said as such even with --help, --version or `help` (the
        // parser printed a help with exit 0); these are the words parsed and reported.
        let given = Array(CommandLine.arguments.dropFirst())
        // `render` has no subcommands, so its words are parsed as given: its plain forms skip the
        // command tree (every subcommand's configuration) here too.
        let render = RenderCommand.direct(given)
        let arguments = render == nil ? UsageErrorReport.withoutHelpAfterAnUnknownSubcommand(given) : given
        // The parser's answer to `--version` alone (the same line, exit 0) without the parser:
        // its command tree (the generic subcommands' metadata) and `print`'s casts each cost the
        // Swift runtime a scan of every conformance record in the program.
        if arguments == ["--version"] {
            let line = Array((versionLine + "\n").utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            return
        }
        do {
            if let render {
                try render.run()
                return
            }
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // The terminal closed under the run (before its first screen, or while it left):
            // the shell's status for a hang-up, and nothing written where nobody reads.
            if (error as? TerminalIOError)?.isHangUp == true { exit(withError: ExitCode(RunStats.exitStatus(forSignal: SIGHUP))) }
            // Usage errors in one line plus a hint (exit 64 kept); a run-time error no command
            // caught in one line with the program's name, like the others (the parser's way said
            // "Error: ..."); help, --version and exit codes the parser's way.
            let code = exitCode(for: error)
            if code != .validationFailure, code != .success, !(error is ExitCode) {
                let text = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                PlainOutput.note("marvel-gallery: " + PlainOutput.v(text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text))
                exit(withError: ExitCode(code.rawValue))
            }
            guard code == .validationFailure else { exit(withError: error) }
            let (line, hint) = UsageErrorReport.lines(for: error, arguments: arguments)
            PlainOutput.note(line + "\n" + hint)
            exit(withError: ExitCode.validationFailure)
        }
    }
}
