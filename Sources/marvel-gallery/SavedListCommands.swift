import ArgumentParser
import Foundation
import GalleryApp
import MarvelAPI
import TerminalUI

/// Which saved list a `SavedListCommand` is about, with its words.
protocol SavedListName {
    static var list: SavedList { get }
    static var commandName: String { get }
    static var abstract: String { get }
    static var aliases: [String] { get }
}

enum FavouritesList: SavedListName {
    static let list = SavedList.favourites
    static let commandName = "favourites"
    static let abstract = "The starred characters and comics (f in the gallery), newest first."
    static let aliases = ["favorites"]
}

enum RecentList: SavedListName {
    static let list = SavedList.recent
    static let commandName = "recent"
    static let abstract = "The last 100 pages opened in the gallery, most recent first (H in the gallery)."
    static let aliases = ["history"]
}

/// `marvel-gallery favourites` / `recent`: one grid of every saved record (characters and
/// comics side by side, each opening its own page), read from the XDG data folder without
/// listing anything again; `--plain` / `--json` (or a stdout that is not a terminal) print them.
struct SavedListCommand<Name: SavedListName>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Name.commandName, abstract: Name.abstract, aliases: Name.aliases)
    }

    @OptionGroup var data: DataOptions

    func run() async throws {
        guard data.output.wantsPlain && data.gallery.headless == nil else {
            return try await data.run(plain: { _, _ in }) { settings in
                LaunchScreen(catalog: .saved(Name.list), pageSize: settings.pageSize.value,
                             language: LanguageOption.resolved(settings))
            }
        }
        try printList()
    }

    /// The credits the saved records need: Marvel's for records from the Marvel API, a mirror or
    /// the built-in catalog; a live source's own (an entry of "live source" alone, saved before
    /// entries named theirs: each live source's); none for an empty list.
    static func attributions(of entries: [SavedEntry]) -> [String] {
        var credits: [String] = []
        for entry in entries {
            let own: [String]
            if entry.source.hasPrefix(SavedEntry.liveSource) {
                let named = LiveSources.rows.filter { entry.source == "\(SavedEntry.liveSource) \($0.name)" }
                own = (named.isEmpty ? LiveSources.rows : named).map(\.attribution)
            } else {
                own = [MarvelAttribution.text]
            }
            credits += own.filter { !credits.contains($0) }
        }
        return credits
    }

    /// `kind <TAB> id <TAB> name <TAB> when` per record, or the JSON of the file's entries; a
    /// file that could not be read is said on stderr (what could be read is still printed).
    func printList() throws {
        let store = SavedStore(directory: SavedStore.defaultDirectory())
        let (lists, problems) = store.load()
        let entries = lists.entries(Name.list)
        if data.output.json {
            PlainOutput.out(Sanitizer.jsonEscapingControls(try SavedStore.json(entries)))
        } else {
            let formatter = ISO8601DateFormatter()
            for entry in entries {
                PlainOutput.out("\(PlainOutput.v(entry.kind))\t\(entry.id)\t\(PlainOutput.v(entry.name))\t\(formatter.string(from: entry.at))")
            }
            let noun = Name.commandName == "recent" ? (entries.count == 1 ? "page" : "pages")
                : (entries.count == 1 ? "favourite" : "favourites")
            PlainOutput.note("\(entries.count) \(noun)")
        }
        // Whose data the names are, as every listing says it (on stderr, with --json too).
        for credit in Self.attributions(of: entries) { PlainOutput.note(PlainOutput.v(credit)) }
        for problem in problems where problem.list == Name.list {
            PlainOutput.note("marvel-gallery: " + PlainOutput.v(problem.text(Strings(), path: store.file(problem.list).path)))
        }
    }
}
