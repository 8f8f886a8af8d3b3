/// The order a grid asks for (`s` cycles it, `S` turns it round, `--order` starts on one): one
/// of the contract's `orderBy` values, sent as it is. Characters: `name`, `modified` and the
/// built-in catalog's `comics` (how many comics a character is in; the Marvel API and live sources do
/// not have it and answer 409, shown as the page's error); comics: `title`, `onsaleDate`,
/// `issueNumber` (and `focDate`, `modified` from the command line).
public struct ListOrder: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Field: String, Equatable, Hashable, Sendable, CaseIterable {
        case name, modified, comics
        case title, onsaleDate, issueNumber, focDate
    }

    public var field: Field
    public var descending: Bool

    public init(_ field: Field, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// The `orderBy` value: `-` first for descending, as in the contract.
    public var description: String { (descending ? "-" : "") + field.rawValue }

    /// Parses an `orderBy` value (`-modified`) for `catalog`; nil when that list has no such order.
    public init?(_ text: String, for catalog: CatalogKind) {
        let descending = text.hasPrefix("-")
        guard let field = Field(rawValue: String(text.dropFirst(descending ? 1 : 0))),
              ListOrder.fields(catalog).contains(field) else { return nil }
        self.init(field, descending: descending)
    }

    /// What `--order` accepts on `catalog`, both directions.
    public static func values(_ catalog: CatalogKind) -> [String] {
        fields(catalog).flatMap { [$0.rawValue, "-" + $0.rawValue] }
    }

    static func fields(_ catalog: CatalogKind) -> [Field] {
        switch catalog {
        case .characters: [.name, .modified, .comics]
        case .comics: [.title, .onsaleDate, .issueNumber, .focDate, .modified]
        case .titles, .saved: []
        }
    }

    /// The order a grid starts in: by name (titles for comics), the list the index walks.
    public static func natural(_ catalog: CatalogKind) -> ListOrder {
        catalog == .comics ? ListOrder(.title) : ListOrder(.name)
    }

    /// What `s` steps through, each in its useful direction: names A–Z, the newest change
    /// first, the most comics first; titles A–Z, the newest on-sale date first, issue 1 first.
    static func cycle(_ catalog: CatalogKind) -> [ListOrder] {
        switch catalog {
        case .characters: [ListOrder(.name), ListOrder(.modified, descending: true), ListOrder(.comics, descending: true)]
        case .comics: [ListOrder(.title), ListOrder(.onsaleDate, descending: true), ListOrder(.issueNumber)]
        case .titles, .saved: []
        }
    }

    /// The order after this one in `s`'s cycle (by field, whatever the direction).
    func next(_ catalog: CatalogKind) -> ListOrder {
        let cycle = Self.cycle(catalog)
        guard let at = cycle.firstIndex(where: { $0.field == field }) else { return cycle.first ?? self }
        return cycle[(at + 1) % cycle.count]
    }

    /// Whether the list is in name (title) order, either way: what the index and jump need.
    public var isByName: Bool { field == .name || field == .title }

    /// The header's words for this order ("by modified ↓").
    func label(_ strings: Strings) -> String {
        let key: StringKey = switch field {
        case .name: .orderName
        case .modified: .orderModified
        case .comics: .orderComics
        case .title: .orderTitle
        case .onsaleDate: .orderOnsale
        case .issueNumber: .orderIssue
        case .focDate: .orderFoc
        }
        return strings.text(.orderLabel, strings[key], descending ? "↓" : "↑")
    }
}
