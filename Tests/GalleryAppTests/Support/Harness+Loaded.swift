@testable import GalleryApp
import TerminalUI

extension Harness {
    /// A harness with its first screen drawn and answered: `count` items, resized to `size`,
    /// every fetch answered; the state made from `config` when one is given.
    static func loaded(count: Int = 100, size: Size = Size(width: 120, height: 40), config: AppConfig? = nil) -> Harness {
        var h = Harness(size: size, count: count)
        if let config { h.state = AppState(config: config, size: size) }
        h.send(.resized(size))
        h.answerAll()
        return h
    }

    /// `/text`, its debounce fired, the results loaded and kept (Enter).
    mutating func searchAndKeep(_ text: String) {
        key(.char("/"))
        type(text)
        fireLatestDebounce()
        answerAll()
        key(.enter)
    }
}
