import Foundation
import ImageCore
import TerminalUI

/// What a real terminal shows, read from a screenshot: the sign that it has drawn the pictures
/// the program placed (not that two screenshots in a row agree, which a terminal that has not
/// drawn yet also gives under load).
enum DrawnPictures {
    /// True when the middle half of each cell rectangle (at `cell` pixels a cell, from the
    /// top-left corner of `shot`) shows a picture: at least `minColours` colours (4 bits a
    /// channel), where the blank cells a placement covers before it is drawn are one colour.
    /// Slivers under 4x4 cells (a backdrop's edge pieces) are too small to tell and skipped.
    static func shown(_ rects: [Rect], in shot: RGBImage, cell: (width: Double, height: Double),
                      minColours: Int = 6) -> Bool {
        let judged = rects.filter { $0.width >= 4 && $0.height >= 4 }
        return !judged.isEmpty && judged.allSatisfy { colours(in: $0, shot: shot, cell: cell) >= minColours }
    }

    /// Distinct colours in the middle half of a cell rectangle.
    static func colours(in rect: Rect, shot: RGBImage, cell: (width: Double, height: Double)) -> Int {
        let x0 = Int((Double(rect.x) + Double(rect.width) / 4) * cell.width)
        let x1 = Int((Double(rect.x) + Double(rect.width) * 3 / 4) * cell.width)
        let y0 = Int((Double(rect.y) + Double(rect.height) / 4) * cell.height)
        let y1 = Int((Double(rect.y) + Double(rect.height) * 3 / 4) * cell.height)
        var seen = Set<Int>()
        for y in max(0, y0)..<min(shot.height, max(y0 + 1, y1)) {
            for x in max(0, x0)..<min(shot.width, max(x0 + 1, x1)) {
                let i = (y * shot.width + x) * 3
                seen.insert(Int(shot.pixels[i] >> 4) << 8 | Int(shot.pixels[i + 1] >> 4) << 4 | Int(shot.pixels[i + 2] >> 4))
            }
        }
        return seen.count
    }

    /// The bounding box of a rendered picture is the one expected: the source's aspect (within
    /// `tolerance`) and a height between `minHeight` and `maxHeight` pixels. A terminal that
    /// has not drawn yet shows no box, or its whole window (issue 22: a "picture" of 638x359
    /// at 0,0 scored 5.39 dB), and a sixel drawn band by band shows too flat a box.
    static func isExpected(_ box: (x: Int, y: Int, width: Int, height: Int), aspect: Double,
                           minHeight: Int, maxHeight: Int, tolerance: Double = 0.05) -> Bool {
        let a = Double(box.width) / Double(box.height)
        return abs(a / aspect - 1) <= tolerance && (minHeight...maxHeight).contains(box.height)
    }
}
