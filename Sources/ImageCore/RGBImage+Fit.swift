import TerminalUI
/// How a picture goes into a box of another aspect ratio.
public enum FitMode: String, Sendable, CaseIterable {
    /// Whole picture visible, scaled to touch the box on one axis (letterboxed by the caller).
    case contain
    /// Box filled: a too-wide picture loses both sides equally, a too-tall one loses its bottom
    /// (faces and mastheads live at the top; a centre crop cut heads off in the backdrop).
    case cover
}

extension RGBImage {
    /// The picture resized to exactly `size` (aspect not kept). Area average when shrinking an
    /// axis, bilinear interpolation when enlarging it.
    public func resized(to size: PixelSize) -> RGBImage {
        resized(width: size.width, height: size.height)
    }

    public func resized(width w: Int, height h: Int,
                        box: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil) -> RGBImage {
        precondition(w > 0 && h > 0, "resized: empty target \(w)x\(h)")
        // An empty picture has nothing to sample: the result is black, not a division by zero.
        if width == 0 || height == 0 { return RGBImage(width: w, height: h, fill: .black) }
        let b = box ?? (0, 0, Double(width), Double(height))
        // Per axis: area average where it shrinks, bilinear where it grows (at scale 1 bilinear
        // is the identity, so an unchanged axis stays untouched).
        let fx: ResampleFilter = Double(w) < b.x1 - b.x0 ? .box : .bilinear
        let fy: ResampleFilter = Double(h) < b.y1 - b.y0 ? .box : .bilinear
        return resampled(width: w, height: h, horizontalFilter: fx, verticalFilter: fy, box: box)
    }

    /// The size `contain` gives for this picture in `box`: one side touches the box, the other
    /// keeps the aspect ratio, rounded to the nearest pixel and never below 1.
    public func containSize(in box: PixelSize) -> PixelSize {
        if width == 0 || height == 0 { return box }
        let sx = Double(box.width) / Double(width), sy = Double(box.height) / Double(height)
        if sx <= sy {
            let h = Int((Double(height) * sx).rounded())
            return PixelSize(width: box.width, height: min(max(h, 1), box.height))
        }
        let w = Int((Double(width) * sy).rounded())
        return PixelSize(width: min(max(w, 1), box.width), height: box.height)
    }

    /// The picture scaled into `box`. `.contain` returns the (smaller-or-equal) content size
    /// from `containSize(in:)`; `.cover` returns exactly `box`, centre-cropped.
    public func fitted(into box: PixelSize, mode: FitMode) -> RGBImage {
        precondition(box.width > 0 && box.height > 0, "fitted: empty box")
        switch mode {
        case .contain:
            return resized(to: containSize(in: box))
        case .cover:
            if width == 0 || height == 0 { return resized(to: box) }
            let (x0, y0, cw, ch) = coverRegion(box)
            return resized(width: box.width, height: box.height, box: (x0, y0, x0 + cw, y0 + ch))
        }
    }

    /// The source rectangle `.cover` shows, in fractional source coordinates (so no rounding
    /// shifts it): centred across, from the top down.
    func coverRegion(_ box: PixelSize) -> (x0: Double, y0: Double, width: Double, height: Double) {
        let scale = max(Double(box.width) / Double(width), Double(box.height) / Double(height))
        let cw = Double(box.width) / scale, ch = Double(box.height) / scale
        return ((Double(width) - cw) / 2, 0, cw, ch)
    }

    /// Fits into a box of terminal cells (each cell = 1 x 2 pixels for half-blocks).
    public func fitted(cols: Int, rows: Int, mode: FitMode) -> RGBImage {
        fitted(into: PixelSize(width: cols, height: rows * 2), mode: mode)
    }

    /// A rectangle of the picture (clamped to its bounds).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBImage {
        let x0 = min(max(x, 0), width), y0 = min(max(y, 0), height)
        let x1 = min(max(x + w, x0), width), y1 = min(max(y + h, y0), height)
        let cw = x1 - x0, ch = y1 - y0
        var out = [UInt8](repeating: 0, count: cw * ch * 3)
        for row in 0..<ch {
            let s = ((y0 + row) * width + x0) * 3
            out.replaceSubrange(row * cw * 3..<(row + 1) * cw * 3, with: pixels[s..<s + cw * 3])
        }
        return RGBImage(width: cw, height: ch, pixels: out)
    }

    /// The centred crop with the aspect ratio of `aspect` (largest such rectangle).
    public func centreCropped(toAspect aspect: PixelSize) -> RGBImage {
        let target = Double(aspect.width) / Double(aspect.height)
        if Double(width) / Double(height) > target {
            let w = max(1, Int((Double(height) * target).rounded()))
            return cropped(x: (width - w) / 2, y: 0, width: w, height: height)
        }
        let h = max(1, Int((Double(width) / target).rounded()))
        return cropped(x: 0, y: (height - h) / 2, width: width, height: h)
    }

    /// The picture placed centred on a `box`-sized canvas of `background` (letterboxing).
    public func letterboxed(in box: PixelSize, background: RGB) -> RGBImage {
        var canvas = RGBImage(width: box.width, height: box.height, fill: background)
        let ox = (box.width - width) / 2, oy = (box.height - height) / 2
        for y in 0..<height where y + oy >= 0 && y + oy < box.height {
            for x in 0..<width where x + ox >= 0 && x + ox < box.width {
                canvas[x + ox, y + oy] = self[x, y]
            }
        }
        return canvas
    }
}
