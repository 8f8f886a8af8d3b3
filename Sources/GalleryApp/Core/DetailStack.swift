import TerminalUI

/// The detail screens open over the grid: a stack, so Enter on a comic of a character and then
/// on a character of that comic each push a page, and Esc pops back to exactly what was shown.
/// The grid below is never touched while details are open. The stack is its own state machine
/// (`update(DetailMsg) -> [DetailEffect]`, in `DetailStack+Update.swift`): it knows the screen
/// size and the language, and nothing else of the app.
public struct DetailStack: Equatable, Sendable {
    public internal(set) var pages: [DetailPage] = []
    /// Opened from the command line (`marvel-gallery character ID`) with no grid below: going
    /// back from the last page quits instead of showing an empty grid.
    public internal(set) var standalone = false
    /// Why the standalone page could not be opened, once its error was dismissed: the run then
    /// ends as a failure (exit 1 with this reason), as `--plain` does, not as a plain quit.
    public internal(set) var standaloneFailure: String?
    var nextID = 1
    public internal(set) var size: Size
    public let strings: Strings

    public init(size: Size = Size(width: 80, height: 24), strings: Strings = Strings()) {
        self.size = size
        self.strings = strings
    }

    public var top: DetailPage? { pages.last }
    public var isEmpty: Bool { pages.isEmpty }
    /// The top page's layout.
    var layout: DetailLayout { DetailLayout(size: size, page: top) }
    func layout(for page: DetailPage) -> DetailLayout { DetailLayout(size: size, page: page) }
}
