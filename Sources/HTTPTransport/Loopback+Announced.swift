import Foundation

extension Loopback {
    /// The first `http://127.0.0.1:PORT` a child server writes to `output` (`serve --port 0`
    /// prints the address the kernel gave it), read until it appears, the child exits or
    /// `timeout` seconds pass; with everything the child wrote, for the error when it is nil.
    public static func announcedURL(in output: FileHandle, of process: Process,
                                    timeout: TimeInterval) -> (url: URL?, written: String) {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            let chunk = output.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.02); continue }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                return (URL(string: String(text[range])), text)
            }
        }
        return (nil, text)
    }
}
