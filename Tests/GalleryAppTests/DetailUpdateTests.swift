import XCTest
@testable import GalleryApp
import TerminalUI

/// `update` on the detail pages: opening, the error modal going back, tabs, the strip (paging,
/// prefetch, opening a comic), links, resize keeping the place.
final class DetailUpdateTests: XCTestCase {
    private func grid(_ width: Int = 120, _ height: Int = 40) -> Harness {
        var h = Harness(size: Size(width: width, height: height), count: 120)
        h.send(.resized(Size(width: width, height: height)))
        h.answerAll()
        return h
    }

    func testEnterOpensTheSelectedCharacterAndShowsLoadingThenDetails() throws {
        var h = grid()
        h.key(.right)
        let selected = try XCTUnwrap(h.state.current.selectedItem)
        let effects = h.key(.enter)
        let page = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(page.subject, .character(selected.id))
        XCTAssertTrue(effects.contains(.detail(.load(DetailRequest(pageID: page.pageID, subject: .character(selected.id))))))
        XCTAssertTrue(h.detailText.contains(Strings(.en)[.detailLoading] + " " + selected.name), "loading view")
        h.answerDetails(effects)
        let text = h.detailText
        XCTAssertTrue(text.contains("Spider-Man"))
        XCTAssertTrue(text.contains("Modified Apr 29, 2014"))
        XCTAssertTrue(text.contains("1 Comics 45"), text)
        XCTAssertTrue(text.contains("3 Stories 1,562"), "counts formatted for the locale")
    }

    func testLoadErrorShowsModalAndDismissingRestoresTheGridExactly() throws {
        var h = grid()
        for _ in 0..<9 { h.key(.down) }
        h.key(.right)
        let before = h.state.lists
        let thumbnailsBefore = h.state.thumbnails
        let selected = try XCTUnwrap(h.state.current.selectedItem)
        h.openAndLoad(failing: [.character(selected.id)])
        let text = h.detailText
        XCTAssertTrue(text.contains("Could not open"), text)
        XCTAssertTrue(text.contains("HTTP 404: no such id"))
        XCTAssertTrue(text.contains(selected.name), "the grid stays visible under the modal")

        let effects = h.key(.escape)
        XCTAssertTrue(h.state.details.isEmpty)
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertEqual(h.state.lists, before, "same items, selection and scroll position")
        XCTAssertEqual(h.state.thumbnails, thumbnailsBefore)
        XCTAssertFalse(effects.contains { if case .fetchPage = $0 { true } else { false } }, "nothing re-fetched")
        XCTAssertFalse(h.detailText.contains("Could not open"))
    }

    func testAnErrorOnAStandaloneDetailQuitsWhenDismissed() {
        var h = Harness(size: Size(width: 120, height: 40))
        let effects = h.state.openDetail(.character(7), standalone: true)
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertTrue(h.pendingFetches.isEmpty, "no grid behind a standalone detail")
        h.answerDetails(effects, failing: [.character(7)])
        XCTAssertTrue(h.detailText.contains("HTTP 404"))
        // Nothing below it: the modal says a key quits, not that it goes back.
        XCTAssertTrue(h.detailText.contains("any key quits"), h.detailText)
        XCTAssertFalse(h.detailText.contains("goes back"))
        XCTAssertNil(h.state.details.standaloneFailure, "not before it is dismissed")
        XCTAssertEqual(h.key(.enter), [])
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertEqual(h.state.details.standaloneFailure, "HTTP 404: no such id", "the run ends as a failure")
    }

    /// A page opened from a standalone page that fails goes back to it: the run has not failed.
    func testAFailedPageAboveAStandaloneOneIsNotTheRunsFailure() {
        var h = Harness(size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerDetails(h.state.openDetail(.character(7), standalone: true))
        h.answerDetails(h.key(.enter), failing: [.comic(5000)])
        XCTAssertEqual(h.state.details.pages.count, 2)
        XCTAssertTrue(h.detailText.contains("any key goes back"), "a page is below this one")
        h.key(.enter)
        XCTAssertEqual(h.state.details.pages.count, 1)
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertNil(h.state.details.standaloneFailure)
    }

    func testTabAndNumberKeysSwitchTheRelatedListsAndEachKeepsItsPlace() throws {
        var h = grid()
        h.openAndLoad()
        let page = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(page.tab, .comics)
        XCTAssertTrue(h.detailText.contains("1 of 45 · ←/→ move"), "comics tab shows the cover strip")
        let toSeries = h.key(.tab)
        XCTAssertEqual(h.state.details.top?.tab, .series)
        XCTAssertTrue(toSeries.contains(.detail(.loadStrip(StripRequest(pageID: page.pageID, subject: page.subject,
                                                                         related: .series, offset: 0, limit: 20)))),
                      "the series come from /characters/{id}/series")
        h.answerDetails(toSeries)
        XCTAssertTrue(h.detailText.contains("Series 1"), h.detailText)
        h.key(.right)
        h.answerDetails(h.key(.char("3")))
        XCTAssertEqual(h.state.details.top?.tab, .stories)
        XCTAssertTrue(h.detailText.contains("3 Stories 1,562"), "counts formatted for the locale")
        h.key(.char("1"))
        XCTAssertEqual(h.state.details.top?.strip.selection, 0)
        let backToSeries = h.key(.char("2"))
        XCTAssertEqual(h.state.details.top?.strip.selection, 1, "the series strip kept its selection")
        XCTAssertFalse(backToSeries.contains { if case .detail(.loadStrip) = $0 { true } else { false } }, "nothing re-fetched")
        h.answerDetails(h.key(.char("4")))
        XCTAssertEqual(h.state.details.top?.tab, .events)
        h.key(.tab)
        XCTAssertEqual(h.state.details.top?.tab, .comics, "Tab wraps around")
        h.key(.char("9"))
        XCTAssertEqual(h.state.details.top?.tab, .comics, "no ninth list")
    }

    /// Series, events, stories and creators open pages of their own, with their own lists, and
    /// Esc comes back to exactly the tab, strip position and scroll that were shown.
    func testEveryRelatedTypeOpensItsOwnPageAndEscReturnsExactly() throws {
        var h = grid()
        h.openAndLoad()
        h.answerDetails(h.key(.char("2")))  // the character's series
        h.key(.right)
        h.key(.right)
        h.key(.char("j"))
        let character = try XCTUnwrap(h.state.details.top)
        h.answerDetails(h.key(.enter))
        let series = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(series.subject, .series(7002))
        XCTAssertEqual(series.subject.tabs, [.comics, .characters, .creators, .events, .stories])
        var text = h.detailText
        XCTAssertTrue(text.contains("Web of Spider-Man (1985 - 1995)"), text)
        XCTAssertTrue(text.contains("1985–1995 · Ongoing"))
        XCTAssertTrue(text.contains("Spidey swings through the eighties."))
        XCTAssertTrue(text.contains("3 Creators 3"))
        XCTAssertNotNil(series.requestedImage, "a series has a picture")

        // Its creators, then a creator's page, then a story without a picture.
        h.answerDetails(h.key(.char("3")))
        XCTAssertTrue(h.detailText.contains("Creators 1"))
        h.answerDetails(h.key(.enter))
        XCTAssertEqual(h.state.details.top?.subject, .creator(7000))
        XCTAssertEqual(h.state.details.top?.subject.tabs, [.comics, .series, .stories, .events])
        h.answerDetails(h.key(.char("3")))
        h.answerDetails(h.key(.enter))
        let story = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(story.subject, .story(7000))
        text = h.detailText
        XCTAssertTrue(text.contains("Interior story · First in Amazing Fantasy (1962) #15"), text)
        XCTAssertNil(story.requestedImage, "a story without a picture asks for none")
        XCTAssertTrue(h.state.isScreenComplete)
        // A page without links says so on `o` (it did nothing at all).
        XCTAssertTrue(h.key(.char("o")).isEmpty)
        XCTAssertTrue(h.detailText.contains("this page has no link to open"), h.detailText)

        for _ in 0..<3 { h.key(.escape) }
        XCTAssertEqual(h.state.details.top, character, "tab, strip selection and scroll as they were")
    }

    func testTabsWrapWhenTheyDoNotFitAndAClickShowsOne() throws {
        var h = grid(120, 40)
        h.openAndLoad()
        h.answerDetails(h.key(.char("2")))
        h.answerDetails(h.key(.enter))  // a series: five tabs, wider than the wide layout's text
        let lines = h.detailText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try XCTUnwrap(lines.firstIndex { $0.contains("1 Comics 45") })
        let second = try XCTUnwrap(lines.firstIndex { $0.contains("5 Stories 260") }, "the last tab is whole")
        XCTAssertGreaterThan(second, first, "on a second line")
        let row = lines[second]
        let x = row.distance(from: row.startIndex, to: try XCTUnwrap(row.range(of: "5 Stories")).lowerBound)
        h.answerDetails(h.send(.mouse(.press(x: x, y: second), atMillis: 0)))
        XCTAssertEqual(h.state.details.top?.tab, .stories)
    }

    func testAComicListsItsOneSeriesWithoutARequestAndOpensIt() throws {
        var h = grid()
        h.openAndLoad()
        h.answerDetails(h.key(.enter))  // the first comic
        XCTAssertEqual(h.state.details.top?.subject, .comic(5000))
        XCTAssertEqual(h.state.details.top?.tab, .characters)
        let effects = h.key(.char("3"))
        XCTAssertEqual(h.state.details.top?.tab, .series)
        XCTAssertFalse(effects.contains { if case .detail(.loadStrip) = $0 { true } else { false } },
                       "there is no /comics/{id}/series: the comic names its series")
        XCTAssertTrue(h.detailText.contains("1 of 1"))
        h.answerDetails(h.key(.enter))
        XCTAssertEqual(h.state.details.top?.subject, .series(9))
    }

    func testComicsStripPagesPrefetchesAndScrollsSideways() throws {
        var h = grid()
        let open = h.key(.enter)
        let pageID = try XCTUnwrap(h.state.details.top?.pageID)
        h.answerDetails(open.filter { if case .detail(.load) = $0 { true } else { false } }, rounds: 1)
        // Loading the character asked for the first strip page.
        let stripRequests = h.log.compactMap { effect -> StripRequest? in
            if case .detail(.loadStrip(let r)) = effect { r } else { nil }
        }
        XCTAssertEqual(stripRequests.first?.offset, 0)
        XCTAssertEqual(stripRequests.first?.limit, 20)
        h.answerDetails(stripRequests.map { .detail(.loadStrip($0)) }, rounds: 1)
        let strip = try XCTUnwrap(h.state.details.top?.strip)
        XCTAssertEqual(strip.items.count, 20)
        XCTAssertEqual(strip.total, 45)
        let visible = CoverStrip.visibleCount(width: h.state.detailLayout.viewport.width)
        XCTAssertEqual(strip.requested.count, min(20, 2 * visible), "covers on screen and one screen ahead")

        var pagesAsked = 1
        for _ in 0..<30 {
            for effect in h.key(.right) {
                if case .detail(.loadStrip(let r)) = effect {
                    XCTAssertEqual(r.offset, 20 * pagesAsked)
                    pagesAsked += 1
                    h.send(.detail(.stripLoaded(r, .success(FakeDetails.strip(r)))))
                }
            }
        }
        let after = try XCTUnwrap(h.state.details.top?.strip)
        XCTAssertEqual(after.selection, 30)
        XCTAssertEqual(after.items.count, 45, "prefetched to the end, each comic once")
        XCTAssertEqual(pagesAsked, 3)
        XCTAssertGreaterThan(after.first, 0, "scrolled sideways")
        XCTAssertTrue(h.detailText.contains("31 of 45"))
        XCTAssertEqual(h.state.details.top?.pageID, pageID)
    }

    func testEnterOnACoverOpensTheComicAndEscTwiceReturnsToTheSameGridPosition() throws {
        var h = grid()
        for _ in 0..<5 { h.key(.down) }
        h.key(.right)
        let lists = h.state.lists
        h.openAndLoad()
        h.answerDetails(h.key(.right))
        h.answerDetails(h.key(.enter))
        let comic = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(comic.subject, .comic(5001))
        let text = h.detailText
        XCTAssertTrue(text.contains("Amazing Fantasy (1962) #15"))
        XCTAssertTrue(text.contains("#15 · Comic · 36 pages"))
        XCTAssertTrue(text.contains("Stan Lee — writer"))
        XCTAssertTrue(text.contains("$0.12 (print) · $1.99 (digital)"))
        XCTAssertTrue(text.contains("The first appearance of Spider-Man!"), "HTML stripped")
        XCTAssertTrue(text.contains("Hero 1"), "the comic's characters strip")

        h.answerDetails(h.key(.enter))  // a character of the comic
        XCTAssertEqual(h.state.details.pages.count, 3)
        XCTAssertEqual(h.state.details.top?.subject, .character(1000))
        h.key(.escape)
        h.key(.escape)
        XCTAssertEqual(h.state.details.pages.count, 1)
        h.key(.escape)
        XCTAssertTrue(h.state.details.isEmpty)
        XCTAssertEqual(h.state.lists, lists)
    }

    /// `3` then Enter at once (type-ahead, a slow link): the Enter waits for the strip and opens
    /// its first item when it arrives; a key in between cancels it.
    func testEnterTypedBeforeTheStripArrivesOpensItsItemWhenItDoes() throws {
        var h = grid()
        h.openAndLoad()
        let pending = h.key(.char("3"))
        XCTAssertTrue(pending.contains { if case .detail(.loadStrip) = $0 { true } else { false } }, "\(pending)")
        XCTAssertTrue(h.key(.enter).isEmpty, "nothing to open yet")
        XCTAssertEqual(h.state.details.pages.count, 1)
        h.answerDetails(pending, rounds: 1)
        XCTAssertEqual(h.state.details.pages.count, 2, "the early Enter opened the strip's first item")
        let opened = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(opened.subject.kind, h.state.details.pages[0].tab)
        XCTAssertEqual(opened.subject.id, h.state.details.pages[0].strip.item(at: 0)?.id)

        h.key(.escape)
        let again = h.key(.char("4"))
        h.key(.enter)
        h.key(.char("j"))  // another key after the Enter: it no longer waits
        h.answerDetails(again, rounds: 1)
        XCTAssertEqual(h.state.details.pages.count, 1, "nothing opened after the later key")
    }

    func testLinksSelectAndOpenThroughTheOpenerEffect() throws {
        var h = grid()
        h.openAndLoad()
        XCTAssertEqual(h.key(.char("o")), [.detail(.openURL("https://marvel.com/characters/1000/detail"))])
        h.key(.char("u"))
        XCTAssertEqual(h.key(.char("o")), [.detail(.openURL("https://marvel.com/universe/1000"))])
        h.key(.char("U"))
        XCTAssertEqual(h.state.details.top?.linkIndex, 0)
        h.send(.detail(.linkOpened("https://marvel.com/universe/1000", opened: false)))
        XCTAssertTrue(h.detailText.contains("could not open (xdg-open); link: https://marvel.com/universe/1000"))
    }

    func testResizeSwitchesLayoutAndKeepsTheSameBlockOnScreen() throws {
        var h = grid(140, 20)
        h.openAndLoad()
        XCTAssertEqual(h.state.detailLayout.kind, .wide)
        for _ in 0..<5 { h.key(.char("j")) }
        let page = try XCTUnwrap(h.state.details.top)
        let wideDoc = try XCTUnwrap(h.state.detailDocument(page))
        let block = try XCTUnwrap(wideDoc.block(at: page.scrollTop))

        XCTAssertEqual(page.scrollTop, 5)
        h.send(.resized(Size(width: 70, height: 24)))
        XCTAssertEqual(h.state.detailLayout.kind, .narrow)
        let narrowPage = try XCTUnwrap(h.state.details.top)
        let narrowDoc = try XCTUnwrap(h.state.detailDocument(narrowPage))
        // The same block is on top, or (when the shorter document cannot scroll that far) on screen.
        let line = try XCTUnwrap(narrowDoc.line(of: block.name))
        let viewport = h.state.detailLayout.viewport.height
        XCTAssertTrue(narrowPage.scrollTop == line
                      || (narrowPage.scrollTop == narrowDoc.height - viewport && line < narrowPage.scrollTop + viewport),
                      "\(block.name) at \(line), scrolled to \(narrowPage.scrollTop)")
        XCTAssertGreaterThan(narrowPage.scrollTop, 0)

        h.send(.resized(Size(width: 180, height: 56)))
        XCTAssertEqual(h.state.detailLayout.kind, .backdrop)
        h.send(.resized(Size(width: 140, height: 20)))
        XCTAssertEqual(h.state.details.top?.scrollTop, page.scrollTop, "back where it was")
    }

    func testPictureIsAskedAtTheLayoutSize() throws {
        var h = grid(140, 40)
        h.openAndLoad()
        let image = try XCTUnwrap(h.state.details.top?.image)
        XCTAssertEqual(Size(width: image.cols, height: image.rows), h.state.detailLayout.pictureSize)
        let effects = h.send(.resized(Size(width: 180, height: 56)))
        let asked = effects.compactMap { effect -> [ThumbnailKey]? in
            if case .detail(.loadImages(.main, let keys)) = effect { keys } else { nil }
        }.flatMap { $0 }
        XCTAssertEqual(asked.map { Size(width: $0.columns, height: $0.rows) }, [Size(width: 72, height: 54)], "a whole portrait beside the panel")
        XCTAssertNotNil(h.state.details.top?.image, "the old size stays drawn while the new one loads")
    }

    func testClicksSelectCoversAndLinksAndASecondClickOpens() throws {
        var h = grid(120, 40)
        h.openAndLoad()
        let page = try XCTUnwrap(h.state.details.top)
        let doc = try XCTUnwrap(h.state.detailDocument(page))
        let viewport = h.state.detailLayout.viewport
        let stripY = viewport.y + (try XCTUnwrap(doc.stripLine)) - page.scrollTop
        let thirdX = viewport.x + 2 * (CoverStrip.coverColumns + CoverStrip.gap) + 1
        h.send(.mouse(.press(x: thirdX, y: stripY + 2), atMillis: 0))
        XCTAssertEqual(h.state.details.top?.strip.selection, 2)
        h.answerDetails(h.send(.mouse(.press(x: thirdX, y: stripY + 2), atMillis: 5000)))
        XCTAssertEqual(h.state.details.top?.subject, .comic(5002), "a click on the selected cover opens it")
        h.key(.escape)
        let linksY = viewport.y + (try XCTUnwrap(doc.line(of: "links"))) - page.scrollTop
        h.send(.mouse(.press(x: viewport.x + 5, y: linksY + 2), atMillis: 9000))
        XCTAssertEqual(h.state.details.top?.linkIndex, 1, "the second link")
    }

    func testScreenIsCompleteOnlyWhenTheDetailIsFullyDrawn() throws {
        var h = Harness(size: Size(width: 120, height: 40))
        let open = h.state.openDetail(.character(3), standalone: true)
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertFalse(h.state.isScreenComplete, "loading")
        let loaded = h.send(.detail(.loaded(DetailRequest(pageID: 1, subject: .character(3)),
                                            .success(.character(FakeDetails.character(id: 3))))))
        XCTAssertEqual(open.count, 1)
        XCTAssertFalse(h.state.isScreenComplete, "picture and covers still loading")
        h.answerDetails(loaded)
        XCTAssertTrue(h.state.isScreenComplete)
        h.send(.resized(Size(width: 180, height: 56)))
        XCTAssertFalse(h.state.isScreenComplete, "the backdrop picture is another size")
    }

    /// Any key at any size, answers included, never traps and always draws (deterministic).
    func testRandomKeysAndSizesNeverBreakTheDetailPages() {
        var h = grid()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let keys: [KeyEvent] = [.enter, .enter, .escape, .tab, .left, .right, .right, .up, .down, .pageDown, .pageUp,
                                .home, .end, .char("1"), .char("4"), .char("u"), .char("o"), .char("q"), .char("?"),
                                .char("j"), .char("k"), .char("r"), .backspace, .char("2\u{301}")]
        let sizes = [Size(width: 120, height: 40), Size(width: 70, height: 24), Size(width: 180, height: 56),
                     Size(width: 24, height: 11), Size(width: 10, height: 5), Size(width: 100, height: 12)]
        for step in 0..<600 {
            if step % 25 == 0 { h.send(.resized(sizes[next(sizes.count)])) }
            let key = keys[next(keys.count)]
            // q and Esc on the grid quit the program, and q on the too-small screen: stay in it.
            if (key == .char("q") || key == .escape) && h.state.details.isEmpty && h.state.search == nil { continue }
            if key == .char("q") && h.state.isTooSmall { continue }
            h.answerDetails(h.key(key), failing: step % 7 == 0 ? [.comic(5001)] : [])
            _ = h.detailText
            guard !h.state.isQuitting else { return XCTFail("quit at step \(step) on \(key)") }
        }
    }
}
