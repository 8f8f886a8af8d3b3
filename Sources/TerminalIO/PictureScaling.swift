import Foundation
import TerminalUI

/// Whether the terminal scales a picture placed over more cells than its pixels smoothly, so
/// `render` can send a picture smaller than its box at its own size (kitty's `c=,r=`, iTerm2's
/// `width=,height=` in cells) instead of scaled up. Pure, so it is table-tested.
///
/// - kitty uploads pictures as textures with `send_image_to_gpu(..., linear, ...)` in
///   `kitty/graphics.c`: `linear` is false up to 0.32.1 (GL_NEAREST, pixels repeated) and true
///   from 0.32.2 (GL_LINEAR, commit e8d9ca446, "resizing them using linear instead of nearest
///   neighbor interpolation on the GPU", issue 7070). Measured in real kitty 0.26.5 under Xvfb
///   (`scripts/kitty_scale_quality.py`, figures in docs/pictures.md), its own scaling of a
///   smaller photo scores far below ours, so only a kitty whose XTVERSION names 0.32.2 or later
///   scales; one that does not say is taken as old.
/// - iTerm2 draws inline images scaled into their cells with the system's interpolation.
/// Elsewhere (WezTerm, mlterm, Konsole speaking either protocol; inside tmux) the program scales.
public enum PictureScaling {
    /// kitty's first version with GL_LINEAR textures.
    public static let kittyLinearSince = [0, 32, 2]

    public static func decide(profile: TerminalProfile, graphics: GraphicsProtocol) -> (terminalScales: Bool, reason: String) {
        switch graphics {
        case .blocks, .sixel: return (false, "the program scales (\(graphics.rawValue) pictures are drawn 1:1)")
        case .kitty, .iterm2: break
        }
        if profile.insideTmux { return (false, "the program scales (inside tmux)") }
        switch profile.emulator {
        case .iterm2? where graphics == .iterm2:
            return (true, "iTerm2 scales inline images itself: a smaller picture is sent at its own size")
        case .kitty? where graphics == .kitty:
            guard let version = kittyVersion(profile.version) else {
                return (false, "the program scales (kitty of unknown version: before 0.32.2 it scales with GL_NEAREST)")
            }
            let text = version.map(String.init).joined(separator: ".")
            if version.lexicographicallyPrecedes(kittyLinearSince) {
                return (false, "the program scales (kitty \(text) scales with GL_NEAREST, before 0.32.2)")
            }
            return (true, "kitty \(text) scales with GL_LINEAR: a smaller picture is sent at its own size")
        default:
            return (false, "the program scales (terminal not known to scale pictures smoothly)")
        }
    }

    /// The version in kitty's XTVERSION answer, "kitty(0.26.5)" -> [0, 26, 5]; nil otherwise.
    static func kittyVersion(_ answer: String?) -> [Int]? {
        guard let answer = answer?.trimmingCharacters(in: .whitespacesAndNewlines), answer.lowercased().hasPrefix("kitty("),
              answer.hasSuffix(")") else { return nil }
        let parts = answer.dropFirst(6).dropLast().split(separator: ".").map { Int($0.prefix { $0.isNumber }) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.compactMap { $0 }
        return numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
    }
}
