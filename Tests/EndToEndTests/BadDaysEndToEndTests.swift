import Foundation
import Synchronization
import TestSupport
import XCTest

/// The built executable on bad days: hostile files, a server that repeats itself, signals,
/// bad arguments (issue 17).
final class BadDaysEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String, seconds: Double) {
        let start = Date()
        var argv = [executable.path] + arguments
        if !environment.isEmpty {
            argv = ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" } + argv
        }
        let r = try Spawn.status(argv)
        return (r.status, r.output, Date().timeIntervalSince(start))
    }

    // MARK: render

    func testRenderDevZeroFailsAtOnceWithAClearError() throws {
        let r = try run(["render", "/dev/zero"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.output.contains("/dev/zero: is a device, not a regular file"), r.output)
        XCTAssertLessThan(r.seconds, 10, "it used to read forever")
    }

    func testRenderAFIFOFailsWithoutWaitingForAWriter() throws {
        let fifo = try temporaryDirectory().appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let r = try run(["render", fifo])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.output.contains("is a FIFO (pipe), not a regular file"), r.output)
    }

    func testServeWithAFIFOKeyFileFailsInOneLineNotAsAUsageError() throws {
        let fifo = try temporaryDirectory().appendingPathComponent("key").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let r = try run(["serve", "--port", "0", "--public-key", "pub", "--private-key-file", fifo])
        XCTAssertEqual(r.status, 1, "a key file nobody writes to is a bad day, not a usage mistake (64): \(r.output)")
        XCTAssertTrue(r.output.contains("is a FIFO (named pipe) with nothing writing to it"), r.output)
        XCTAssertFalse(r.output.contains("Usage:"), r.output)
    }

    func testRenderBombsEndWithTypedErrorsAndBoundedMemory() throws {
        let dir = try temporaryDirectory()
        let gif = dir.appendingPathComponent("frame-bomb.gif"), png = dir.appendingPathComponent("ztxt-bomb.png")
        try Data(Bombs.gifFrameBomb()).write(to: gif)
        try Data(Bombs.pngTextBomb()).write(to: png)
        // /usr/bin/time -v reports the child's peak RSS ("Maximum resident set size (kbytes)").
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw XCTSkip("/usr/bin/time is not installed") }
        for (file, expectSuccess) in [(gif, false), (png, true)] {
            let start = Date()
            let r = try Spawn.status(["/usr/bin/time", "-v", executable.path, "render", "--size", "20x10", file.path])
            let seconds = Date().timeIntervalSince(start)
            XCTAssertEqual(r.status, expectSuccess ? 0 : 1, r.output)
            if !expectSuccess { XCTAssertTrue(r.output.contains("GIF too costly to decode"), r.output) }
            let kb = r.output.split(separator: "\n").first { $0.contains("Maximum resident set size") }
                .flatMap { $0.split(separator: ":").last }.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let peak = try XCTUnwrap(kb, r.output) * 1024
            XCTAssertLessThan(peak, 300 << 20, "\(file.lastPathComponent): peak \(peak) bytes")
            XCTAssertLessThan(seconds, 10, "\(file.lastPathComponent): \(seconds) s (the unbounded decoders took 20-30 s)")
            print("bomb \(file.lastPathComponent): \(String(format: "%.2f", seconds)) s, peak RSS \(peak >> 20) MB")
        }
    }

    func testATruncatedJPEGIsShownButSaidToBeDamaged() throws {
        let original = try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent("images/sample.jpg"))
        let file = try temporaryDirectory().appendingPathComponent("cut.jpg")
        try Data(Bombs.truncatedJPEG(Array(original))).write(to: file)
        let r = try run(["render", "--size", "20x10", file.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.output.contains("damaged JPEG (shown as far as it decodes)"), r.output)
        XCTAssertTrue(r.output.contains("▀"), "the recovered part is drawn")
    }

    // MARK: paging

    func testAServerThatIgnoresOffsetCostsFewRequestsAndEndsWithAClearError() throws {
        let ids = (1...20).map { #"{"id":\#($0),"name":"Hero \#($0)"}"# }.joined(separator: ",")
        let body = Data(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":100000,"count":20,"results":[\#(ids)]}}"#.utf8)
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let r = try run(["characters", "--plain", "--limit", "100", "--base-url", server.baseURL.absoluteString],
                        environment: ["XDG_CACHE_HOME": try temporaryDirectory().path])
        // The first page's 20 are kept and printed; 20 of the 100 asked for: exit 3 (partial).
        XCTAssertEqual(r.status, 3, r.output)
        XCTAssertTrue(r.output.contains("the server repeats itself"), r.output)
        XCTAssertEqual(r.output.split(separator: "\n").filter { $0.contains("\tHero ") }.count, 20, r.output)
        XCTAssertLessThanOrEqual(server.requests.count, 10)
        print("offset-ignoring server: \(server.requests.count) requests")
    }

    /// The real 2014 recording with its first record's name removed: the other 19 are listed
    /// (plain) and drawn (grid), and the one unreadable record is counted, not fatal.
    func testTheNamelessRecordingShowsItsNineteenGoodRecords() throws {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared is absent: no recordings on this clone") }
        let data = try Data(contentsOf: shared.appendingPathComponent("marvel-recorded/o-i-marvel-2014/characters/characters.json"))
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var container = try XCTUnwrap(json["data"] as? [String: Any])
        var results = try XCTUnwrap(container["results"] as? [[String: Any]])
        let goodNames = results.dropFirst().compactMap { $0["name"] as? String }
        XCTAssertEqual(goodNames.count, 19)
        results[0].removeValue(forKey: "name")
        container["results"] = results
        json["data"] = container
        let body = try JSONSerialization.data(withJSONObject: json)
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let cache = try temporaryDirectory()
        let r = try run(["characters", "--plain", "--limit", "19", "--base-url", server.baseURL.absoluteString],
                        environment: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(r.status, 0, r.output)
        let listed = r.output.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }
        XCTAssertEqual(listed, goodNames)
        XCTAssertTrue(r.output.contains("1 record unreadable (skipped)"), r.output)

        guard TmuxSession.isAvailable else { return }
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 160, height: 50, environment: ["XDG_CACHE_HOME": cache.path])
        let screen = tmux.waitFor("the grid with the unreadable count", timeout: 30) {
            $0.contains("A-Bomb (HAS)") && $0.contains("1 unreadable (skipped)")
        }
        XCTAssertFalse(screen.contains("unexpected response JSON"), screen)
        print("nameless recording: \(listed.count) records listed, grid shows \(GalleryScreen(screen).names.count) tiles")
    }

    func testBaseURLWithAQueryKeepsTheAPIPath() throws {
        let body = Data(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":1,"name":"Solo"}]}}"#.utf8)
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let r = try run(["characters", "--plain", "--base-url", server.baseURL.absoluteString + "/?x=1"],
                        environment: ["XDG_CACHE_HOME": try temporaryDirectory().path])
        XCTAssertEqual(r.status, 0, r.output)
        let target = try XCTUnwrap(server.requests.first?.target)
        XCTAssertTrue(target.hasPrefix("/v1/public/characters?x=1&"), target)
    }

    func testCatalogImportOfAMissingPathFails() throws {
        let r = try run(["catalog", "import", "/nonexistent/marvel.json"],
                        environment: ["MARVEL_GALLERY_CATALOG": try temporaryDirectory().appendingPathComponent("c.sqlite").path])
        XCTAssertEqual(r.status, 1, r.output)
        XCTAssertTrue(r.output.contains("no such file or directory"), r.output)
    }

    // MARK: gallery

    /// Every thumbnail is a costly picture (an interlaced 4000x4000 GIF frame on a 100x100
    /// canvas: 16 M pixels, inside the pipeline's limit, so it is really decoded). Keys are
    /// still answered at once and `q` quits at once: decodes run on their own threads and
    /// are cancelled when their tiles go.
    func testWithEveryThumbnailABombTheGalleryAnswersAndQuitsAtOnce() throws {
        try Prerequisites.tmux()
        let bomb = Data(Bombs.gifFrameBomb(canvas: 100, frame: 4000, cycles: 3, interlaced: true))
        let server = try pictureMirror(count: 40, name: "Bomb", fileExtension: "gif") { _ in bomb }
        let cache = try temporaryDirectory()
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 120, height: 40, environment: ["XDG_CACHE_HOME": cache.path])
        tmux.waitFor("the grid", timeout: 30) { $0.contains("Bomb 1") }
        tmux.waitFor("the pictures to be asked for", timeout: 30) { _ in server.requests.contains { $0.target.contains("/img/") } }
        var start = Date()
        tmux.send("?")
        tmux.waitFor("the help overlay", timeout: 20) { $0.contains("any key closes this help") }
        let helpSeconds = Date().timeIntervalSince(start)
        tmux.send("Escape")
        // Wait until it is closed: an Escape followed at once by `q` would read as Alt-q.
        tmux.waitFor("the help to close", timeout: 20) { !$0.contains("any key closes this help") }
        start = Date()
        tmux.send("q")
        tmux.waitFor("the program to exit", timeout: 30) { $0.contains("EXIT:0") }
        let quitSeconds = Date().timeIntervalSince(start)
        print("bomb gallery: help after \(String(format: "%.2f", helpSeconds)) s, quit after \(String(format: "%.2f", quitSeconds)) s")
        // The unbounded gallery took 43-45 s to quit; generous ceilings for a loaded machine.
        XCTAssertLessThan(helpSeconds, 5)
        XCTAssertLessThan(quitSeconds, 10)
    }

    /// Truncated JPEG thumbnails are drawn and counted on the status line, and an image cache
    /// whose writes fail (its `tmp` folder is a file: ENOTDIR, whoever runs the test) says why,
    /// once, instead of only raising a counter.
    func testDamagedPicturesAndARefusingImageCacheAreSaidOnTheStatusLine() throws {
        try Prerequisites.tmux()
        let good = try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent("images/sample.jpg"))
        let cut = Data(Bombs.truncatedJPEG(Array(good)))
        let server = try pictureMirror(count: 12, name: "Pic", fileExtension: "jpg") { $0 % 2 == 1 ? cut : good }
        let dir = try temporaryDirectory()
        let images = dir.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data().write(to: images.appendingPathComponent("tmp"))
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(images.path)) --base-url \(server.baseURL.absoluteString)",
            width: 250, height: 40, environment: ["XDG_CACHE_HOME": dir.path])
        let screen = tmux.waitFor("both notices", timeout: 40) {
            $0.contains("Pic 1") && $0.contains("damaged picture(s) shown as far as they decode, not cached")
                && $0.contains("refused a write (Not a directory): pictures kept in memory")
        }
        XCTAssertEqual(screen.components(separatedBy: "refused a write").count - 1, 1, "said once")
        XCTAssertTrue(screen.contains("▀"), "the pictures are drawn all the same")
        let left = try FileManager.default.contentsOfDirectory(atPath: images.appendingPathComponent("entries").path)
        XCTAssertEqual(left, [], "nothing stored")
        tmux.send("q")
        tmux.waitFor("the program to exit", timeout: 30) { $0.contains("EXIT:0") }
    }

    /// Thumbnails that are no picture at all (an HTML page, 0 bytes) are not left as unexplained
    /// hatched tiles: the status line counts them and says why the last one failed.
    func testPicturesThatAreNoPicturesAreCountedOnTheStatusLineWithWhy() throws {
        try Prerequisites.tmux()
        let server = try pictureMirror(count: 12, name: "Pic", fileExtension: "jpg") {
            $0 % 2 == 1 ? Data("<html><body>Not found</body></html>".utf8) : Data()
        }
        let dir = try temporaryDirectory()
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(dir.appendingPathComponent("images").path)) --base-url \(server.baseURL.absoluteString)",
            width: 200, height: 40, environment: ["XDG_CACHE_HOME": dir.path])
        let screen = tmux.waitFor("the notice", timeout: 40) { $0.contains("12 picture(s) failed: ") }
        XCTAssertTrue(screen.contains("Pic 12"), screen)
        XCTAssertTrue(screen.contains("not a JPEG, PNG or GIF image") || screen.contains("empty input: no image data"), screen)
        tmux.send("q")
        tmux.waitFor("the program to exit", timeout: 30) { $0.contains("EXIT:0") }
    }

    /// A mirror of `count` characters "NAME 1"... whose thumbnails at `/img/ID/...` are
    /// `picture(ID)`.
    private func pictureMirror(count: Int, name: String, fileExtension: String,
                               picture: @escaping @Sendable (Int) -> Data) throws -> LoopbackHTTPServer {
        let base = Mutex<String>("")
        let server = try LoopbackHTTPServer { request in
            guard request.target.hasPrefix("/v1/public/characters") else {
                return .respond(status: 200, body: picture(Int(request.target.split(separator: "/").dropFirst().first ?? "") ?? 0))
            }
            let b = base.withLock { $0 }
            let records = (1...count).map {
                #"{"id":\#($0),"name":"\#(name) \#($0)","thumbnail":{"path":"\#(b)/img/\#($0)","extension":"\#(fileExtension)"}}"#
            }.joined(separator: ",")
            return .respond(status: 200, body: Data(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":\#(count),"total":\#(count),"count":\#(count),"results":[\#(records)]}}"#.utf8))
        }
        base.withLock { $0 = server.baseURL.absoluteString }
        return server
    }

    func testSIGTERMEndsTheGalleryWith143AndARestoredTerminal() throws {
        try Prerequisites.tmux()
        let cache = try temporaryDirectory()
        let pidFile = cache.appendingPathComponent("pid").path
        let tmux = try TmuxSession(
            command: "sh -c 'echo $$ > \(pidFile); exec \"$0\" characters --image-cache \(cache.path)' \(TmuxSession.quote(executable.path))",
            width: 120, height: 40, environment: ["XDG_CACHE_HOME": cache.path])
        tmux.waitFor("the grid", timeout: 30) { $0.contains("3-D Man") }
        let pid = try XCTUnwrap(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        tmux.waitFor("exit status 143", timeout: 20) { $0.contains("EXIT:143") }
        XCTAssertEqual(tmux.paneFlag("alternate_on"), "0")
        XCTAssertEqual(tmux.paneFlag("mouse_any_flag"), "0")
    }

    /// The ids the help offers as examples exist in the offline catalog.
    func testHelpExampleIDsResolveOffline() throws {
        let cache = try temporaryDirectory().path  // one catalog build for both
        for command in ["comic", "character", "creator", "event", "story"] {
            let help = try run([command, "--help"]).output
            let range = try XCTUnwrap(help.range(of: #"e\.g\. [0-9]+"#, options: .regularExpression), help)
            let id = String(help[range].dropFirst("e.g. ".count))
            let r = try run([command, id, "--plain"], environment: ["XDG_CACHE_HOME": cache])
            XCTAssertEqual(r.status, 0, "\(command) \(id): \(r.output)")
        }
    }

    /// A 2 MB tmpfs as the cache disk: the offline catalog cannot be built there (SQLite 13),
    /// so it is built in memory, the names are listed, the notice is given once, and no
    /// `*.building-PID` file stays. Needs root and mount(8); skipped elsewhere.
    func testAFullCacheDiskStillListsCharactersAndLeavesNoPartialFiles() throws {
        guard let disk = try SmallDisk.mount(megabytes: 2, under: try temporaryDirectory()) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(disk) {} }  // unmounted when released
        let dir = disk.url
        let r = try run(["characters", "--plain", "--limit", "5"], environment: ["XDG_CACHE_HOME": dir.path])
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertTrue(r.output.contains("3-D Man"), r.output)
        XCTAssertEqual(r.output.components(separatedBy: "in-memory catalog").count - 1, 1, r.output)
        let left = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String }.filter { $0.contains(".building-") }
        XCTAssertEqual(left, [])
    }

    // MARK: serve

    func testServeRefusesAPortOutOfRange() throws {
        let r = try run(["serve", "--port", "70000"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.output.contains("--port must be between 0 and 65535"), r.output)
    }

    func testServeRefusesANegativeAnswerCache() throws {
        let r = try run(["serve", "--answer-cache-mb=-1"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.output.contains("--answer-cache-mb must be between 0 and 65536"), r.output)
    }

    /// `--answer-cache-mb 0` (the contract bench's cold server) builds every answer: the same
    /// page twice, gzip and plain, is the same JSON with the same ETag (the gzip body's with `-gzip`).
    func testServeWithoutAnswerCacheBuildsTheSameAnswers() throws {
        let server = try ServeProcess(executable: executable, extraArguments: ["--answer-cache-mb", "0"])
        let url = server.baseURL.absoluteString + "/v1/public/comics?limit=100&offset=3&orderBy=-title"
        let plain = try Spawn.run(ServeProcess.curl, ["-s", "-i", "--max-time", "20", url])
        let gzip = try Spawn.run(ServeProcess.curl, ["-s", "-i", "--compressed", "--max-time", "20", url])
        func split(_ answer: String) -> (head: String, body: String) {
            let parts = answer.components(separatedBy: "\r\n\r\n")
            return (parts[0].lowercased(), parts.dropFirst().joined(separator: "\r\n\r\n"))
        }
        let (a, b) = (split(plain), split(gzip))
        XCTAssertTrue(a.head.hasPrefix("http/1.1 200"), a.head)
        XCTAssertTrue(b.head.contains("content-encoding: gzip"), b.head)
        XCTAssertFalse(a.head.contains("content-encoding"), a.head)
        XCTAssertGreaterThan(a.body.count, 10_000)
        XCTAssertEqual(a.body, b.body)
        let etag = { (head: String) in head.split(separator: "\r\n").first { $0.hasPrefix("etag:") }.map(String.init) }
        let plainTag = try XCTUnwrap(etag(a.head))
        XCTAssertEqual(etag(b.head), plainTag + "-gzip", "the gzip body's own strong tag (RFC 9110 8.8.3)")
    }

    func testServeStopsOnSIGTERMWithinItsGracePeriodDespiteSlowHandlers() throws {
        let server = try ServeProcess(executable: executable, extraArguments: ["--latency", "30000"])
        // Requests that will sit in the 30 s latency when the signal comes.
        var curls: [Process] = []
        let traces = try temporaryDirectory()
        for i in 0..<3 {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: ServeProcess.curl)
            // Its trace says "=> Send header" once the request is sent.
            curl.arguments = ["-s", "--max-time", "40", "--trace-ascii", traces.appendingPathComponent("\(i)").path,
                              server.baseURL.absoluteString + "/v1/public/characters"]
            curl.standardOutput = FileHandle.nullDevice
            curl.standardError = FileHandle.nullDevice
            try curl.run()
            curls.append(curl)
        }
        defer { curls.forEach { if $0.isRunning { $0.terminate() } } }
        // The three requests sent, then accepted and read by the server: its handlers are in
        // their 30 s latency when the signal comes.
        let asked = Date(), inFlight = asked.addingTimeInterval(60)
        func sent() -> Bool {
            (0..<3).allSatisfy { i in
                ((try? String(contentsOf: traces.appendingPathComponent("\(i)"), encoding: .utf8)) ?? "").contains("=> Send header")
            }
        }
        while !sent(), Date() < inFlight { Thread.sleep(forTimeInterval: 0.02) }
        while server.connectionsWithRequestRead() < 3, Date() < inFlight { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertEqual(server.connectionsWithRequestRead(), 3, "three requests in the server's handlers")
        print("serve: three requests read \(String(format: "%.2f", Date().timeIntervalSince(asked))) s after they were made")
        let start = Date()
        XCTAssertEqual(kill(server.process.processIdentifier, SIGTERM), 0)
        let deadline = Date().addingTimeInterval(20)
        while server.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let seconds = Date().timeIntervalSince(start)
        XCTAssertFalse(server.process.isRunning, "still running 20 s after SIGTERM")
        XCTAssertEqual(server.process.terminationStatus, 143)
        XCTAssertLessThan(seconds, 10, "a 30 s handler held the stop")
        print("serve stop after SIGTERM with 30 s handlers: \(String(format: "%.2f", seconds)) s")
    }

    func testDebugEndpointsAreOffWithoutDebugAndBehindTheKeysWithKeys() throws {
        let plain = try ServeProcess(executable: executable, extraArguments: [], debugFlag: false)
        let off = try Spawn.run(ServeProcess.curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", plain.baseURL.absoluteString + "/debug/stats"])
        XCTAssertEqual(off, "404")
        let keyFile = try temporaryDirectory().appendingPathComponent("key")
        try "private-secret\n".write(to: keyFile, atomically: true, encoding: .utf8)
        let keyed = try ServeProcess(executable: executable, extraArguments: ["--public-key", "pub", "--private-key-file", keyFile.path])
        let unsigned = try Spawn.run(ServeProcess.curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", keyed.baseURL.absoluteString + "/debug/stats"])
        XCTAssertEqual(unsigned, "409", "a missing apikey is refused like on the API")
        let ts = "1", hash = md5Hex(ts + "private-secret" + "pub")
        let signed = try Spawn.run(ServeProcess.curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                       keyed.baseURL.absoluteString + "/debug/stats?apikey=pub&ts=\(ts)&hash=\(hash)"])
        XCTAssertEqual(signed, "200")
    }

    func testServeWarnsWhenListeningBeyondLoopback() throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", "0.0.0.0", "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("serving the catalog"), Date() < deadline, process.isRunning {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.02) } else { text += String(decoding: chunk, as: UTF8.self) }
        }
        XCTAssertTrue(text.contains("warning: listening on 0.0.0.0 makes the catalog reachable from other machines"), text)
    }

    private func md5Hex(_ text: String) -> String {
        let out = (try? Spawn.run("/bin/sh", ["-c", "printf %s \(TmuxSession.quote(text)) | md5sum"])) ?? ""
        return String(out.prefix(32))
    }
}
