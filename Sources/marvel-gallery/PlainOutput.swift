import ArgumentParser
import Catalog
import Foundation
import MarvelAPI
import Settings
import TerminalUI

/// Text and JSON renderings of entities for scripts, and the error reporting shared by the
/// data subcommands (message on stderr, non-zero exit). Every piece of outside text goes
/// through `v` (Sanitizer.visible): controls show as `\x1b`, tabs and newlines as `\t`/`\n`.
enum PlainOutput {
    /// Outside text (names, titles, descriptions, URLs, server messages) made safe for a line.
    static func v(_ text: String) -> String { Sanitizer.visible(text) }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Sanitizer.jsonEscapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func day(_ date: Date?) -> String {
        date.map { String(MarvelDate.format($0).prefix(10)) } ?? "-"
    }

    static func thumbnail(_ image: MarvelImage?) -> String {
        guard let image, !image.isPlaceholder, let url = image.url(.portraitUncanny) else { return "-" }
        return v(url.absoluteString)
    }

    /// `id <TAB> name <TAB> N comics` ("… comics" when the source does not know it yet).
    static func line(_ character: MarvelCharacter, unknown: Set<String> = []) -> String {
        "\(character.id)\t\(v(character.name))\t\(count(character.comics, "comics", unknown)) comics"
    }

    /// A list's `available`, or "…" when `unknown` (an entity's `UnknownFields`) names it.
    static func count(_ list: ResourceList, _ field: String, _ unknown: Set<String>) -> String {
        unknown.contains(field + ".available") ? "…" : String(list.available)
    }

    /// `id <TAB> title <TAB> format <TAB> on-sale day <TAB> price`
    static func line(_ comic: MarvelComic) -> String {
        let price = comic.price.map { String(format: "$%.2f", $0) } ?? "-"
        return "\(comic.id)\t\(v(comic.title))\t\(comic.format.isEmpty ? "-" : v(comic.format))\t\(day(comic.onSaleDate))\t\(price)"
    }

    /// A detail's `name: value` lines, then its related lists and its links (`DetailedEntity.plainDetail`).
    static func detail(_ fields: KeyValuePairs<String, String>, _ lists: [(String, ResourceList)], _ urls: [MarvelLink]) -> String {
        (fields.map { "\($0.key): \($0.value)" } + lists.flatMap { resources($0.0, $0.1) } + urls.map { "\(v($0.type)): \(v($0.url))" })
            .joined(separator: "\n")
    }

    private static func resources(_ name: String, _ list: ResourceList) -> [String] {
        let shown = list.isTruncated ? " (first \(list.items.count) listed)" : ""
        return ["\(name): \(list.available)\(shown)"]
            + list.items.map { "  - \(v($0.name))\($0.role.map { " (\(v($0)))" } ?? "")" }
    }

    /// Data on stdout, with URLs that still work after the process exits (never an in-process
    /// server's port: `InProcessURLs`).
    static func out(_ text: String) {
        Swift.print(InProcessURLs.canonical(text))
    }

    /// Notes for people, kept off stdout so scripts read clean data.
    /// A failed write is ignored: FileHandle's non-throwing `write` traps (SIGILL) on a
    /// terminal that hung up, which is where every closed-terminal exit ended.
    static func note(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }

    static func notes(attribution: String?, stale: Bool, unreadable: Int = 0, cacheProblem: String? = nil) {
        if let cacheProblem { note(cacheProblem) }
        if stale { note("offline: showing cached data") }
        if let fallback = EmbeddedCatalog.inMemoryFallbackNotice { note(fallback) }
        if unreadable > 0 { note("\(unreadable) record\(unreadable == 1 ? "" : "s") unreadable (skipped)") }
        note(v(attribution ?? sourceAttribution))
    }

    /// The credit of this run's source, for answers that carry none (a mirror that leaves out
    /// `attributionText`): the live source's own, else Marvel's, as the gallery's header says it.
    static var sourceAttribution: String { LiveSources.runningSource?.attribution.text ?? MarvelAttribution.text }

    /// A run that failed, not a usage mistake (a file that is not a catalog, a bad value in the
    /// environment, no terminal to open): one line on stderr and exit status 1, without the
    /// usage hint (not a ValidationError's exit 64 and "see --help": the command line is right).
    static func failure(_ text: String) -> ExitCode {
        note("marvel-gallery: \(v(text))")
        return ExitCode(1)
    }

    /// Runs a subcommand body; a library error becomes one line on stderr and exit status 1.
    static func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as MarvelAPIError {
            // A 429 from the in-process server of a live source: the source's own words (how long it asked).
            if case .rateLimited = error, let words = LiveSources.runningSource?.lastRateLimitText {
                note("marvel-gallery: \(v(words))")
                throw ExitCode(1)
            }
            note("marvel-gallery: \(v(error.description))")
            throw ExitCode(1)
        } catch let error as SettingsError {
            note("marvel-gallery: \(v(error.description))")
            throw ExitCode(1)
        }
    }
}
