import TerminalUI

/// TerminalUI's colours by name, for files that also import ImageCore (whose `RGB` clashes).
enum TerminalUIRGB {
    static let red = RGB(200, 30, 30)
}
