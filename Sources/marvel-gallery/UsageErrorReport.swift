import ArgumentParser
import Settings

/// A usage error as two lines: the error with a suggestion that fits, and a hint naming the
/// help to read. argument-parser's own text takes three lines and suggests by spelling alone
/// (`characters --name` got `--lang`; a misspelt subcommand got nothing).
enum UsageErrorReport {
    /// Options people type for one this program spells differently, by meaning: `--name` (the
    /// Marvel API's `nameStartsWith`) and friends are `--search` on characters and `--title` on
    /// comics. The first target the command has is suggested.
    static let synonyms: [String: [String]] = {
        var table: [String: [String]] = [:]
        for word in ["--name", "--name-starts-with", "--namestartswith", "--query", "--filter", "--find", "--grep",
                     "--title-starts-with", "--titlestartswith", "--search", "--title"] {
            table[word] = ["--search", "--title"]
        }
        for word in ["--count", "--max", "--number"] { table[word] = ["--limit"] }
        for word in ["--color", "--colour", "--colours"] { table[word] = ["--colors"] }
        for word in ["--language", "--locale"] { table[word] = ["--lang"] }
        return table
    }()

    /// What to suggest for an unknown `option` of a command taking `options`: a synonym it has
    /// (also for a misspelt synonym, `--nme`), else the nearest spelling.
    static func suggestion(for option: String, among options: [String]) -> String? {
        func target(_ word: String) -> String? { synonyms[word]?.first { options.contains($0) } }
        if let direct = target(option.lowercased()) { return direct }
        let known = options + synonyms.keys.filter { target($0) != nil && !options.contains($0) }.sorted()
        guard let near = closest(to: option, among: known) else { return nil }
        return options.contains(near) ? near : target(near)
    }

    /// The lines for `error` met parsing `arguments` (without the program name).
    static func lines(for error: Error, arguments: [String]) -> (error: String, hint: String) {
        let path = commandPath(arguments)
        let shown = (["marvel-gallery"] + path.map { $0._commandName }).joined(separator: " ")
        let raw = MarvelGallery.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        var message = raw.hasPrefix("Error: ") ? String(raw.dropFirst(7)) : raw
        if let option = quoted(after: "Unknown option ", in: message) {
            let options = Self.options(of: path.last)
            let suggestion = suggestion(for: option, among: options)
            message = "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        } else if let word = quoted(after: "Unexpected argument ", in: message) ?? quoted(after: "unexpected arguments: ", in: message),
                  !word.hasPrefix("-") {
            // Any command with subcommands (the top level, `cache`, `catalog`) says it the same way.
            let names = subcommands(of: path.last).map { $0._commandName }
            message = names.isEmpty ? "unexpected argument '\(word)'"
                : "unknown subcommand '\(word)'" + (guess(word, among: names).map { "; did you mean \($0)?" } ?? "")
        }
        // The parser's own sentences ("Missing expected argument ...") in the case of ours.
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        return ("marvel-gallery: " + message, "hint: see '\(shown) --help'")
    }

    /// The subcommand meant by `word`: the nearest spelling, else, in a group of a few
    /// (`cache info|clear`), each of them; nil among many with none near (the hint names the help).
    static func guess(_ word: String, among names: [String]) -> String? {
        if let near = closest(to: word, among: names) { return "'\(near)'" }
        guard names.count <= 3 else { return nil }
        return names.map { "'\($0)'" }.joined(separator: " or ")
    }

    /// `stories --help`, `cache bogus --help`, `help cache bogus`, `bogus --version`:
    /// argument-parser answers a help (or version) request naming an unknown subcommand with
    /// the enclosing command's help and exit 0, as if the word were fine; without the request
    /// the word is reported (with a suggestion) like any misspelt subcommand.
    static func withoutHelpAfterAnUnknownSubcommand(_ arguments: [String]) -> [String] {
        let asked = arguments.first == "help" ? Array(arguments.dropFirst()) : arguments
        let words = asked.filter { !$0.hasPrefix("-") }
        let path = commandPath(asked)
        guard words.count > path.count, !subcommands(of: path.last).isEmpty else { return arguments }
        return asked.filter { $0 != "-h" && $0 != "--help" && $0 != "--version" }
    }

    /// The subcommands named in `arguments`, outermost first (stops at the first other word).
    static func commandPath(_ arguments: [String]) -> [ParsableCommand.Type] {
        var path: [ParsableCommand.Type] = []
        for word in arguments where !word.hasPrefix("-") {
            guard let next = subcommands(of: path.last).first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else { break }
            path.append(next)
        }
        return path
    }

    static func subcommands(of command: ParsableCommand.Type?) -> [ParsableCommand.Type] {
        (command ?? MarvelGallery.self).configuration.subcommands
    }

    /// The long options a command takes, read from its own help (shown and hidden).
    static func options(of command: ParsableCommand.Type?) -> [String] {
        let help = MarvelGallery.helpMessage(for: command ?? MarvelGallery.self, includeHidden: false, columns: 200)
        var found: [String] = []
        var rest = Substring(help)
        while let start = rest.range(of: "--") {
            let name = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
            if name.count > 2, !found.contains(String(name)) { found.append(String(name)) }
            rest = rest[start.upperBound...]
        }
        return found
    }

    static func quoted(after prefix: String, in message: String) -> String? {
        guard let r = message.range(of: prefix + "'") else { return nil }
        let tail = message[r.upperBound...]
        guard let end = tail.firstIndex(of: "'") else { return nil }
        return String(tail[..<end])
    }

    /// The candidate within a third of the word's length in edits (`NearestName`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        NearestName.closest(to: word, among: candidates)
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int { NearestName.distance(a, b) }
}
