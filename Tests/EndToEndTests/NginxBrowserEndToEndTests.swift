import Foundation
import TestSupport
import XCTest

/// Headless Chromium against the deployment: deploy/nginx/marvel-gallery.conf (`NginxSite`) in
/// front of `serve` with a browser key, and the page of `BrowserEndToEndTests` on another
/// origin calling through nginx. What the page needs must pass through nginx's cache: CORS
/// headers (the page reads the body and the ETag), links and thumbnails that lead back through
/// nginx (serve builds them from the Host nginx passes), the gzip representation with its own
/// ETag, a 304 to the conditional repeat, and for a second browser the same answer out of the
/// cache (serve asked once). A page on an origin the key does not allow gets the 401 even
/// though the allowed page's answer is cached under the same URL.
final class NginxBrowserEndToEndTests: XCTestCase {
    func testAPageThroughNginxGetsWhatItNeedsAndAnotherOriginStillGetsTheError() throws {
        guard let chromium = BrowserEndToEndTests.chromium else {
            throw XCTSkip("chromium is not installed (scripts/test.sh installs Debian's chromium): the browser test cannot run")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-browser-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pages = try BrowserPages(in: scratch)
        let (keyFile, page, allowed, other) = (pages.keyFile, pages.page, pages.allowed, pages.other)
        let serveLog = scratch.appendingPathComponent("serve.log").path
        let server = try ServeProcess(executable: RepoPaths.executable, extraArguments: [
            "--public-key", "browser-pub", "--private-key-file", keyFile.path,
            "--allowed-referrer", "127.0.0.1:\(allowed.port)", "--access-log", serveLog,
        ], debugFlag: false)
        let site = try NginxSite(upstreamPorts: [server.baseURL.port!], folder: scratch)
        defer { site.stop() }
        let api = "/v1/public/characters?apikey=browser-pub&limit=8"
        page.html = BrowserEndToEndTests.page(api: site.base + api)
        let expected = try BrowserEndToEndTests.firstNames(server, count: 8)

        // Two browsers (fresh profiles) on the allowed origin: the second is answered from nginx's cache.
        for (n, profile) in ["profile-a", "profile-b"].enumerated() {
            let dom = try BrowserEndToEndTests.dumpDOM(chromium, allowed.url("/page.html"), profile: scratch.appendingPathComponent(profile))
            XCTAssertTrue(dom.contains("<title>done</title>"), "browser \(n + 1) finished: \(dom.suffix(2000))")
            XCTAssertEqual(BrowserEndToEndTests.values(of: "error", in: dom), [""], "browser \(n + 1): \(dom.suffix(2000))")
            XCTAssertEqual(BrowserEndToEndTests.values(of: "name", in: dom), expected, "browser \(n + 1)")
            let sources = BrowserEndToEndTests.attribute("src", in: dom)
            XCTAssertEqual(sources.count, 8, dom)
            XCTAssertEqual(sources.filter { !$0.hasPrefix(site.base + "/") }, [], "thumbnails come through nginx (\(site.base))")
            XCTAssertEqual(Set(BrowserEndToEndTests.attribute("data-size", in: dom)), ["65x45"], "every <img> loaded through nginx")
            let status = BrowserEndToEndTests.values(of: "status", in: dom).first ?? ""
            XCTAssertTrue(status.range(of: #"^200 etag [0-9a-f]{40}-gzip conditional 304$"#, options: .regularExpression) != nil,
                          "browser \(n + 1): the gzip answer's ETag readable through nginx, the conditional repeat 304: \(status)")
        }
        let reachedServe = ((try? String(contentsOfFile: serveLog, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.contains("\"GET /v1/public/characters?apikey=REDACTED&limit=8 ") }  // the page's call, not the test's signed one
        XCTAssertEqual(reachedServe.count, 1, "one answer from serve, the rest from nginx's cache:\n\(reachedServe.joined(separator: "\n"))")

        let bad = try BrowserEndToEndTests.dumpDOM(chromium, other.url("/page.html"), profile: scratch.appendingPathComponent("profile-c"))
        XCTAssertTrue(bad.contains("<title>done</title>"), bad)
        XCTAssertEqual(BrowserEndToEndTests.values(of: "name", in: bad), [], "the allowed page's cached answer is not handed to another page")
        let error = BrowserEndToEndTests.values(of: "error", in: bad).first ?? ""
        XCTAssertTrue(error.hasPrefix("401 InvalidReferer:"), "the error is visible in the page: \(error)")
        print("browser through nginx (\(site.base)): \(expected.count) names and thumbnails twice, serve asked "
              + "\(reachedServe.count) time(s); 127.0.0.1:\(other.port) shows \"\(error)\"")
    }
}
