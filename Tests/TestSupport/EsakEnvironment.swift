import Foundation
import XCTest

/// The virtual environment with the third-party Marvel clients from PyPI (esak, marvelous,
/// marvelpy), made once per checkout (`.build/esak-venv`; scripts/test.sh makes it first), and
/// the contract scripts (scripts/esak_contract.py, scripts/client_contracts.py) run with it.
public enum EsakEnvironment {
    public static let version = "2.0.0"
    /// Pinned: the versions the issue's 713 calls were made with.
    public static let packages = ["esak==\(version)", "marvelous==1.4.5", "marvelpy==0.2.1"]

    public static let python: Result<String, any Error> = Result {
        let venv = RepoPaths.root.appendingPathComponent(".build/esak-venv")
        let python = venv.appendingPathComponent("bin/python").path
        let check = "import esak, marvelous, marvelpy; assert esak.__version__ == '\(version)' and marvelpy.__version__ == '0.2.1'"
        if FileManager.default.isExecutableFile(atPath: python), (try? runProcess(python, ["-c", check]).status) == 0 {
            return python
        }
        if !FileManager.default.isExecutableFile(atPath: python) {
            let made = try runProcess("/usr/bin/env", ["python3", "-m", "venv", "--clear", venv.path])
            guard made.status == 0 else { throw XCTSkip("python3 -m venv failed (install python3-venv): \(made.output.suffix(300))") }
        }
        let pip = try runProcess(python, ["-m", "pip", "install", "--disable-pip-version-check", "-q", "--timeout", "20"] + packages)
        guard pip.status == 0 else {
            throw XCTSkip("pip could not install \(packages.joined(separator: " ")) from PyPI (offline?): \(pip.output.suffix(300))")
        }
        return python
    }

    /// scripts/client_contracts.py for `client` (marvelous or marvelpy) against `base`; with
    /// `data` (the envelopes the catalog was built from), what it decoded is compared with them.
    public static func runClient(_ client: String, base: URL, publicKey: String, privateKey: String,
                                 data: URL? = nil) throws -> (status: Int32, output: String) {
        let script = RepoPaths.root.appendingPathComponent("scripts/client_contracts.py").path
        return try runProcess(try python.get(), [script, client, base.absoluteString, publicKey, privateKey] + (data.map { [$0.path] } ?? []))
    }

    /// scripts/esak_contract.py against `base` (the list, one by-id call and every cross
    /// route of the six types), signed with the keys; with `data`, every entity esak decoded
    /// is compared with its record there.
    public static func runContract(base: URL, publicKey: String, privateKey: String,
                                   data: URL? = nil) throws -> (status: Int32, output: String) {
        let script = RepoPaths.root.appendingPathComponent("scripts/esak_contract.py").path
        return try runProcess(try python.get(), [script, base.absoluteString, publicKey, privateKey] + (data.map { [$0.path] } ?? []))
    }

    public static func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Spawn.process(executable, arguments)
    }
}
