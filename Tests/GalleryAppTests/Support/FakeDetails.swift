import Foundation
import Synchronization
@testable import GalleryApp
import TerminalUI

/// Detail data in memory: a character with links and appearances, its comics (with covers),
/// a comic with creators, prices and characters. Deterministic so snapshots are stable.
enum FakeDetails {
    static let modified = Date(timeIntervalSince1970: 1_398_795_497)  // 2014-04-29

    static func character(id: Int, name: String = "Spider-Man", comics: Int = 45) -> CharacterDetail {
        CharacterDetail(
            id: id, name: name,
            description: "Bitten by a radioactive spider, high school student Peter Parker gained the speed, strength and powers of a spider.",
            modified: modified, thumbnail: ImageRef(path: "http://127.0.0.1/img/c\(id)", extension: "jpg"),
            comics: Appearances(available: comics, items: (1...min(comics, 20)).map { "Amazing Fantasy (1962) #\($0)" }),
            series: Appearances(available: 3, items: ["Amazing Fantasy (1962)", "Spider-Verse (2014)", "Web of Spider-Man (1985)"]),
            stories: Appearances(available: 1562, items: ["Cover #1", "Interior #2"]),
            events: Appearances(available: 0, items: []),
            links: [DetailLink(type: "detail", url: "https://marvel.com/characters/\(id)/detail"),
                    DetailLink(type: "wiki", url: "https://marvel.com/universe/\(id)"),
                    DetailLink(type: "comiclink", url: "https://marvel.com/comics/characters/\(id)")])
    }

    static func comic(id: Int) -> ComicDetail {
        ComicDetail(id: id, title: "Amazing Fantasy (1962) #15", issueNumber: 15, format: "Comic", pageCount: 36,
                    onSaleDate: Date(timeIntervalSince1970: -230_000_000), prices: [.init(type: "printPrice", amount: 0.12),
                                                                                  .init(type: "digitalPurchasePrice", amount: 1.99)],
                    creators: [.init(name: "Stan Lee", role: "writer"), .init(name: "Steve Ditko", role: "penciller")],
                    description: HTMLText.strip("The first appearance of <b>Spider-Man</b>!<br>With great power&hellip;"),
                    thumbnail: ImageRef(path: "http://127.0.0.1/img/k\(id)", extension: "jpg"), charactersAvailable: 12,
                    series: "Amazing Fantasy (1962 - 1962)", seriesID: 9, variants: ["Amazing Fantasy (1962) #15 (Variant)"],
                    links: [DetailLink(type: "detail", url: "https://marvel.com/comics/issue/\(id)")])
    }

    /// A series page: years, type, a description, counts for its five tabs.
    static func series(id: Int) -> EntityDetail {
        EntityDetail(kind: .series, id: id, title: "Web of Spider-Man (1985 - 1995)",
                     facts: [.years(1985, 1995), .type("ongoing")],
                     description: "Spidey swings through the eighties.",
                     thumbnail: ImageRef(path: "http://127.0.0.1/img/s\(id)", extension: "jpg"),
                     links: [DetailLink(type: "detail", url: "https://marvel.com/comics/series/\(id)")],
                     counts: [.comics: 45, .characters: 12, .creators: 3, .events: 0, .stories: 260])
    }

    /// What a page shows: the fake character or comic, a series for any other type (a story
    /// without a picture).
    static func content(_ subject: DetailSubject) -> DetailContent {
        switch subject {
        case .character(let id): .character(character(id: id))
        case .comic(let id): .comic(comic(id: id))
        case .story(let id): .entity(EntityDetail(kind: .stories, id: id, title: "Interior story #\(id)",
                                                  facts: [.type("interiorStory"), .originalIssue("Amazing Fantasy (1962) #15")],
                                                  counts: [.comics: 1, .characters: 2]))
        default: .entity(series(id: subject.id))
        }
    }

    /// A strip page of `total` items of the requested type, ids `base+n`: comics 5000+,
    /// characters 1000+, others 7000+ (stories have no pictures).
    static func strip(_ request: StripRequest, total: Int = 45) -> StripPage {
        let end = min(total, request.offset + request.limit)
        let items = (request.offset..<max(request.offset, end)).map { n -> StripItem in
            switch request.related {
            case .comics:
                return StripItem(id: 5000 + n, title: "Amazing Fantasy #\(n + 1)",
                                 thumbnail: ImageRef(path: "http://127.0.0.1/img/k\(5000 + n)", extension: "jpg"))
            case .characters:
                return StripItem(id: 1000 + n, title: "Hero \(n + 1)",
                                 thumbnail: ImageRef(path: "http://127.0.0.1/img/\(1000 + n)", extension: "jpg"))
            case .stories:
                return StripItem(id: 7000 + n, title: "Story \(n + 1)", thumbnail: nil)
            default:
                return StripItem(id: 7000 + n, title: "\(request.related.rawValue.capitalized) \(n + 1)",
                                 thumbnail: ImageRef(path: "http://127.0.0.1/img/\(request.related.rawValue)\(7000 + n)",
                                                     extension: "jpg"))
            }
        }
        return StripPage(offset: request.offset, total: total, items: items)
    }

    static func picture(_ key: ThumbnailKey) -> HalfBlockCells {
        let hue = UInt8((key.itemID * 37) % 200)
        return .gradient(cols: key.columns, rows: key.rows, from: RGB(hue, 40, 200 - hue), to: RGB(250, hue, 30))
    }
}

extension Harness {
    /// Answers every detail effect in `effects` (data, strips, pictures) from `FakeDetails`,
    /// and whatever those answers ask for in turn.
    mutating func answerDetails(_ effects: [Effect], failing: Set<DetailSubject> = [], rounds: Int = 4) {
        var queue = effects
        var round = 0
        while !queue.isEmpty && round < rounds {
            var next: [Effect] = []
            for effect in queue {
                guard case .detail(let work) = effect else { continue }
                switch work {
                case .load(let request):
                    if failing.contains(request.subject) {
                        next += send(.detail(.loaded(request, .failure(PageFailure("HTTP 404: no such id")))))
                    } else {
                        next += send(.detail(.loaded(request, .success(FakeDetails.content(request.subject)))))
                    }
                case .loadStrip(let request):
                    next += send(.detail(.stripLoaded(request, .success(FakeDetails.strip(request)))))
                case .loadImages(let slot, let keys):
                    for key in keys { next += send(.detail(.imageLoaded(slot, key, FakeDetails.picture(key)))) }
                case .openURL, .copy:
                    break
                }
            }
            queue = next
            round += 1
        }
    }

    /// Opens the selected tile and answers everything it asks for.
    mutating func openAndLoad(failing: Set<DetailSubject> = []) {
        answerDetails(key(.enter), failing: failing)
    }

    var detailText: String {
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        return buffer.text
    }
}

/// A link opener that records what it was asked to open.
final class FakeOpener: URLOpening, @unchecked Sendable {
    private let urls = Mutex<[String]>([])
    let succeeds: Bool
    init(succeeds: Bool) { self.succeeds = succeeds }
    var opened: [String] { urls.withLock { urls in urls } }
    func open(_ url: String) async -> Bool {
        urls.withLock { urls in urls.append(url) }
        return succeeds
    }
}

/// Details for the real program loop.
struct FakeDetailSource: DetailSource {
    func load(_ subject: DetailSubject) async -> Result<DetailContent, PageFailure> { .success(FakeDetails.content(subject)) }
    func strip(_ request: StripRequest) async -> Result<StripPage, PageFailure> { .success(FakeDetails.strip(request)) }
}
