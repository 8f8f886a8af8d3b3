import Foundation
import MarvelAPI
import MarvelContract
import TerminalUI

/// `y` / `Y`: what to put on the clipboard. The core names the text; the runner makes a link
/// canonical (in-process loopback URLs become the record's own), cleans it and sends it as
/// OSC 52, then reports the text it sent (`Msg.copied`, `DetailMsg.copied`).
public struct CopyRequest: Equatable, Sendable {
    public enum What: Equatable, Sendable { case name, link }
    public let what: What
    public let text: String
    /// False once the runner could not hand the text to a clipboard (the status line says so).
    public var sent = true

    public init(_ what: What, _ text: String) {
        self.what = what
        self.text = text
    }

    /// The record's own resource URL on the contract's host, built from its kind and id so it
    /// never points at the loopback server that served the page (the saved lists' `resourceURI`;
    /// a browser needs keys for it, so `Y` copies `BrowserLink`s).
    public static func resourceURL(_ kind: MarvelResource, id: Int) -> String {
        ContractValues.resourceURI(kind.rawValue, id)
    }

    /// The confirmation for the status line: one line, the copied text shown cleaned.
    public func confirmation(_ strings: Strings) -> String {
        let said = strings.text(!sent ? .copyFailed : what == .name ? .copiedName : .copiedLink, Sanitizer.clean(text))
        return sent && Clipboard.kept(text).cut ? said + " " + strings.text(.copyCut, Clipboard.maxBytes >> 10) : said
    }
}

extension CatalogKind {
    /// The contract's type of this grid's items.
    var resource: MarvelResource {
        switch self {
        case .characters: .characters
        case .comics: .comics
        case .titles(let kind): kind
        case .saved: .characters  // each saved tile carries its own kind
        }
    }
}

extension DetailPage {
    /// The page's canonical URL: the record's marvel.com page (`urls` of type "detail"), else
    /// its first link, else its marvel.com page as Marvel builds them.
    var canonicalLink: String {
        let links = content?.links ?? []
        return (links.first { $0.type == "detail" } ?? links.first)?.url
            ?? BrowserLink.marvelPage(subject.kind, id: subject.id, name: content?.title ?? knownTitle ?? "")
    }
}

/// Links that open in a browser without keys: what `Y` copies and `o` opens. The contract's
/// resource URLs (gateway.marvel.com) need keys, and Marvel's own links carry tracking
/// parameters (`utm_campaign`, `utm_source`: the key of whoever fetched them).
public enum BrowserLink {
    /// `url` without its `utm_*` parameters (a `?` left with nothing after it goes too).
    public static func untracked(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[question...].firstIndex(of: "#") ?? url.endIndex
        let kept = url[url.index(after: question)..<fragmentStart].split(separator: "&")
            .filter { !$0.lowercased().hasPrefix("utm_") }
        return String(url[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")) + url[fragmentStart...]
    }

    /// The record's marvel.com page, in the form of the `detail` links Marvel's records carry
    /// ("http://marvel.com/comics/series/28056/amazing_spider_man__1963"): for records without
    /// links. A story has no page of its own there: Marvel's search for its name.
    public static func marvelPage(_ kind: MarvelResource, id: Int, name: String) -> String {
        let folder: String
        switch kind {
        case .characters: folder = "characters"
        case .comics: folder = "comics/issue"
        case .series: folder = "comics/series"
        case .events: folder = "comics/events"
        case .creators: folder = "comics/creators"
        case .stories:
            let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return "https://www.marvel.com/search?query=\(query)"
        }
        var slug = String(name.lowercased().unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
        while slug.hasSuffix("_") { slug.removeLast() }
        return "https://www.marvel.com/\(folder)/\(id)" + (slug.isEmpty ? "" : "/" + slug)
    }
}
