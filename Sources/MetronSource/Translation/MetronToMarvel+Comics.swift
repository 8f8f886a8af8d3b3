import Foundation
import LiveSourceKit

/// An entity's `comics` list from Metron's issue list of it (`/api/character/{id}/issue_list/`,
/// the same first page `/characters/{id}/comics` reads): Metron's records of characters, arcs
/// and creators carry no count of their issues, their issue list does.
extension MetronToMarvel {
    /// `{available, collectionURI, items, returned}` from the issue list's first page: its
    /// `count`, or `count` when Metron's record states one (a series' `issue_count`), and the
    /// first 20 issues. Without the page, `count` if known, else the contract's empty list:
    /// Metron was not asked (the budget had no room), so no number is made up.
    public static func comics(of owner: String, _ id: Int, issues: MetronPage<MetronIssueSummary>?, count: Int? = nil) -> Object {
        var list = MarvelShapes.list("comics", of: owner, id, issues?.results.map { ($0.id, $0.displayName) } ?? [])
        if let known = count ?? issues?.count { list["available"] = max(known, list["returned"] as? Int ?? 0) }
        return list
    }
}
