import Foundation
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
                    series: "Amazing Fantasy (1962 - 1962)", variants: ["Amazing Fantasy (1962) #15 (Variant)"],
                    links: [DetailLink(type: "detail", url: "https://marvel.com/comics/issue/\(id)")])
    }

    /// A strip page: comics `5000+n` of a character, or characters `1000+n` of a comic.
    static func strip(_ request: PageRequest, total: Int = 45) -> ItemPage {
        let end = min(total, request.offset + request.limit)
        guard case .appearances(let subject) = request.query else { return ItemPage(offset: request.offset, total: 0, items: []) }
        let items = (request.offset..<max(request.offset, end)).map { n -> GalleryCharacter in
            if subject.isCharacter {
                return GalleryCharacter(id: 5000 + n, name: "Amazing Fantasy #\(n + 1)",
                                        thumbnail: ImageRef(path: "http://127.0.0.1/img/k\(5000 + n)", extension: "jpg"))
            }
            return GalleryCharacter(id: 1000 + n, name: "Hero \(n + 1)",
                                    thumbnail: ImageRef(path: "http://127.0.0.1/img/\(1000 + n)", extension: "jpg"))
        }
        return ItemPage(offset: request.offset, total: total, items: items)
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
                        let failure = PageFailure("HTTP 404: no such id")
                        next += send(.detail(request.subject.isCharacter
                            ? .characterLoaded(request, .failure(failure)) : .comicLoaded(request, .failure(failure))))
                    } else if case .character(let id) = request.subject {
                        next += send(.detail(.characterLoaded(request, .success(FakeDetails.character(id: id)))))
                    } else {
                        next += send(.detail(.comicLoaded(request, .success(FakeDetails.comic(id: request.subject.id)))))
                    }
                case .loadStrip(let request):
                    next += send(.detail(.stripLoaded(request, .success(FakeDetails.strip(request)))))
                case .loadImages(let slot, let keys):
                    for key in keys { next += send(.detail(.imageLoaded(slot, key, FakeDetails.picture(key)))) }
                case .openURL:
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
    private let lock = NSLock()
    private var urls: [String] = []
    let succeeds: Bool
    init(succeeds: Bool) { self.succeeds = succeeds }
    var opened: [String] { lock.withLock { urls } }
    func open(_ url: String) async -> Bool {
        lock.withLock { urls.append(url) }
        return succeeds
    }
}

/// Details for the real program loop.
struct FakeDetailSource: DetailSource {
    func character(id: Int) async -> Result<CharacterDetail, PageFailure> { .success(FakeDetails.character(id: id)) }
    func comic(id: Int) async -> Result<ComicDetail, PageFailure> { .success(FakeDetails.comic(id: id)) }
    func strip(_ request: PageRequest) async -> Result<ItemPage, PageFailure> { .success(FakeDetails.strip(request)) }
}
