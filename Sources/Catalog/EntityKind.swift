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
