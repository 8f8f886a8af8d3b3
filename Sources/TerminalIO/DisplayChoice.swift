import TerminalUI

/// A display setting named by one word of a closed set: `--colors`, `--graphics`,
/// `--graphics-transfer` and `--dither`, from a flag, a variable or config.toml, all read by
/// the one rule here (any case; anything else is an error that lists the words).
public protocol DisplayChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension DisplayChoice {
    /// The words, `a|b|c`, for help texts and errors.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The setting `word` names; else an error naming `source` and the choices, which shows
    /// the word as `shown` writes it.
    public static func parse(_ word: String, from source: String,
                             shown: (String) -> String = { $0 }) throws(DisplaySettingError) -> Self {
        guard let setting = Self(rawValue: word.lowercased()) else {
            throw DisplaySettingError(description: "\(source) must be one of \(choices), got '\(shown(word))'")
        }
        return setting
    }
}

extension ColorSetting: DisplayChoice {}
extension GraphicsSetting: DisplayChoice {}
extension GraphicsTransferSetting: DisplayChoice {}
extension Dither: DisplayChoice {}
