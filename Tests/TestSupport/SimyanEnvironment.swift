import Foundation
import XCTest

/// Simyan (PyPI: a Comic Vine client nobody here wrote) in a virtual environment of its own
/// (`.build/simyan-venv`; scripts/test.sh makes it first), and scripts/simyan_contract.py run
/// with it. Tests skip with the reason when PyPI cannot be reached.
public enum SimyanEnvironment {
    public static let package = "simyan==4.2.0"

    public static let python: Result<String, any Error> = Result {
        let venv = RepoPaths.root.appendingPathComponent(".build/simyan-venv")
        let python = venv.appendingPathComponent("bin/python").path
        if FileManager.default.isExecutableFile(atPath: python),
           (try? EsakEnvironment.runProcess(python, ["-c", "import simyan.comicvine"]).status) == 0 {
            return python
        }
        if !FileManager.default.isExecutableFile(atPath: python) {
            let made = try EsakEnvironment.runProcess("/usr/bin/env", ["python3", "-m", "venv", "--clear", venv.path])
            guard made.status == 0 else { throw XCTSkip("python3 -m venv failed (install python3-venv): \(made.output.suffix(300))") }
        }
        let pip = try EsakEnvironment.runProcess(python, ["-m", "pip", "install", "--disable-pip-version-check", "-q", "--timeout", "20", package])
        guard pip.status == 0 else { throw XCTSkip("pip could not install \(package) from PyPI (offline?): \(pip.output.suffix(300))") }
        return python
    }

    /// scripts/simyan_contract.py against a stand-in at `base` with `key`, its caches in `scratch`.
    public static func runContract(base: URL, key: String, scratch: URL) throws -> (status: Int32, output: String) {
        let script = RepoPaths.root.appendingPathComponent("scripts/simyan_contract.py").path
        return try EsakEnvironment.runProcess(try python.get(), [script, base.absoluteString, key, scratch.path])
    }
}
