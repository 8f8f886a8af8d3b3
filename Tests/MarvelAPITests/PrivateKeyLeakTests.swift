import Foundation
import HTTPTransport
@testable import MarvelAPI
import TestSupport
import XCTest

/// The private key must not appear in anything the program emits or stores: requests on the wire,
/// error texts, descriptions, dumps, cache files.
final class PrivateKeyLeakTests: XCTestCase {
    static let secret = "PRIVATE-k3y-Do-Not-Leak"

    func testPrivateKeyAppearsNowhere() async throws {
        let directory = temporaryDirectory("leak")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/v1/public/characters":
                return .respond(status: 200, headers: ["ETag": "t1"], body: FakeMarvel.page([1]))
            case "/v1/public/comics/404":
                // Servers echo the query back: it must be scrubbed.
                return .respond(status: 404, body: Data(#"{"code":"ResourceNotFound","message":"\#(request.target) does not exist"}"#.utf8))
            case "/v1/public/comics/409":
                return .respond(status: 409, body: FakeMarvel.error(409, "We don't recognize the parameter \(request.target)"))
            case "/v1/public/comics/500": return .respond(status: 500)
            default: return .neverAnswer
            }
        }
        let credentials = MarvelCredentials(publicKey: "public-1234", privateKey: Self.secret)
        let client = MarvelClient(baseURL: server.baseURL, credentials: credentials, transport: try HTTPTransport(),
                                  cache: ResponseCache(directory: directory), retryPolicy: SleepRecorder().policy,
                                  timeouts: HTTPTimeouts(connect: .seconds(1), stallWindow: .seconds(1), total: .seconds(2)))
        var outputs: [String] = [String(describing: credentials), String(reflecting: credentials)]
        var dumped = ""
        dump(client, to: &dumped)
        outputs.append(dumped)

        let page = try await client.characters()
        outputs.append(String(describing: page))
        _ = try await client.characters()
        for id in [404, 409, 500, 777] {
            let error = await thrownError { try await client.comic(id: id) }
            XCTAssertNotNil(error, "comic \(id)")
            outputs.append(String(describing: error!))
            outputs.append(String(reflecting: error!))
            outputs.append(error!.localizedDescription)
        }
        let badFile = directory.appendingPathComponent("credentials")
        try "public_key = a\nprivate_key = \(Self.secret)\n".write(to: badFile, atomically: true, encoding: .utf8)
        chmod(badFile.path, 0o644)
        outputs.append(String(describing: await thrownError { try CredentialsLoader.loadFile(badFile) }!))
        try FileManager.default.removeItem(at: badFile)

        for request in server.requests {
            outputs.append(request.target)
            outputs.append(request.headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
        }
        let cacheFiles = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        XCTAssertFalse(cacheFiles.isEmpty)
        for file in cacheFiles where !file.hasDirectoryPath {
            outputs.append(String(decoding: try Data(contentsOf: file), as: UTF8.self))
            outputs.append(file.path)
        }
        XCTAssertGreaterThan(outputs.count, 20)
        for output in outputs {
            XCTAssertFalse(output.contains(Self.secret), "private key leaked in: \(output.prefix(300))")
        }
        // The hash the server saw is still right, so the key was used, just never shown.
        let signed = try XCTUnwrap(server.requests.first?.query)
        XCTAssertEqual(signed["hash"], credentials.hash(timestamp: signed["ts"] ?? ""))
        XCTAssertTrue(outputs.contains { $0.contains("ts=…") }, "echoed auth params are scrubbed")
    }
}
