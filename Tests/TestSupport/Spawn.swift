import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it, for tests that drive tmux, curl or the built executable.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// posix_spawn + waitpid. Foundation's `Process` is not used on purpose: on Linux it learns
    /// that a child exited from a socket the child inherits, and the tmux server (forked from
    /// the first client) keeps that socket open, so `waitUntilExit` would never return.
    public static func status(_ argv: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [-1, -1]
        if captureOutput { guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cargs, environ)
        if captureOutput { close(fds[1]) }
        guard rc == 0 else {
            if captureOutput { close(fds[0]) }
            throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        var output = Data()
        if captureOutput {
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buf, buf.count)
                if n > 0 { output.append(contentsOf: buf[0..<n]); continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitCode, String(decoding: output, as: UTF8.self))
    }

    /// The program's output (stdout and stderr), whatever its exit status. With
    /// `readOutput: false` both go to /dev/null, so a daemon it forks holds no pipe of ours.
    @discardableResult
    public static func run(_ path: String, _ arguments: [String], readOutput: Bool = true) throws -> String {
        try status([path] + arguments, captureOutput: readOutput).output
    }

    /// `executable` run to its end through Foundation's `Process` (fine where no daemon keeps
    /// the child's socket, see `status`), in `directory`, with `environment` over this
    /// process's own (a nil value removes a variable): its exit status and its stdout and
    /// stderr together.
    public static func process(_ executable: String, _ arguments: [String], directory: URL? = nil,
                               environment: [String: String?] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (name, value) in environment { env[name] = value }
            process.environment = env
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
