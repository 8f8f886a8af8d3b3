import Foundation
import MarvelContract

/// The six resource types of the Marvel contract, named as in their URL paths: the contract's
/// one table (`MarvelResource`, with its sub-collections), which the client shares.
public typealias EntityKind = MarvelResource

/// What the catalog knows of each type: its table, its columns, its 404 noun, its list fields.
extension EntityKind {
    /// One of this kind, as the contract's path parameters name it (`{characterId}`) and as
    /// the catalog names its table.
    public var singular: String {
        switch self {
        case .characters: "character"
        case .comics: "comic"
        case .creators: "creator"
        case .events: "event"
        case .series: "series"
        case .stories: "story"
        }
    }

    /// The table holding this kind.
    var table: String { singular }

    /// The rows an entity's list of this kind names, as a table (aliased by the caller):
    /// `id` and the name column. A character or comic known only by the name a list gave it
    /// (`named`) is listed with that name, as its link answers (`CatalogStore.rendered`);
    /// the other kinds keep such summaries in their own tables.
    var listedRows: String {
        switch self {
        case .characters, .comics:
            "(SELECT id, \(nameColumn) FROM \(table) UNION ALL SELECT id, name FROM named "
                + "WHERE kind = '\(rawValue)' AND id NOT IN (SELECT id FROM \(table)))"
        default: table
        }
    }

    /// The rows a list of characters related to other entities chooses from (a collection
    /// such as `/events/29/characters`), as the table it replaces: the held records and those
    /// known only by name, so the collection holds every character its owner's list names.
    /// Unrelated lists hold only records. A comic known only by name is not in a collection:
    /// its series is not known and every client requires one (esak fails the whole page); the
    /// collection's total is still its owner's `available` (`CatalogStore.listAvailable`).
    var relatedRows: String {
        switch self {
        case .characters:
            "(SELECT id, name, name_key, modified, json FROM character UNION ALL "
                + "SELECT id, name, fold(name), NULL, NULL FROM named "
                + "WHERE kind = 'characters' AND id NOT IN (SELECT id FROM character)) character"
        default: table
        }
    }

    /// The column a summary's `name` comes from.
    var nameColumn: String {
        switch self {
        case .characters: "name"
        case .creators: "full_name"
        default: "title"
        }
    }

    /// The field of an entity's JSON that names it (a summary's `name` comes from it).
    public var nameField: String {
        switch self {
        case .characters: "name"
        case .creators: "fullName"
        default: "title"
        }
    }

    /// The noun of the real 404 text: `We couldn't find that <noun>`.
    public var notFoundNoun: String {
        switch self {
        case .characters: "character"
        case .comics: "comic_issue"
        case .creators: "creator"
        case .events: "event"
        case .series: "series"
        case .stories: "comic_story"
        }
    }

    /// The list fields of an entity of this kind (`comics`, `series`, ...), as the real objects carry them.
    var listFields: [EntityKind] {
        switch self {
        case .characters: [.comics, .series, .stories, .events]
        case .comics: [.creators, .characters, .stories, .events]
        case .creators: [.comics, .series, .stories, .events]
        case .events: [.creators, .characters, .stories, .comics, .series]
        case .series: [.creators, .characters, .stories, .comics, .events]
        case .stories: [.creators, .characters, .series, .comics, .events]
        }
    }

    /// The related-id filters a list of this kind takes (`comics`, `series`, ...): its list fields.
    public var listFieldNames: [String] { listFields.map(\.rawValue) }

    /// Which rows of the table are served as entities. A story is only one when its original issue
    /// is known (the API always names it, and clients require it); a story seen only in another
    /// entity's list stays a reference.
    var servedCondition: String {
        switch self {
        case .stories:
            "(json LIKE '%\"originalIssue\":{%' OR id IN (SELECT story_id FROM comic_story JOIN comic ON comic.id = comic_story.comic_id))"
        default: "1"
        }
    }
}
