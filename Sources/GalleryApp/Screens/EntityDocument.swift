import Foundation
import TerminalUI

/// The details of a creator, event, series or story: title, its facts (years, dates, type,
/// rating, original issue), modified date, description, links, then the tabs of its related
/// lists.
enum EntityDocument {
    static func write(_ entity: EntityDetail, page: DetailPage, strings: Strings, theme: Theme,
                      into writer: inout DocumentWriter) {
        writer.begin("title")
        writer.text(entity.title, style: theme.title)
        let facts = entity.facts.map { fact(strings, $0) }
        if !facts.isEmpty { writer.text(facts.joined(separator: " · ")) }
        DetailSections.modified(entity.modified, strings: strings, theme: theme, into: &writer)
        writer.blank()
        DetailSections.description(entity.description, strings: strings, theme: theme, into: &writer)
        DetailSections.links(entity.links, selected: page.linkIndex, strings: strings, theme: theme, into: &writer)
        DetailSections.tabs(of: page, strings: strings, theme: theme, into: &writer)
    }

    static func fact(_ strings: Strings, _ fact: EntityDetail.Fact) -> String {
        switch fact {
        case .years(let start, let end): "\(start)–\(end.map(String.init) ?? "")"
        case .dates(let start, let end): (start.map(strings.date) ?? "?") + " – " + (end.map(strings.date) ?? "?")
        case .type(let type): words(type)
        case .rating(let rating): rating
        case .originalIssue(let issue): strings.text(.entityOriginalIssue, issue)
        }
    }

    /// The API's type word as people write it: `interiorStory` → "Interior story", `ongoing` →
    /// "Ongoing", `one shot` → "One shot" (an open set, so spelt out rather than looked up).
    static func words(_ type: String) -> String {
        var out = ""
        for c in type.trimmingCharacters(in: .whitespaces) {
            if c.isUppercase, let last = out.last, last.isLowercase {
                out += " " + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out.prefix(1).uppercased() + out.dropFirst()
    }
}
