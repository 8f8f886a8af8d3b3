import ArgumentParser
import Foundation
import GalleryApp
import Settings

/// `--lang en|es`, shared by the full-screen commands; without it the POSIX locale variables
/// decide (LC_ALL, then LC_MESSAGES, then LANG).
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"),
            help: "Language of the screens: en or es (default: $MARVEL_GALLERY_LANG, then language in config.toml, then LC_ALL / LC_MESSAGES / LANG).",
            completion: .list(["en", "es"]))
    var lang: String?

    func validate() throws {
        if let lang, Language(rawValue: lang.lowercased()) == nil {
            throw ValidationError("--lang expects en or es, got \"\(lang)\"")
        }
    }

    /// The language `settings` chose (flag, env or config.toml), else the locale variables'.
    static func resolved(_ settings: Settings) -> Language {
        settings.language.value.flatMap { Language(rawValue: $0.lowercased()) }
            ?? Language.fromEnvironment(ProcessInfo.processInfo.environment)
    }
}

/// What the full-screen program opens on.
struct LaunchScreen {
    /// Comics pages are asked for 50 at a time by default (the grid shows many small covers).
    static let comicsPageSize = 50

    var catalog: CatalogKind = .characters
    var pageSize = 20
    var letter: IndexLetter?
    var detail: DetailSubject?
    var comicsFilter = ComicsFilter()
    /// `--order` (nil: by name, comics by title).
    var order: ListOrder?
    var language: Language = .en
}
