import MarvelAPI
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
    /// never points at the loopback server that served the page.
    public static func resourceURL(_ kind: MarvelResource, id: Int) -> String {
        "http://gateway.marvel.com/v1/public/\(kind.rawValue)/\(id)"
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
    /// its first link, else its resource URL.
    var canonicalLink: String {
        let links = content?.links ?? []
        return (links.first { $0.type == "detail" } ?? links.first)?.url
            ?? CopyRequest.resourceURL(subject.kind, id: subject.id)
    }
}
