import ArgumentParser
import Catalog
import Foundation
import HTTPTransport
import ImageCore
import Settings
import TerminalIO
import TerminalUI
import UserDirectories

/// `marvel-gallery doctor`: what the terminal layer detected and chose, for bug reports.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Print what was detected about the terminal and the libraries (paste it into bug reports).")

    // The start-up questions get at most the gallery's 150 ms (more changes nothing); a
    // terminal answering later is still waited for, up to 5 s, its DA1 reply ending the wait.
    @Option(help: ArgumentHelp("Milliseconds the start-up questions get, 10-5000; above 150, the gallery's budget, changes nothing "
                               + "(a later answer is still waited for, up to 5 s, the terminal's DA1 reply ending the wait)."))
    var queryTimeout: Int = 150

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard (10...5000).contains(queryTimeout) else {
            throw ValidationError("--query-timeout must be between 10 and 5000 ms, got \(queryTimeout)")
        }
    }

    func run() throws {
        // Which config file was read and where each setting came from (keys never shown).
        // The "config" line becomes the file's line, and only settings not at their default
        // are added, so the report stays short.
        let env = ProcessInfo.processInfo.environment
        let config = LoadedConfig.read(environment: env, liveSources: LiveSources.specs)
        var lines: [(label: String, value: String)]
        var settings: Settings?
        do {
            settings = try Settings.resolve(flags: Flags(), environment: env, config: config, liveSources: LiveSources.specs)
            lines = settings!.report.filter { !$0.value.hasSuffix("(default)") && $0.value != "none" }
        } catch {
            lines = [("config file", "refused: \(error)")]
        }
        var report: DoctorReport
        do {
            report = try DoctorReport.collect(queryTimeoutMilliseconds: queryTimeout,
                                              request: display.request(config),
                                              libraries: [("libcurl", HTTPTransport.libcurlVersion)]
                                                + ImageDecoder.libraryVersions
                                                + [("SQLite", CatalogStore.sqliteVersion)],
                                              directories: [("cache", UserDirectories.appCache(env).path),
                                                            ("config", UserDirectories.appConfig(env).path)])
        } catch {
            throw PlainOutput.failure(error.description)
        }
        if let dither = ditherLine(config) { lines.append(dither) }
        lines += LiveSources.rows.map { ("source \($0.name)", LiveSources.usability($0, settings)) }
        lines += LiveSources.rows.compactMap { $0.doctorLine() }
        lines = lines.map { ($0.label, Sanitizer.visible($0.value)) }
        if let index = report.lines.firstIndex(where: { $0.label == "config" }) {
            report.lines.replaceSubrange(index...index, with: lines)
        } else {
            report.lines += lines
        }
        print(report.text)
    }

    /// How pictures go on a 256/16-colour palette, when not the default (without it,
    /// `--dither` would be accepted and shown nowhere).
    func ditherLine(_ config: LoadedConfig) -> (label: String, value: String)? {
        let env = ProcessInfo.processInfo.environment
        do {
            let (method, source) = try DisplaySettings.dither(flag: display.dither, environment: env,
                                                              configValue: config.file?.values.dither)
            // A variable is named as the other settings' are ($MARVEL_GALLERY_DITHER).
            let origin = source == DisplaySettings.ditherVariable ? "$" + source : source
            return source == "default" ? nil : ("setting dither", "\(method.rawValue) (\(origin))")
        } catch {
            return ("setting dither", "refused: \(error.description)")
        }
    }
}
