import Catalog
import CatalogServer
import Foundation
import TestSupport
import XCTest

/// The compatibility promise: esak, a maintained Python client of the Marvel API, installed from
/// PyPI into a virtual environment under .build, runs every list, by-id and cross route of the six
/// resource types (scripts/esak_contract.py) against the server with 0 failures.
final class EsakContractTests: XCTestCase {
    func testEsakAgainstTheEmbeddedCatalog() async throws {
        let python = try EsakEnvironment.python.get()
        try await run(python, on: try TestCatalogs.embeddedStore())
    }

    func testEsakAgainstACatalogImportedFromRecordings() async throws {
        let recorded = try TestCatalogs.sharedFolder()
        let python = try EsakEnvironment.python.get()
        let store = try CatalogStore()
        let report = store.importPaths([recorded.path])
        XCTAssertGreaterThan(report.series.count, 0, report.summaryLine)
        XCTAssertGreaterThan(report.stories.count, 0, report.summaryLine)
        XCTAssertGreaterThan(report.events.count, 0, report.summaryLine)
        // Creators come only as summaries in the recordings: served from what comics and series name.
        XCTAssertGreaterThan(try store.entities(.creators, EntityFilter()).total, 0)
        try await run(python, on: store)
    }

    private func run(_ python: String, on store: CatalogStore) async throws {
        var options = CatalogServerOptions(source: .reader(store))
        options.keys = APIKeys(publicKey: "pub", privateKey: "priv")
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        let script = RepoPaths.root.appendingPathComponent("scripts/esak_contract.py").path
        let result = try EsakEnvironment.runProcess(python, [script, server.baseURL.absoluteString, "pub", "priv"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains(" 39 calls, 0 failures"), result.output)
    }
}

/// The virtual environment with esak, made once per checkout (`.build/esak-venv`).
enum EsakEnvironment {
    static let version = "2.0.0"

    static let python: Result<String, any Error> = Result {
        let venv = RepoPaths.root.appendingPathComponent(".build/esak-venv")
        let python = venv.appendingPathComponent("bin/python").path
        if FileManager.default.isExecutableFile(atPath: python),
           (try? runProcess(python, ["-c", "import esak; assert esak.__version__ == '\(version)'"]).status) == 0 {
            return python
        }
        let made = try runProcess("/usr/bin/env", ["python3", "-m", "venv", "--clear", venv.path])
        guard made.status == 0 else { throw XCTSkip("python3 -m venv failed (install python3-venv): \(made.output.suffix(300))") }
        let pip = try runProcess(python, ["-m", "pip", "install", "--disable-pip-version-check", "-q", "--timeout", "20",
                                          "esak==\(version)"])
        guard pip.status == 0 else {
            throw XCTSkip("pip could not install esak \(version) from PyPI (offline?): \(pip.output.suffix(300))")
        }
        return python
    }

    static func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
