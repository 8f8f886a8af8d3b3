import Foundation
import TestSupport
import XCTest

/// Search matches anywhere in a name (issue 15, item 2) in plain output and in the grid: the
/// built-in catalog searches itself (`nameContains`); a mirror that ignores every filter
/// parameter gets no unknown parameter (only the contract's `nameStartsWith`, issue 22), the
/// names it sends are checked here, the rest are matched here, and both outputs say so.
final class SearchAnywhereEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    private func run(_ arguments: [String], cache: URL) throws -> (status: Int32, output: String) {
        try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", executable.path] + arguments)
    }

    /// A mirror that answers every characters request with the same seven names, whatever the
    /// parameters (it ignores `nameStartsWith` too), in name order.
    private static let mirrorNames = ["Ant-Man", "Human Torch", "Iron Man", "Man-Thing", "Mantis",
                                      "Spider-Man (Peter Parker)", "Thor"]

    private func ignoringMirror() throws -> LoopbackHTTPServer {
        let records = Self.mirrorNames.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element)"}"# }
        let body = Data(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":100,"total":7,"count":7,"results":[\#(records.joined(separator: ","))]}}"#.utf8)
        return try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
    }

    func testPlainSearchOnTheBuiltInCatalogMatchesAnywhere() throws {
        let cache = try temporaryDirectory()
        let man = try run(["characters", "--plain", "--search", "man", "--limit", "200"], cache: cache)
        XCTAssertEqual(man.status, 0, man.output)
        let names = man.output.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }
        XCTAssertTrue(names.contains("Spider-Man (Peter Parker)"), "\(names)")
        XCTAssertTrue(names.contains("Iron Man"), "\(names)")
        // Name starts (Man-Thing), then word starts (Spider-Man, Iron Man), then the rest (Human Torch).
        let ranks = names.map { name -> Int in
            let lower = name.lowercased()
            XCTAssertTrue(lower.contains("man"), name)
            if lower.hasPrefix("man") { return 0 }
            return " \(lower)".map { "-(/.".contains($0) ? " " : $0 }.map(String.init).joined().contains(" man") ? 1 : 2
        }
        XCTAssertEqual(ranks, ranks.sorted(), "\(names)")
        XCTAssertEqual(Set(ranks), [0, 1, 2], "\(names)")
        XCTAssertFalse(man.output.contains("searched"), "the built-in catalog searched itself: \(man.output)")
        let comics = try run(["comics", "--plain", "--title", "spider-man", "--limit", "300"], cache: cache)
        XCTAssertEqual(comics.status, 0, comics.output)
        XCTAssertTrue(comics.output.contains("Amazing Spider-Man"), "titles containing the text: \(comics.output)")
        let arana = try run(["characters", "--json", "--search", "arana"], cache: cache)
        XCTAssertEqual(arana.status, 0, arana.output)
        XCTAssertTrue(arana.output.contains("Araña"), "accents folded: \(arana.output)")
    }

    func testPlainSearchOnAMirrorThatIgnoresTheParameterMatchesHereAndSaysSo() throws {
        let server = try ignoringMirror()
        let r = try run(["characters", "--plain", "--search", "man", "--base-url", server.baseURL.absoluteString],
                        cache: try temporaryDirectory())
        XCTAssertEqual(r.status, 0, r.output)
        let names = r.output.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }
        XCTAssertEqual(names, ["Man-Thing", "Mantis", "Ant-Man", "Iron Man", "Spider-Man (Peter Parker)", "Human Torch"],
                       "name starts, then word starts, then the rest; Thor left out")
        XCTAssertTrue(r.output.contains("6 matches: 2 name starts from the server, then the rest searched in all 7 names here"), r.output)
        XCTAssertFalse(server.requests.contains { $0.target.contains("nameContains") },
                       "a strict server would refuse a parameter it does not know: \(server.requests.map(\.target))")
        XCTAssertTrue(server.requests.contains { $0.query["nameStartsWith"] == "man" }, "the contract's name-start search")
    }

    func testGridSearchOnAMirrorThatIgnoresTheParameterFiltersTheLoadedNamesAndSaysSo() throws {
        try Prerequisites.tmux()
        let server = try ignoringMirror()
        let cache = try temporaryDirectory()
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 120, height: 40, environment: ["XDG_CACHE_HOME": cache.path])
        tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).names.contains("Thor") }
        let requestsBefore = server.requests.count
        tmux.send("/")
        tmux.type("man")
        // The notice and the local matches can be drawn a frame before the server's starts.
        let screen = tmux.waitFor("the server's starts, the local matches and the notice", timeout: 20) {
            $0.contains("+ 4 of the 7 loaded names") && !GalleryScreen($0).names.contains("Thor")
                && GalleryScreen($0).names.contains("Mantis")
        }
        let names = GalleryScreen(screen).names
        XCTAssertEqual(names.first, "Man-Thing", "\(names)")
        XCTAssertTrue(names.contains { $0.hasPrefix("Spider-Man") }, "\(names)")
        // One name-start request (the mirror ignores it and sends all seven: only Man-Thing and
        // Mantis are kept from it); nothing the contract does not have.
        let searches = server.requests.dropFirst(requestsBefore).map(\.target)
        XCTAssertEqual(searches.filter { $0.contains("nameStartsWith=man") }.count, 1, "\(searches)")
        XCTAssertFalse(searches.contains { $0.contains("nameContains") }, "\(searches)")
        tmux.send("Escape")
        tmux.waitFor("the list back", timeout: 20) { GalleryScreen($0).names.contains("Thor") }
    }
}
