import HTTPTransport

/// Errors said in the user's language. Each error says which sentence and with which values
/// (`UserMessage`, made at the error's own layer, where its technical details are masked of
/// anything like a URL signature or a key); here the sentence is only looked up in this
/// language's table as `err` + its id, and filled in.
extension Strings {
    public func describe(_ error: some UserFacingError) -> String { describe(error.userMessage) }

    public func describe(_ message: UserMessage) -> String {
        let arguments: [String] = message.values.map { value in
            switch value {
            case .text(let text): text
            case .number(let count): message.id == "retryAfter" ? wait(seconds: count) : number(count)
            case .message(let inner): describe(inner)
            }
        }
        guard let key = Self.key(for: message) else {
            // A sentence this table lacks: its id and values rather than nothing.
            return ([message.id] + arguments).joined(separator: " ")
        }
        return text(key, arguments: arguments)
    }

    /// The table's text for a message id (`timeoutConnect` is `errTimeoutConnect`).
    static func key(for message: UserMessage) -> StringKey? {
        StringKey(rawValue: "err" + message.id.prefix(1).uppercased() + message.id.dropFirst())
    }

    /// A server's Retry-After in this language's words for days and digit grouping, in the
    /// one wording of waits (`WaitTime`) that `--plain` output says too.
    func wait(seconds: Int) -> String {
        WaitTime.words(seconds: seconds, days: language == .es ? "días" : "days", number: number)
    }
}
