import Foundation
import TestSupport
import XCTest

/// esak, marvelous and marvelpy (from PyPI, in .build/esak-venv) against the real
/// `marvel-gallery serve` process, signed as they sign, with the browser options on (CORS and
/// an allowed referrer must not change what signed clients get): 0 failures each, and 0 wrong
/// fields: every entity they decoded compared with its record in Fixtures/catalog (name, and
/// each list item's id, name and role or type; scripts/client_truth.py).
final class ThirdPartyClientsEndToEndTests: XCTestCase {
    func testEsakMarvelousAndMarvelpyAgainstServe() throws {
        _ = try EsakEnvironment.python.get()
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("marvel-clients-key-\(getpid())")
        try "client-private\n".write(to: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile.path, 0o600)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let server = try ServeProcess(executable: RepoPaths.executable, extraArguments: [
            "--public-key", "client-pub", "--private-key-file", keyFile.path, "--allowed-referrer", "localhost:*",
        ], debugFlag: false)
        let data = RepoPaths.fixtures.appendingPathComponent("catalog")
        let esak = try EsakEnvironment.runContract(base: server.baseURL, publicKey: "client-pub", privateKey: "client-private", data: data)
        XCTAssertEqual(esak.status, 0, esak.output)
        XCTAssertTrue(esak.output.contains(" calls, 0 failures, 0 wrong fields in "), esak.output)
        var summaries = [esak.output.split(separator: "\n").last.map(String.init) ?? ""]
        for client in ["marvelous", "marvelpy"] {
            let result = try EsakEnvironment.runClient(client, base: server.baseURL, publicKey: "client-pub", privateKey: "client-private",
                                                       data: data)
            XCTAssertEqual(result.status, 0, result.output)
            let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertTrue(summary.hasPrefix(client) && summary.contains(" calls, 0 failures, 0 wrong fields in "), result.output)
            summaries.append(summary)
        }
        print("against serve: " + summaries.joined(separator: "; "))
    }
}
