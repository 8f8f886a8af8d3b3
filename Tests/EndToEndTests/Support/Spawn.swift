import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it with posix_spawn/waitpid, reading its stdout through a pipe
/// (stderr goes to /dev/null). With `readOutput: false` stdout is /dev/null too, so a daemon
/// the program forks (the tmux server) holds no pipe we would wait on.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ path: String, _ arguments: [String], readOutput: Bool = true) throws -> String {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var fds: [Int32] = [-1, -1]
        if readOutput {
            guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        if readOutput { close(fds[1]) }
        guard status == 0 else {
            if readOutput { close(fds[0]) }
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        var output = [UInt8]()
        if readOutput {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
                if n > 0 { output += buffer[0..<n] } else if n == 0 || errno != EINTR { break }
            }
            close(fds[0])
        }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}
