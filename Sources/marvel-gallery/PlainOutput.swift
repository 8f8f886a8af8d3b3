import ArgumentParser
import Catalog
import Foundation
import MarvelAPI

/// Text and JSON renderings of entities for scripts, and the error reporting shared by the
/// data subcommands (message on stderr, non-zero exit).
enum PlainOutput {
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func day(_ date: Date?) -> String {
        date.map { String(MarvelDate.format($0).prefix(10)) } ?? "-"
    }

    static func thumbnail(_ image: MarvelImage?) -> String {
        guard let image, !image.isPlaceholder, let url = image.url(.portraitUncanny) else { return "-" }
        return url.absoluteString
    }

    /// `id <TAB> name <TAB> N comics`
    static func line(_ character: MarvelCharacter) -> String {
        "\(character.id)\t\(character.name)\t\(character.comics.available) comics"
    }

    /// `id <TAB> title <TAB> format <TAB> on-sale day <TAB> price`
    static func line(_ comic: MarvelComic) -> String {
        let price = comic.price.map { String(format: "$%.2f", $0) } ?? "-"
        return "\(comic.id)\t\(comic.title)\t\(comic.format.isEmpty ? "-" : comic.format)\t\(day(comic.onSaleDate))\t\(price)"
    }

    static func detail(_ character: MarvelCharacter) -> String {
        var lines = ["id: \(character.id)", "name: \(character.name)"]
        lines.append("description: \(character.description ?? "-")")
        lines.append("modified: \(day(character.modified))")
        lines.append("thumbnail: \(thumbnail(character.thumbnail))")
        for (name, list) in [("comics", character.comics), ("series", character.series),
                             ("stories", character.stories), ("events", character.events)] {
            lines.append(contentsOf: resources(name, list))
        }
        lines.append(contentsOf: character.urls.map { "\($0.type): \($0.url)" })
        return lines.joined(separator: "\n")
    }

    static func detail(_ comic: MarvelComic) -> String {
        var lines = ["id: \(comic.id)", "title: \(comic.title)"]
        lines.append("format: \(comic.format.isEmpty ? "-" : comic.format)")
        lines.append("issue: \(comic.issueNumber == comic.issueNumber.rounded() ? String(Int(comic.issueNumber)) : String(comic.issueNumber))")
        lines.append("pages: \(comic.pageCount)")
        lines.append("on sale: \(day(comic.onSaleDate))")
        lines.append("price: \(comic.price.map { String(format: "$%.2f", $0) } ?? "-")")
        lines.append("series: \(comic.series?.name ?? "-")")
        lines.append("description: \(comic.description ?? "-")")
        lines.append("thumbnail: \(thumbnail(comic.thumbnail))")
        for (name, list) in [("creators", comic.creators), ("characters", comic.characters),
                             ("stories", comic.stories), ("events", comic.events)] {
            lines.append(contentsOf: resources(name, list))
        }
        lines.append(contentsOf: comic.urls.map { "\($0.type): \($0.url)" })
        return lines.joined(separator: "\n")
    }

    private static func resources(_ name: String, _ list: ResourceList) -> [String] {
        let shown = list.isTruncated ? " (first \(list.items.count) listed)" : ""
        return ["\(name): \(list.available)\(shown)"]
            + list.items.map { "  - \($0.name)\($0.role.map { " (\($0))" } ?? "")" }
    }

    /// Notes for people, kept off stdout so scripts read clean data.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func notes(attribution: String?, stale: Bool, unreadable: Int = 0) {
        if stale { note("offline: showing cached data") }
        if let fallback = EmbeddedCatalog.inMemoryFallbackNotice { note(fallback) }
        if unreadable > 0 { note("\(unreadable) record\(unreadable == 1 ? "" : "s") unreadable (skipped)") }
        if let attribution { note(attribution) }
    }

    /// Runs a subcommand body; a library error becomes one line on stderr and exit status 1.
    static func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as MarvelAPIError {
            note("marvel-gallery: \(error.description)")
            throw ExitCode(1)
        }
    }
}
