import Foundation
import TestSupport
import XCTest

/// Search on a Marvel mirror (issue 22, item 2): the grid asks the server for the names that
/// start with the text (`nameStartsWith`, once the typing pauses) and follows them with the
/// loaded names that hold it elsewhere; `--plain --search` does the same. The mirror here is
/// written for the test and does only what the contract says: `nameStartsWith` (case folded),
/// `orderBy=name`, `limit`, `offset`, and a 409 for a parameter it does not know
/// (`nameContains` is not the Marvel API's).
final class MirrorSearchEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    /// 600 names in name order: "Aspic" (holds "spi" inside; first, so it is loaded at once),
    /// 596 fillers (B… to S…, none starting with "spi"), and the four "Spi…" names at the end.
    static let names: [String] = {
        let fillers = (0..<596).map { n -> String in
            let letters = Array("BCDEFGHIJKLMNOPQRS")
            return "\(letters[n / 34])\(String(UnicodeScalar(UInt8(97 + (n % 34) / 2)))) Filler \(n)"
        }
        return (["Aspic", "Spider-Girl", "Spider-Man", "Spiral", "Spitfire"] + fillers).sorted()
    }()

    static let known: Set<String> = ["name", "nameStartsWith", "modifiedSince", "comics", "series", "events", "stories",
                                     "orderBy", "limit", "offset", "apikey", "ts", "hash"]

    private func contractMirror() throws -> LoopbackHTTPServer {
        let all = Self.names.enumerated().map { (id: 1000 + $0.offset, name: $0.element) }
        return try LoopbackHTTPServer { request in
            guard request.path == "/v1/public/characters" else {
                return .respond(status: 404, body: Data(#"{"code":"ResourceNotFound","message":"not here"}"#.utf8))
            }
            let query = request.query
            if let unknown = query.keys.first(where: { !Self.known.contains($0) }) {
                return .respond(status: 409, body: Data(#"{"code":409,"status":"We don't recognize the parameter \#(unknown)"}"#.utf8))
            }
            let limit = min(100, Int(query["limit"] ?? "20") ?? 20)
            let offset = Int(query["offset"] ?? "0") ?? 0
            let prefix = query["nameStartsWith"]?.lowercased()
            let matching = all.filter { prefix == nil || $0.name.lowercased().hasPrefix(prefix!) }
            let page = matching.dropFirst(offset).prefix(limit)
            let results = page.map { #"{"id":\#($0.id),"name":"\#($0.name)","description":"","thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available","extension":"jpg"}}"# }
            let body = #"{"code":200,"status":"Ok","attributionText":"Data provided by Marvel. © 2014 Marvel","data":{"offset":\#(offset),"limit":\#(limit),"total":\#(matching.count),"count":\#(page.count),"results":[\#(results.joined(separator: ","))]}}"#
            return .respond(status: 200, body: Data(body.utf8))
        }
    }

    private func searches(_ server: LoopbackHTTPServer) -> [String] {
        server.requests.compactMap { $0.query["nameStartsWith"] }
    }

    func testGridSearchAsksTheMirrorForNameStartsAndKeepsTheLoadedMatchesAfter() throws {
        try Prerequisites.tmux()
        let server = try contractMirror()
        let cache = try temporaryDirectory()
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --no-cache --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 120, height: 40, environment: ["XDG_CACHE_HOME": cache.path])
        let first = tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).names.contains("Aspic") }
        XCTAssertFalse(first.contains("Spiral"), "Spiral is far past the first pages")
        let loaded = server.requests.filter { $0.query["nameStartsWith"] == nil }.count
        XCTAssertGreaterThan(loaded, 0)

        tmux.send("/")
        tmux.type("spi")
        // tmux 3.3 has no synchronized output, so a capture can fall between two reads of one
        // frame; the status line is the frame's last row, so waiting for the search's status
        // means every row above it is this frame's.
        let screen = tmux.waitFor("the server's Spi… names, then Aspic, and the search's status", timeout: 30) {
            let names = GalleryScreen($0).names
            return names.contains("Spiral") && names.contains("Spitfire") && names.contains("Aspic")
                && GalleryScreen($0).status.contains("+ 1 of the")
        }
        let names = GalleryScreen(screen).names
        XCTAssertEqual(names, ["Spider-Girl", "Spider-Man", "Spiral", "Spitfire", "Aspic"],
                       "the server's name starts first, then the loaded name holding the text elsewhere")
        XCTAssertTrue(GalleryScreen(screen).status.contains("+ 1 of the"), GalleryScreen(screen).status)
        XCTAssertEqual(searches(server), ["spi"], "one request for the typed text, none per keystroke")
        XCTAssertFalse(server.requests.contains { $0.query["nameContains"] != nil }, "only the contract's parameters")

        // Typing on: one request per pause, the local matches follow.
        tmux.type("der")
        let spider = tmux.waitFor("the Spider names", timeout: 30) {
            GalleryScreen($0).names == ["Spider-Girl", "Spider-Man"]
        }
        XCTAssertFalse(spider.contains("No characters"), spider)
        XCTAssertEqual(searches(server), ["spi", "spider"])

        tmux.send("Escape")
        tmux.waitFor("the list back", timeout: 20) { GalleryScreen($0).names.contains("Aspic") && !$0.contains("Spiral") }
        tmux.send("q")
        print("mirror search: requests \(server.requests.count), nameStartsWith sent: \(searches(server))")
    }

    func testPlainSearchOnTheMirrorPutsTheServersStartsFirst() throws {
        let server = try contractMirror()
        let r = try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(try temporaryDirectory().path)", executable.path,
                                  "characters", "--plain", "--no-cache", "--search", "spi", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(r.status, 0, r.output)
        let names = r.output.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }
        XCTAssertEqual(names, ["Spider-Girl", "Spider-Man", "Spiral", "Spitfire", "Aspic"], r.output)
        XCTAssertTrue(searches(server).contains("spi"), "\(server.requests.map(\.target))")
        XCTAssertFalse(server.requests.contains { $0.query["nameContains"] != nil })
    }
}
