import Foundation
import XCTest

/// The virtual environment with esak, made once per checkout (`.build/esak-venv`), and the
/// contract script (scripts/esak_contract.py) run with it against a server.
public enum EsakEnvironment {
    public static let version = "2.0.0"

    public static let python: Result<String, any Error> = Result {
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

    /// scripts/esak_contract.py against `base` (the list, one by-id call and every cross
    /// route of the six types), signed with the keys.
    public static func runContract(base: URL, publicKey: String, privateKey: String) throws -> (status: Int32, output: String) {
        let script = RepoPaths.root.appendingPathComponent("scripts/esak_contract.py").path
        return try runProcess(try python.get(), [script, base.absoluteString, publicKey, privateKey])
    }

    public static func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
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
