import Foundation

extension ServeProcess {
    /// Connections the server process has accepted on its port and read the whole request of,
    /// from the kernel's own account: its sockets (`/proc/PID/fd`) that `/proc/net/tcp` lists
    /// as established on the port with nothing left to read. Call it once the clients have
    /// sent their requests (a connection accepted before its request arrived also reads 0).
    func connectionsWithRequestRead() -> Int {
        let pid = process.processIdentifier
        let fdDir = "/proc/\(pid)/fd"
        var inodes = Set<String>()
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: fdDir)) ?? [] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fdDir + "/" + fd),
                  target.hasPrefix("socket:[") else { continue }
            inodes.insert(String(target.dropFirst(8).dropLast()))
        }
        // Read to the end: /proc files say size 0, and a reader that trusts it gets one page.
        guard let port = baseURL.port, let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return 0 }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let local = String(format: ":%04X", port)
        // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …
        return table.split(separator: "\n").dropFirst().filter { row in
            let f = row.split(separator: " ")
            guard f.count > 9, f[1].hasSuffix(local), f[3] == "01", inodes.contains(String(f[9])) else { return false }
            return f[4].split(separator: ":").last.map { Int($0, radix: 16) == 0 } ?? false
        }.count
    }
}
