import ArgumentParser
import Foundation
import GalleryApp

/// `--lang en|es`, shared by the full-screen commands; without it the POSIX locale variables
/// decide (LC_ALL, then LC_MESSAGES, then LANG).
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"), help: "Language of the screens: en or es (default: from LC_ALL / LC_MESSAGES / LANG).")
    var lang: String?

    func validate() throws {
        if let lang, Language(rawValue: lang.lowercased()) == nil {
            throw ValidationError("--lang expects en or es, got \"\(lang)\"")
        }
    }

    var resolved: Language {
        lang.flatMap { Language(rawValue: $0.lowercased()) } ?? Language.fromEnvironment(ProcessInfo.processInfo.environment)
    }
}

/// What the full-screen program opens on.
struct LaunchScreen {
    /// Comics pages are asked for 50 at a time (the grid shows many small covers).
    static let comicsPageSize = 50

    var catalog: CatalogKind = .characters
    var detail: DetailSubject?
    var comicsFilter = ComicsFilter()
    var language: Language = .en
}
