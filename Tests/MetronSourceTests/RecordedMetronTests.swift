import Foundation
import MetronSource
import XCTest

/// Every one of the 141 Metron recordings decodes, with values asserted; odd values are
/// tolerated with one note each.
final class RecordedMetronTests: XCTestCase {
    /// The odd records of the recordings (a number where a name belongs), one note each.
    static let oddNames: [String: String] = [
        "arc_500.json": "10", "character_150.json": "50", "creator_150.json": "50", "imprint_15.json": "150",
        "publisher_15.json": "150", "series_150.json": "50", "team_150.json": "50", "universe_150.json": "50",
    ]

    func testAll141RecordingsDecode() throws {
        let entries = try MetronRecordings.index()
        XCTAssertEqual(entries.count, 141)
        var decoded = 0
        for entry in entries {
            let file = entry.file
            if entry.isList {
                let (count, results, notes) = try listFacts(entry)
                XCTAssertEqual(results, min(100, count - (entry.page - 1) * 100), "\(file): a full DRF page of 100, or the rest")
                XCTAssertEqual(notes, [], file)
            } else {
                let (id, name, notes) = try detailFacts(entry)
                if let odd = Self.oddNames[file] {
                    XCTAssertEqual(name, odd, file)
                    XCTAssertEqual(notes.filter { $0.contains("name is the number") }.count, 1, "\(file): one line for the numeric name: \(notes)")
                } else {
                    XCTAssertFalse(name.isEmpty, file)
                    XCTAssertEqual(id, entry.id, file)
                }
            }
            decoded += 1
        }
        XCTAssertEqual(decoded, 141)
    }

    private func listFacts(_ entry: MetronRecordings.Entry) throws -> (Int, Int, [String]) {
        func facts<T: MetronRecord>(_ type: T.Type) throws -> (Int, Int, [String]) {
            let page = try MetronRecordings.page(type, entry.file)
            return (page.count, page.results.count, page.notes)
        }
        if entry.request.contains("issue_list") || entry.kind == "issue" { return try facts(MetronIssueSummary.self) }
        if entry.kind == "series" { return try facts(MetronSeriesSummary.self) }
        return try facts(MetronSummary.self)
    }

    private func detailFacts(_ entry: MetronRecordings.Entry) throws -> (Int, String, [String]) {
        switch entry.kind {
        case "character": let (c, n) = try MetronRecordings.detail(MetronCharacter.self, entry.file); return (c.summary.id, c.summary.name, n)
        case "creator": let (c, n) = try MetronRecordings.detail(MetronCreator.self, entry.file); return (c.summary.id, c.summary.name, n)
        case "series": let (s, n) = try MetronRecordings.detail(MetronSeries.self, entry.file); return (s.summary.id, s.summary.name, n)
        case "issue": let (i, n) = try MetronRecordings.detail(MetronIssue.self, entry.file); return (i.id, i.marvelTitle, n)
        default: let (r, n) = try MetronRecordings.detail(MetronResource.self, entry.file); return (r.summary.id, r.summary.name, n)
        }
    }

    func testBlackBolt() throws {
        let (c, notes) = try MetronRecordings.detail(MetronCharacter.self, "character_1.json")
        XCTAssertEqual(notes, [])
        XCTAssertEqual(c.summary.name, "Black Bolt")
        XCTAssertEqual(c.pictureAndPage.image, "https://static.metron.cloud/media/character/2018/11/11/black-bolt.jpg")
        XCTAssertEqual(c.creators.map(\.name), ["Jack Kirby", "Stan Lee"])
        XCTAssertEqual(c.teams.map(\.id), [473, 179, 1])
        XCTAssertEqual(c.universes.count, 4)
        XCTAssertTrue(c.desc.hasPrefix("Black Bolt (Blackagar Boltagon)"))
    }

    func testCharacterSearchPagesAndTheirItemsCarryNoImage() throws {
        let first = try MetronRecordings.page(MetronSummary.self, "character__name-man.json")
        XCTAssertEqual(first.count, 1371)
        XCTAssertEqual(first.results.first, try summary(6029, "'Mazing Man", "2021-03-12T14:42:27.453937-05:00"))
        XCTAssertEqual(first.next?.absoluteString, "https://metron.cloud/api/character/?name=man&page=2")
        XCTAssertNil(first.previous)
        let last = try MetronRecordings.page(MetronSummary.self, "character__name-man_page-14.json")
        XCTAssertEqual(last.results.count, 71)
        XCTAssertNil(last.next)
    }

    func testACharactersIssueListSpansSixPagesOf537() throws {
        var ids = Set<Int>()
        for file in ["character_1_issue_list.json"] + (2...6).map({ "character_1_issue_list__page-\($0).json" }) {
            let page = try MetronRecordings.page(MetronIssueSummary.self, file)
            XCTAssertEqual(page.count, 537)
            XCTAssertTrue(page.results.allSatisfy { $0.image?.hasPrefix("https://static.metron.cloud/media/") == true }, file)
            ids.formUnion(page.results.map(\.id))
        }
        XCTAssertEqual(ids.count, 537)
        let first = try MetronRecordings.page(MetronIssueSummary.self, "character_1_issue_list.json").results[0]
        XCTAssertEqual(first.displayName, "Fantastic Four (1961) #45")
        XCTAssertEqual(first.series.yearBegan, 1961)
        XCTAssertEqual(first.number, "45")
        XCTAssertNil(first.storeDate)
    }

    func testIssueOne() throws {
        let (issue, notes) = try MetronRecordings.detail(MetronIssue.self, "issue_1.json")
        XCTAssertEqual(notes, [])
        XCTAssertEqual(issue.marvelTitle, "Death of the Inhumans (2018) #1")
        XCTAssertEqual(issue.series.type, "Limited Series")
        XCTAssertEqual(issue.storyTitles, ["Chapter One: Vox"])
        XCTAssertEqual(issue.price, 4.99)
        XCTAssertEqual(issue.pageCount, 40)
        XCTAssertEqual(issue.credits.count, 9)
        XCTAssertEqual(issue.credits.first { $0.creator.name == "Donny Cates" }?.roles, ["Writer"])
        XCTAssertEqual(issue.characters.first?.name, "Black Bolt")
    }

    func testOddValuesAreToleratedWithOneLineEach() throws {
        let (arc, arcNotes) = try MetronRecordings.detail(MetronArc.self, "arc_500.json")
        XCTAssertEqual(arc.summary.id, 5)
        XCTAssertEqual(arc.summary.name, "10")
        XCTAssertEqual(arcNotes, ["arc_500.json: name is the number 10, read as text"])
        let (issue, issueNotes) = try MetronRecordings.detail(MetronIssue.self, "issue_150.json")
        XCTAssertEqual(issue.number, "20")
        XCTAssertEqual(issueNotes, ["issue_150.json: number is the number 20, read as text"])
        let (series, seriesNotes) = try MetronRecordings.detail(MetronSeries.self, "series_150.json")
        XCTAssertEqual(series.summary.name, "50")
        XCTAssertEqual(seriesNotes.count, 2, "\(seriesNotes)")
    }

    func testSeriesAndCreators() throws {
        let batman = try MetronRecordings.page(MetronSeriesSummary.self, "series__name-batman.json")
        XCTAssertEqual(batman.count, 393)
        XCTAssertEqual(batman.results[0].name, "Absolute Batman (2024)")
        XCTAssertEqual(batman.results[0].issueCount, 13)
        let (kirby, _) = try MetronRecordings.detail(MetronCreator.self, "creator_3.json")
        XCTAssertEqual(kirby.summary.name, "Jack Kirby")
        XCTAssertEqual(kirby.birth, "1917-08-28")
        let (series, _) = try MetronRecordings.detail(MetronSeries.self, "series_1.json")
        XCTAssertEqual(series.seriesType, "Limited Series")
        XCTAssertEqual(series.publisher, "Marvel")
        XCTAssertEqual(series.yearEnd, 2018)
    }

    private func summary(_ id: Int, _ name: String, _ modified: String) throws -> MetronSummary {
        var fields = MetronFields(["id": id, "name": name, "modified": modified], place: "test")
        return try MetronSummary(fields: &fields)
    }
}
