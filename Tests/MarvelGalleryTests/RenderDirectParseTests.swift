import ArgumentParser
@testable import marvel_gallery
import XCTest

/// `render`'s plain forms are read without the parser (`RenderCommand.direct`): what they read
/// must be what the parser reads, option for option, and every other form must be left to the
/// parser. The comparison walks the command's stored properties with `Mirror`, so an option
/// added to `RenderCommand` that `direct` does not set fails here instead of at run time.
final class RenderDirectParseTests: XCTestCase {
    private func parsed(_ arguments: [String]) throws -> RenderCommand {
        let command = try MarvelGallery.parseAsRoot(arguments)
        return try XCTUnwrap(command as? RenderCommand, "\(arguments) parsed as \(type(of: command))")
    }

    /// Every stored value of a command and of its option groups, by path.
    private func values(of command: Any, prefix: String = "") -> [String: String] {
        var found: [String: String] = [:]
        for child in Mirror(reflecting: command).children {
            let name = prefix + (child.label ?? "?")
            if let group = child.value as? OptionGroup<DisplayOptions> {
                found.merge(values(of: group.wrappedValue, prefix: name + "."), uniquingKeysWith: { $1 })
            } else {
                found[name] = String(describing: child.value)
            }
        }
        return found
    }

    func testPlainFormsReadAsTheParserReadsThem() throws {
        let forms: [[String]] = [
            ["render", "a.jpg"],
            ["render", "a.jpg", "b.png"],
            ["render", "-"],
            ["render", "--size", "80x24", "a.jpg"],
            ["render", "a.jpg", "--size", "120x40", "--fit", "cover"],
            ["render", "--colors", "256", "--graphics", "sixel", "a.jpg"],
            ["render", "--graphics", "kitty", "--graphics-transfer", "stream", "--dither", "ordered", "a.jpg"],
        ]
        for form in forms {
            let direct = try XCTUnwrap(RenderCommand.direct(form), "\(form) left to the parser")
            let byParser = try parsed(form)
            let ours = values(of: direct), theirs = values(of: byParser)
            XCTAssertEqual(ours.count, theirs.count, "\(form)")
            XCTAssertGreaterThanOrEqual(ours.count, 8, "\(form): \(ours.keys.sorted())")
            XCTAssertEqual(ours, theirs, "\(form)")
        }
    }

    func testEveryOtherFormIsLeftToTheParser() {
        let forms: [[String]] = [
            ["render"],
            ["render", "--help"],
            ["render", "help"],
            ["render", "-h", "a.jpg"],
            ["render", "--size=80x24", "a.jpg"],
            ["render", "--size", "huge", "a.jpg"],
            ["render", "--colors", "purple", "a.jpg"],
            ["render", "--tolerance", "3", "a.jpg"],
            ["render", "--linear-light", "a.jpg"],
            ["render", "a.jpg", "--size"],
            ["render", "--size", "-1", "a.jpg"],
            ["characters"],
            ["--version"],
        ]
        for form in forms {
            XCTAssertNil(RenderCommand.direct(form), "\(form) read without the parser")
        }
    }
}
