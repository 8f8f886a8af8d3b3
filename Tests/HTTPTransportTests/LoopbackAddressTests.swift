import HTTPTransport
import XCTest

/// Issue 27: loopback by address, with the resolver's own spellings (inet_aton, inet_pton):
/// `--base-url http://127.1:P` once turned the response cache on for the loopback catalog.
final class LoopbackAddressTests: XCTestCase {
    func testLoopbackSpellings() {
        for host in ["127.0.0.1", "127.1", "127.0.1", "127.255.255.254", "0x7f.1", "0177.0.0.1", "2130706433",
                     "localhost", "LOCALHOST", "localhost.", "app.localhost", "::1", "[::1]", "0:0:0:0:0:0:0:1",
                     "::ffff:127.0.0.1", "[::ffff:7f00:1]"] {
            XCTAssertTrue(Loopback.isLoopback(host: host), host)
        }
    }

    func testOtherHosts() {
        for host in ["128.0.0.1", "10.0.0.1", "0.0.0.0", "gateway.marvel.com", "127.example.com", "localhost.example.com",
                     "::2", "::ffff:10.0.0.1", "", "1.127.0.0"] {
            XCTAssertFalse(Loopback.isLoopback(host: host), host)
        }
    }
}
