import Digests
import Foundation
@testable import MarvelAPI
import XCTest

final class SigningAndCredentialsTests: XCTestCase {
    func testDocumentedSigningVector() {
        let credentials = MarvelCredentials(publicKey: "1234", privateKey: "abcd")
        XCTAssertEqual(credentials.hash(timestamp: "1"), "ffd275c5130566a2916217b101f26150")
        XCTAssertEqual(credentials.authQuery(timestamp: "1").map { "\($0.name)=\($0.value ?? "")" },
                       ["ts=1", "apikey=1234", "hash=ffd275c5130566a2916217b101f26150"])
    }

    func testSha256AgainstKnownValue() {
        XCTAssertEqual(Digest.sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testCredentialsFromEnvironment() throws {
        let both = try CredentialsLoader.load(environment: ["MARVEL_PUBLIC_KEY": " pub ", "MARVEL_PRIVATE_KEY": "priv",
                                                            "HOME": "/nonexistent"])
        XCTAssertEqual(both?.publicKey, "pub")
        XCTAssertEqual(both?.hash(timestamp: "1"), Digest.md5Hex("1privpub"))
        XCTAssertNil(try CredentialsLoader.load(environment: ["HOME": "/nonexistent"]))
        XCTAssertThrowsError(try CredentialsLoader.load(environment: ["MARVEL_PUBLIC_KEY": "p", "HOME": "/nonexistent"]))
    }

    func testCredentialsFileMustBeOwnerOnly() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("mg-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let folder = config.appendingPathComponent("marvel-gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("credentials")
        try "# keys\npublic_key = 1234\nprivate_key = \"TOPSECRET-abcd\"\n".write(to: file, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": config.path, "HOME": "/nonexistent"]

        chmod(file.path, 0o644)
        do {
            _ = try CredentialsLoader.load(environment: environment)
            XCTFail("a world-readable key file must be refused")
        } catch {
            XCTAssertTrue(error.description.contains("chmod 600"), error.description)
            XCTAssertTrue(error.description.contains("644"), error.description)
            XCTAssertFalse(error.description.contains("TOPSECRET"))
        }
        chmod(file.path, 0o600)
        let loaded = try XCTUnwrap(try CredentialsLoader.load(environment: environment))
        XCTAssertEqual(loaded.publicKey, "1234")
        XCTAssertEqual(loaded.hash(timestamp: "1"), Digest.md5Hex("1TOPSECRET-abcd1234"))
        XCTAssertFalse(String(describing: loaded).contains("TOPSECRET"))
        XCTAssertFalse(String(reflecting: loaded).contains("TOPSECRET"))
        var dumped = ""
        dump(loaded, to: &dumped)
        XCTAssertFalse(dumped.contains("TOPSECRET"), dumped)
    }
}
