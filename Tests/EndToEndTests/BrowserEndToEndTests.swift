import Foundation
import Synchronization
import TestSupport
import XCTest

/// A real browser against `marvel-gallery serve`: headless Chromium loads a page from a second
/// loopback origin whose JavaScript calls `/v1/public/characters` with the public key alone
/// (no ts, no hash: a browser app has no private key), as pages did against Marvel's gateway
/// with an authorized referrer. The page renders names and `standard_small` thumbnails, then
/// repeats the call with `If-None-Match` (a CORS preflight, then a 304). The test reads the DOM
/// Chromium dumps once the page's network work is done (virtual time does not advance while a
/// fetch is pending) and the page has written `done` into its title. A page from an origin the
/// server does not allow gets the 401 and shows it.
final class BrowserEndToEndTests: XCTestCase {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    func testAPageOnAnAllowedOriginRendersCharactersAndAnotherGetsTheError() throws {
        guard let chromium = Self.chromium else {
            throw XCTSkip("chromium is not installed (scripts/test.sh installs Debian's chromium): the browser test cannot run")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("marvel-browser-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Two page origins: the server allows only the first one's port.
        let pages = try BrowserPages(in: scratch)
        let (keyFile, page, allowed, other) = (pages.keyFile, pages.page, pages.allowed, pages.other)
        let server = try ServeProcess(executable: RepoPaths.executable, extraArguments: [
            "--public-key", "browser-pub", "--private-key-file", keyFile.path,
            "--allowed-referrer", "127.0.0.1:\(allowed.port)",
        ], debugFlag: false)
        page.html = Self.page(api: server.baseURL.absoluteString + "/v1/public/characters?apikey=browser-pub&limit=8")

        let expected = try Self.firstNames(server, count: 8)
        let good = try Self.dumpDOM(chromium, allowed.url("/page.html"), profile: scratch.appendingPathComponent("profile-a"))
        XCTAssertTrue(good.contains("<title>done</title>"), "the page finished: \(good.suffix(2000))")
        XCTAssertEqual(Self.values(of: "name", in: good), expected, good)
        let sizes = Self.attribute("data-size", in: good)
        XCTAssertEqual(sizes.count, 8, good)
        XCTAssertEqual(Set(sizes), ["65x45"], "every <img> loaded, at standard_small's documented size: \(sizes)")
        let status = Self.values(of: "status", in: good).first ?? ""
        XCTAssertTrue(status.range(of: #"^200 etag [0-9a-f]{40}-gzip conditional 304$"#, options: .regularExpression) != nil,
                      "ETag readable (exposed), the conditional request preflighted and answered 304: \(status)")
        XCTAssertEqual(Self.values(of: "error", in: good), [""], good)

        let bad = try Self.dumpDOM(chromium, other.url("/page.html"), profile: scratch.appendingPathComponent("profile-b"))
        XCTAssertTrue(bad.contains("<title>done</title>"), bad)
        XCTAssertEqual(Self.values(of: "name", in: bad), [])
        let error = Self.values(of: "error", in: bad).first ?? ""
        XCTAssertTrue(error.hasPrefix("401 InvalidReferer:"), "the error is visible in the page: \(error)")
        XCTAssertFalse(error.contains("browser-pub"), "the key is not echoed")
        print("browser: \(expected.count) names and \(sizes.count) thumbnails (\(Set(sizes).sorted())) on 127.0.0.1:\(allowed.port); "
              + "127.0.0.1:\(other.port) shows \"\(error)\"")
    }

    /// Chromium's DOM after the page's work: `--virtual-time-budget` holds the clock while
    /// fetches and image loads are pending; `timeout` bounds a browser that never returns.
    static func dumpDOM(_ chromium: String, _ url: URL, profile: URL) throws -> String {
        let command = "exec timeout 120 \(chromium) --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions "
            + "--disable-dev-shm-usage --user-data-dir='\(profile.path)' --virtual-time-budget=20000 --dump-dom '\(url.absoluteString)' 2>/dev/null"
        let result = try Spawn.status(["/bin/sh", "-c", command])
        XCTAssertEqual(result.status, 0, "chromium: \(result.output.suffix(500))")
        return result.output
    }

    static func firstNames(_ server: ServeProcess, count: Int) throws -> [String] {
        // The server needs a signature from a client with no referrer: sign as a server app would.
        let ts = "1", hash = Self.md5Hex(ts + "browser-test-private" + "browser-pub")
        let body = try server.json("/v1/public/characters?limit=\(count)&apikey=browser-pub&ts=\(ts)&hash=\(hash)") as? [String: Any]
        let results = (body?["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        let names = results.compactMap { $0["name"] as? String }
        XCTAssertEqual(names.count, count)
        return names
    }

    private static func md5Hex(_ text: String) -> String {
        let out = (try? Spawn.status(["/bin/sh", "-c", "printf %s '\(text)' | md5sum"]).output) ?? ""
        return String(out.prefix(32))
    }

    /// Text of every element with this class (the page writes names, status and error so).
    static func values(of className: String, in html: String) -> [String] {
        let pattern = "class=\"\(className)\"[^>]*>([^<]*)<"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    static func attribute(_ name: String, in html: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: "\(name)=\"([^\"]*)\"") else { return [] }
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// The browser app: names and thumbnails from the API, each <img>'s natural size written
    /// into the DOM when it loads (or "failed"), then a conditional repeat of the call.
    static func page(api: String) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><title>pending</title></head><body>
        <p class="status"></p><p class="error"></p><ul id="list"></ul>
        <script>
        const api = "\(api)";
        const show = (cls, text) => { document.querySelector('.' + cls).textContent = text; };
        (async () => {
          try {
            const r = await fetch(api);
            const body = await r.json();
            if (!r.ok) { show('error', r.status + ' ' + body.code + ': ' + body.message); return; }
            const loads = body.data.results.map(c => new Promise(resolve => {
              const li = document.createElement('li'), img = document.createElement('img'), name = document.createElement('span');
              name.className = 'name'; name.textContent = c.name;
              img.onload = () => { img.dataset.size = img.naturalWidth + 'x' + img.naturalHeight; resolve(); };
              img.onerror = () => { img.dataset.size = 'failed'; resolve(); };
              img.src = c.thumbnail.path + '/standard_small.' + c.thumbnail.extension;
              li.append(img, name); document.getElementById('list').append(li);
            }));
            await Promise.all(loads);
            const etag = r.headers.get('ETag');
            const again = await fetch(api, { headers: { 'If-None-Match': etag || '' } });
            show('status', r.status + ' etag ' + etag + ' conditional ' + again.status);
          } catch (e) {
            show('error', 'failed: ' + e);
          } finally {
            document.title = 'done';
          }
        })();
        </script></body></html>
        """
    }
}

/// What a browser test stands on: a private key file for `serve`, and two page origins on
/// loopback serving the same page (set once the server's port is known): the server is told to
/// allow only the first one.
struct BrowserPages {
    let keyFile: URL
    let page = PageBox()
    let allowed: LoopbackHTTPServer
    let other: LoopbackHTTPServer

    init(in scratch: URL) throws {
        keyFile = scratch.appendingPathComponent("private-key")
        try "browser-test-private\n".write(to: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile.path, 0o600)
        let page = self.page
        allowed = try LoopbackHTTPServer { _ in .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.html.utf8)) }
        other = try LoopbackHTTPServer { _ in .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.html.utf8)) }
    }
}

/// The page text, set once the server's port is known (the page servers start first).
final class PageBox: @unchecked Sendable {
    private let text = Mutex("")
    var html: String {
        get { text.withLock { text in text } }
        set { text.withLock { text in text = newValue } }
    }
}
