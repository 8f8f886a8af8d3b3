import Foundation
import TestSupport
import XCTest

/// Every `--plain` / `--json` output of Marvel data carries the credit the contract asks for,
/// in the same place (a line on stderr, after the data): the listings and details had it,
/// `favourites` and `recent` printed saved Marvel names with none.
final class PlainAttributionEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try Prerequisites.program()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-credit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data/marvel-gallery"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The program with `arguments` (`program: false`: `arguments` is a command that names it as "$1").
    private func run(_ arguments: [String], program: Bool = true) throws -> (status: Int32, output: String) {
        let command = program ? [RepoPaths.executable.path] + arguments
            : Array(arguments.prefix(4)) + [RepoPaths.executable.path] + arguments.dropFirst(4)
        return try Spawn.status(["/usr/bin/env", "XDG_DATA_HOME=\(folder.path)/data", "XDG_CACHE_HOME=\(folder.path)/cache",
                                 "XDG_CONFIG_HOME=\(folder.path)/config", "MARVEL_PUBLIC_KEY=", "MARVEL_PRIVATE_KEY=", "MARVEL_BASE_URL="]
                                + command)
    }

    /// A saved list file as the gallery writes it: (kind, id, name, source) per entry.
    private func save(_ file: String, _ entries: [(String, Int, String, String)]) throws {
        let rows = entries.map { kind, id, name, source in
            #"{"kind":"\#(kind)","id":\#(id),"name":"\#(name)","resourceURI":"http://gateway.marvel.com/v1/public/\#(kind)/\#(id)","source":"\#(source)","at":"2026-11-26T06:00:00Z"}"#
        }
        try Data(#"{"version":1,"entries":[\#(rows.joined(separator: ","))]}"#.utf8)
            .write(to: folder.appendingPathComponent("data/marvel-gallery/\(file)"))
    }

    func testSavedListsCarryTheListingsAttributionInPlainAndJSON() throws {
        // The credit line the listing prints for the built-in catalog.
        let listing = try run(["characters", "--plain", "--limit", "1"])
        XCTAssertEqual(listing.status, 0, listing.output)
        let credit = try XCTUnwrap(listing.output.split(separator: "\n").first { $0.hasPrefix("Data provided by Marvel") },
                                   listing.output)
        try save("favourites.json", [("characters", 1011334, "3-D Man", "offline catalog"), ("comics", 60095, "Some Comic", "Marvel API")])
        try save("history.json", [("characters", 1009610, "Spider-Man", "http://127.0.0.1:9/mirror")])
        for arguments in [["favourites", "--plain"], ["favourites", "--json"], ["recent", "--plain"], ["recent", "--json"]] {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 0, "\(arguments): \(output)")
            let lines = output.split(separator: "\n")
            XCTAssertEqual(lines.filter { $0 == credit }.count, 1, "\(arguments): the listing's credit once:\n\(output)")
            let stdout = try run(["/bin/sh", "-c", "exec \"$@\" 2>/dev/null", "sh"] + arguments, program: false).output
            XCTAssertFalse(stdout.contains("Data provided by"), "\(arguments): on stderr, as the listings put it:\n\(stdout)")
            XCTAssertFalse(output.contains("Metron"), "\(arguments): no other source's credit:\n\(output)")
        }
    }

    /// A mirror whose envelopes leave out `attributionText`: the listing and the detail still
    /// credit Marvel's data, as the gallery's header does (the listing printed no credit at all).
    func testAMirrorWithoutAttributionStillGetsMarvelsCredit() throws {
        let character = #"{"id":1011334,"name":"3-D Man","description":"","thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784","extension":"jpg"}}"#
        let server = try LoopbackHTTPServer { request in
            let body = #"{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[\#(character)]}}"#
            return .respond(status: 200, body: Data(body.utf8))
        }
        for arguments in [["characters", "--plain"], ["characters", "--json"], ["character", "1011334", "--plain"]] {
            let (status, output) = try run(arguments + ["--no-cache", "--base-url", server.baseURL.absoluteString])
            XCTAssertEqual(status, 0, "\(arguments): \(output)")
            XCTAssertTrue(output.contains("3-D Man"), "\(arguments): \(output)")
            XCTAssertTrue(output.split(separator: "\n").contains("Data provided by Marvel. © 2023 MARVEL"), "\(arguments): \(output)")
        }
    }

    /// A record saved from a live source gets that source's credit (the entry says only
    /// "live source"); an empty list prints no Marvel data and no credit.
    func testALiveSourcesRecordGetsItsCreditAndAnEmptyListNone() throws {
        try save("favourites.json", [("characters", 1, "Hulk", "live source"), ("characters", 1011334, "3-D Man", "offline catalog")])
        let (status, output) = try run(["favourites", "--plain"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("\nData provided by Metron (https://metron.cloud), licensed CC BY-SA 4.0"), output)
        XCTAssertTrue(output.contains("\nData provided by Marvel. © 2023 MARVEL\n"), output)
        let empty = try run(["recent", "--plain"])
        XCTAssertEqual(empty.status, 0, empty.output)
        XCTAssertEqual(empty.output, "0 pages\n")
    }
}
