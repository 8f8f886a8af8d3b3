import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// Pixel pictures through the encoder, checked on a virtual terminal that understands kitty's
/// commands: each picture is transmitted once, placed where the frame has it, moved by
/// re-placing, deleted when it leaves or is drawn over; placeholders through tmux; sixel
/// redraws; the leave bytes delete every kitty picture.
final class ImageLayerTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func picture(_ id: UInt32, _ graphics: GraphicsProtocol = .kitty, placeholders: Bool = false,
                         cols: Int = 4, rows: Int = 2) -> HalfBlockCells {
        var cells = HalfBlockCells.solid(cols: cols, rows: rows, rgb: RGB(UInt8(id % 200), 90, 200))
        cells.pixels = TerminalImage(id: id, graphics: graphics, placeholders: placeholders, cols: cols, rows: rows,
                                     payload: Array((graphics == .sixel ? "\u{1B}Pq#0PIXELS-\(id)\u{1B}\\" : "PIXELS-\(id)").utf8))
        return cells
    }

    /// A frame with `pictures` drawn at their points (4x2 cells each).
    private func frame(_ pictures: [(HalfBlockCells, Point)], size: Size = Size(width: 40, height: 12)) -> Buffer {
        var b = Buffer(size: size)
        b.put("header", at: .zero)
        for (p, at) in pictures {
            b.render(HalfBlockImage(p), in: Rect(x: at.x, y: at.y, width: p.cols, height: p.rows))
        }
        b.settleImages()
        return b
    }

    /// Encodes `frames` one after another on one encoder and terminal.
    private func show(_ frames: [Buffer], depth: ColorDepth = .truecolor) -> (VirtualTerminal, [[UInt8]], ANSIEncoder) {
        encodeFrames(frames, on: ANSIEncoder(depth: depth, synchronizedOutput: true, pictures: PixelPictureLayer()))
    }

    func testKittyPicturesAreSentOncePlacedMovedAndDeleted() {
        let a = picture(11), b = picture(12)
        let frames = [
            frame([(a, Point(x: 2, y: 1)), (b, Point(x: 10, y: 1))]),
            frame([(a, Point(x: 2, y: 5))]),                            // a moved, b left
            frame([(a, Point(x: 2, y: 5)), (b, Point(x: 20, y: 8))]),   // b back elsewhere
            frame([(a, Point(x: 2, y: 5)), (b, Point(x: 20, y: 8))]),   // nothing changed
        ]
        let (vt, writes, enc) = show(frames)
        XCTAssertEqual(vt.graphics.transmits, [11: 1, 12: 1], "each picture transmitted once")
        XCTAssertEqual(vt.graphics.placements[11], Rect(x: 2, y: 5, width: 4, height: 2))
        XCTAssertEqual(vt.graphics.placements[12], Rect(x: 20, y: 8, width: 4, height: 2))
        XCTAssertTrue(s(writes[1]).contains("\u{1B}_Ga=d,d=i,i=12,p=1,q=2\u{1B}\\"), "b deleted when it left")
        XCTAssertFalse(s(writes[1]).contains("a=t"), "moving sends no pixels")
        XCTAssertFalse(s(writes[2]).contains("a=t"), "b comes back from the terminal's store")
        XCTAssertEqual(writes[3], [], "an unchanged frame writes nothing")
        XCTAssertEqual(enc.imagesTransmitted, 2)
        XCTAssertEqual(vt.unknownSequences, [])
        // The cells under a picture are blanks (text never shows through) and nothing else.
        XCTAssertEqual(vt.screen[3, 5].symbol, " ")
    }

    func testAFrameWithoutPicturesLeavesNoPlacement() {
        let (vt, _, _) = show([frame([(picture(5), Point(x: 1, y: 2)), (picture(6), Point(x: 8, y: 2))]), frame([])])
        XCTAssertEqual(vt.graphics.placements, [:])
    }

    func testTextDrawnOverAPictureCoversIt() {
        // Through tmux (placeholders) no terminal draws text over the picture: it gives way.
        var covered = Buffer(size: Size(width: 40, height: 12))
        covered.render(HalfBlockImage(picture(21, placeholders: true)), in: Rect(x: 2, y: 2, width: 4, height: 2))
        covered.put("help", at: Point(x: 3, y: 3))   // an overlay over part of the picture
        covered.settleImages()
        XCTAssertEqual(covered.images, [], "the picture gives way")
        XCTAssertEqual(covered[2, 2].style.background, RGB(21, 90, 200).color, "the rest shows its half-blocks")
        XCTAssertEqual(covered[3, 3].symbol, "h")
        let (vt, _, _) = show([frame([(picture(21, placeholders: true), Point(x: 2, y: 2))]), covered])
        XCTAssertEqual(vt.screen[4, 3].symbol, "e")
        XCTAssertEqual(vt.screen[2, 2].symbol, " ", "half-blocks, no placeholder glyph left")
    }

    /// kitty placed directly (issue 26): an overlay over part of a picture leaves it placed,
    /// re-placed under the cells (z below INT32_MIN/2); the overlay's cells get a background
    /// (the picture's colour at 28 %) and light text, so they cover it; the cells it does not
    /// reach stay pixels. Closing the overlay puts it back above the text (z=1), never sent twice.
    func testKittyPictureStaysUnderAnOverlayAndComesBackAboveWhenItCloses() {
        var covered = Buffer(size: Size(width: 40, height: 12))
        covered.put("header", at: .zero)
        covered.render(HalfBlockImage(picture(21), staysUnderText: true), in: Rect(x: 2, y: 2, width: 4, height: 2))
        covered.put("help", at: Point(x: 3, y: 3))
        covered.settleImages()
        XCTAssertEqual(covered.images.map(\.image.id), [21], "the picture stays")
        XCTAssertEqual(covered.images.first?.underText, true)
        XCTAssertEqual(covered[3, 3].symbol, "h")
        XCTAssertEqual(covered[3, 3].style.background, Color.rgb(5, 25, 56))
        XCTAssertEqual(covered[3, 3].style.foreground, Color.rgb(0xF2, 0xF2, 0xF2))
        XCTAssertEqual(covered[2, 2], ImagePlacement.cover, "the rest is still the picture")
        let open = frame([(picture(21), Point(x: 2, y: 2))])
        let (vt, writes, enc) = show([open, covered, open])
        XCTAssertTrue(s(writes[0]).contains("i=21,p=1,c=4,r=2,z=1,"), s(writes[0]))
        XCTAssertTrue(s(writes[1]).contains("i=21,p=1,c=4,r=2,z=-1073741825,"), s(writes[1]))
        XCTAssertFalse(s(writes[1]).contains("a=d,d=i"), "not deleted under the overlay")
        XCTAssertFalse(s(writes[1]).contains("48;2;5;25;56"), "cells on the canvas go on the default background")
        XCTAssertEqual(covered.images.first?.veil, Rect(x: 3, y: 3, width: 3, height: 1), "the cells drawn over it")
        XCTAssertTrue(s(writes[1]).contains("a=t,f=32,s=1,v=1,t=d,i=\(KittyGraphics.veilID)"), "the veil is sent")
        XCTAssertTrue(s(writes[1]).contains("i=\(KittyGraphics.veilID),p=21,c=3,r=1,z=-2,"), "and laid over those cells")
        XCTAssertTrue(s(writes[1]).contains("a=t,f=100,t=d,i=\(KittyGraphics.canvasID),"), "the canvas is sent (kitty's PNG)")
        XCTAssertTrue(s(writes[1]).contains("i=\(KittyGraphics.canvasID),p=1,c=40,r=12,z=-2147483648,"), "under everything")
        XCTAssertFalse(s(writes[0]).contains("i=\(KittyGraphics.canvasID)"), "no canvas while nothing is under the text")
        // On and off the canvas every cell is written again (a full repaint: `d=a` deletes the
        // placements, the canvas and the veil with them, and the pictures are placed again).
        XCTAssertTrue(s(writes[2]).contains("\u{1B}_Ga=d,d=a,"), "the canvas and the veil go with the overlay")
        XCTAssertFalse(s(writes[2]).contains("i=\(KittyGraphics.canvasID)"))
        XCTAssertTrue(s(writes[2]).contains("i=21,p=1,c=4,r=2,z=1,"), "above the text again")
        XCTAssertEqual(vt.graphics.placements[21], Rect(x: 2, y: 2, width: 4, height: 2))
        XCTAssertEqual(vt.screen[4, 3].symbol, " ", "the overlay's text is gone")
        XCTAssertEqual(enc.imagesTransmitted, 1)
    }

    /// The canvas (kitty 0.26.5's background pass under software GL, `PixelPictureLayer+KittyCanvas`):
    /// one opaque pixel per cell, the cell's background as the terminal shows it.
    func testTheCanvasHoldsEveryCellsBackground() {
        var b = Buffer(size: Size(width: 3, height: 2))
        b.set(Cell("a", style: Style(background: .rgb(20, 20, 40))), at: Point(x: 1, y: 0))
        b.set(Cell("b", style: Style(background: .indexed(196))), at: Point(x: 2, y: 0))
        b.set(Cell("c", style: Style(foreground: .rgb(1, 2, 3), attributes: .reverse)), at: Point(x: 0, y: 1))
        let pixels = PixelPictureLayer.canvasPixels(b, depth: .truecolor, defaultColors: .kittyDefaults)
        XCTAssertEqual(pixels, [0, 0, 0, 255, 20, 20, 40, 255, 255, 0, 0, 255,
                                1, 2, 3, 255, 0, 0, 0, 255, 0, 0, 0, 255])
    }

    /// A terminal that said its default colours (a themed kitty: OSC 11/10) gets them on the
    /// canvas for cells on the default colours, and reverse video's text in its background.
    func testTheCanvasPaintsTheTerminalsOwnDefaultColours() {
        var b = Buffer(size: Size(width: 2, height: 1))
        b.set(Cell("c", style: Style(attributes: .reverse)), at: Point(x: 1, y: 0))
        let colors = TerminalColors(background: RGB(0x1E, 0x1E, 0x2E), foreground: RGB(0xCD, 0xD6, 0xF4))
        XCTAssertEqual(PixelPictureLayer.canvasPixels(b, depth: .truecolor, defaultColors: colors), [0x1E, 0x1E, 0x2E, 255, 0xCD, 0xD6, 0xF4, 255])
        var fg = Color.default, bg = Color.default, attrs: Attributes = [.reverse]
        Style.onCanvas(&fg, &bg, &attrs, background: RGB(0x1E, 0x1E, 0x2E))
        XCTAssertEqual(fg, .rgb(0x1E, 0x1E, 0x2E))
    }

    /// On the canvas a cell goes on the default background, and reverse video (the status bar,
    /// all it has under NO_COLOR) becomes text in its background's colour: black for the
    /// default one, written even at depth `.none` (the canvas paints the light bar under it).
    func testCellsOnTheCanvasGoOnTheDefaultBackground() {
        var fg = Color.default, bg = Color.default, attrs: Attributes = [.reverse, .bold]
        Style.onCanvas(&fg, &bg, &attrs, background: RGB(0, 0, 0))
        XCTAssertEqual(fg, .rgb(0, 0, 0))
        XCTAssertEqual(bg, .default)
        XCTAssertEqual(attrs, .bold)
        var b = Buffer(size: Size(width: 20, height: 6))
        b.render(HalfBlockImage(picture(51), staysUnderText: true), in: Rect(x: 2, y: 1, width: 4, height: 2))
        b.put("help", at: Point(x: 3, y: 2))
        b.put("bar", at: Point(x: 0, y: 5), style: Style(attributes: .reverse))
        b.settleImages()
        let (vt, writes, _) = show([b], depth: .none)
        XCTAssertTrue(s(writes[0]).contains("38;2;0;0;0"), s(writes[0]))
        XCTAssertFalse(vt.screen[0, 5].style.attributes.contains(.reverse), "no reverse video on the canvas")
        XCTAssertEqual(vt.screen[0, 5].style.foreground, .rgb(0, 0, 0))
        XCTAssertEqual(vt.screen[0, 5].style.background, .default)
    }

    /// A kitty picture that is neither a backdrop nor a tile (the covers strip) gives way to its
    /// half-blocks where text is drawn over it, as in the other protocols.
    func testAKittyPictureNotKeptUnderTextGivesWayToItsHalfBlocks() {
        var b = Buffer(size: Size(width: 40, height: 12))
        b.render(HalfBlockImage(picture(41)), in: Rect(x: 2, y: 2, width: 4, height: 2))
        b.put("help", at: Point(x: 3, y: 3))
        b.settleImages()
        XCTAssertTrue(b.images.isEmpty, "the tile is not kept under the text")
        XCTAssertEqual(b[3, 3].symbol, "h")
        XCTAssertNotEqual(b[2, 2], ImagePlacement.cover, "its half-block cells where the help is not")
    }

    /// The kitty backdrop (issue 26): a picture kept under a panel drawn over it, and a smaller
    /// picture (a cover of the panel's strip) placed over it later: both stay, and the panel's
    /// cells read the big picture's colours through `shownCell` before they are drawn over.
    func testAPicturePlacedOverOneKeptUnderTheTextKeepsBoth() {
        var b = Buffer(size: Size(width: 40, height: 12))
        b.render(HalfBlockImage(picture(31, cols: 20, rows: 10), staysUnderText: true), in: Rect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertNotEqual(b.shownCell(at: Point(x: 6, y: 3)), ImagePlacement.cover, "the picture's half-block colours")
        XCTAssertEqual(b.shownCell(at: Point(x: 30, y: 3)), b[30, 3], "no picture there")
        b.fill(Rect(x: 5, y: 2, width: 10, height: 6), with: Cell(" ", style: Style(background: .rgb(9, 9, 9))))
        b.render(HalfBlockImage(picture(32, cols: 2, rows: 2)), in: Rect(x: 7, y: 3, width: 2, height: 2))
        b.settleImages()
        XCTAssertEqual(Set(b.images.map(\.image.id)), [31, 32])
        XCTAssertEqual(b.images.first { $0.image.id == 31 }?.veil, Rect(x: 5, y: 2, width: 10, height: 6))
        XCTAssertEqual(b.images.first { $0.image.id == 32 }?.underText, false, "the cover stays above the text")
    }

    /// The help over the kitty backdrop and over a cover of its panel's strip, both pictures
    /// kept under the text: both stay placed, the cover above the backdrop. Seen in kitty
    /// 0.26.5: `?` on 3-D Man's page at 177x55 deleted the backdrop (the screen outside the
    /// panel went black, 0,0,0) because the veiled cover took every picture it overlapped.
    func testTheHelpOverABackdropAndACoverKeepsBothWithTheCoverAbove() throws {
        var b = Buffer(size: Size(width: 40, height: 12))
        b.render(HalfBlockImage(picture(31, cols: 20, rows: 10), staysUnderText: true), in: Rect(x: 0, y: 0, width: 20, height: 10))
        b.fill(Rect(x: 5, y: 2, width: 10, height: 6), with: Cell(" ", style: Style(background: .rgb(9, 9, 9))))
        b.render(HalfBlockImage(picture(32, cols: 4, rows: 2), staysUnderText: true), in: Rect(x: 7, y: 3, width: 4, height: 2))
        b.fill(Rect(x: 2, y: 4, width: 7, height: 3), with: Cell("?", style: Style(background: .rgb(30, 0, 0))))
        b.settleImages()
        XCTAssertEqual(Set(b.images.map(\.image.id)), [31, 32], "the backdrop stays under the help")
        XCTAssertTrue(b.images.allSatisfy(\.underText))
        let (vt, writes, _) = show([b])
        XCTAssertEqual(vt.graphics.placements[31], Rect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(vt.graphics.placements[32], Rect(x: 7, y: 3, width: 4, height: 2))
        func z(_ id: UInt32) throws -> Int {
            let bytes = s(writes[0])
            let start = try XCTUnwrap(bytes.range(of: "a=p,i=\(id),p=1,"), "placed: \(id)")
            let rest = bytes[start.upperBound...]
            let field = try XCTUnwrap(rest.range(of: "z="))
            return try XCTUnwrap(Int(rest[field.upperBound...].prefix { $0 == "-" || $0.isNumber }))
        }
        XCTAssertLessThan(try z(31), try z(32), "the cover above the backdrop")
        XCTAssertLessThan(try z(32), -(1 << 30), "both under the cells")
    }

    /// Two overlays apart over one picture kept under the text (the backdrop's panel on the
    /// right, the help in the middle): a veil over each, not one over their bounding box, which
    /// darkened the bare picture between them (kitty 0.26.5 at 355x111: a dark rectangle from
    /// the help's left edge to the panel, top to bottom, around a small help box).
    func testOverlaysApartOverAPictureAreVeiledApart() throws {
        var b = Buffer(size: Size(width: 60, height: 20))
        b.render(HalfBlockImage(picture(33, cols: 60, rows: 20), staysUnderText: true), in: Rect(x: 0, y: 0, width: 60, height: 20))
        let panel = Rect(x: 40, y: 1, width: 18, height: 18), help = Rect(x: 10, y: 8, width: 20, height: 5)
        b.fill(panel, with: Cell(" ", style: Style(background: .rgb(9, 9, 9))))
        b.render(HalfBlockImage(picture(34, cols: 4, rows: 2)), in: Rect(x: 42, y: 6, width: 4, height: 2))  // a cover on the panel
        b.fill(help, with: Cell("?", style: Style(background: .rgb(30, 0, 0))))
        b.settleImages()
        let backdrop = try XCTUnwrap(b.images.first { $0.image.id == 33 })
        XCTAssertEqual(Set(backdrop.veils.map { "\($0)" }), Set([panel, help].map { "\($0)" }), "one veil each")
        let (_, writes, _) = show([b])
        let bytes = s(writes[0])
        XCTAssertTrue(bytes.contains("i=\(KittyGraphics.veilID),p=33,c=\(panel.width),r=\(panel.height),z=-2")
                      || bytes.contains("i=\(KittyGraphics.veilID),p=33,c=\(help.width),r=\(help.height),z=-2"), bytes)
        XCTAssertFalse(bytes.contains("c=48,r=18,z=-2"), "no veil over the bounding box")
    }

    /// The help over the backdrop, overlapping its panel (250x70 in kitty, issue 35): the help
    /// is opaque, not dimmed. Its cells keep their own colours, the dimmed veil covers only
    /// the panel (not the bounding box of panel and help, which darkened rows far beyond the
    /// help), and an opaque veil in the terminal's background hides the picture under the help,
    /// above the dimmed one. Closed, the opaque veil goes.
    func testAnOpaqueBoxOverAPictureUnderTheTextHidesItAndDimsNothingElse() throws {
        var b = Buffer(size: Size(width: 60, height: 20))
        b.render(HalfBlockImage(picture(35, cols: 60, rows: 20), staysUnderText: true), in: Rect(x: 0, y: 0, width: 60, height: 20))
        let panel = Rect(x: 40, y: 1, width: 18, height: 18), help = Rect(x: 10, y: 8, width: 36, height: 5)
        b.fill(panel, with: Cell(" ", style: Style(background: .rgb(9, 9, 9))))
        var closed = b
        closed.settleImages()
        b.fill(help, with: .blank)
        b.markOpaque(help)
        b.put("help", at: Point(x: 12, y: 9))
        b.settleImages()
        let backdrop = try XCTUnwrap(b.images.first { $0.image.id == 35 })
        XCTAssertEqual(backdrop.veils, [panel], "the panel alone is dimmed")
        XCTAssertEqual(b[11, 9], .blank, "the help's cells keep their own colours")
        XCTAssertEqual(b[12, 9].style, .plain)
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        encoder.defaultColors = TerminalColors(background: RGB(1, 2, 3), foreground: RGB(200, 200, 200))
        var vt = VirtualTerminal(size: b.size)
        let open = encoder.encode(BufferDiff.fullRepaint(b))
        vt.feed(open)
        let bytes = s(open)
        XCTAssertTrue(bytes.contains("a=t,f=32,s=1,v=1,t=d,i=\(KittyGraphics.opaqueID),q=2,m=0;AQID/w=="), "sent in the background colour")
        XCTAssertTrue(bytes.contains("i=\(KittyGraphics.opaqueID),p=1,c=36,r=5,z=-1,"), bytes)
        XCTAssertEqual(vt.graphics.placements[KittyGraphics.opaqueID], help)
        XCTAssertTrue(bytes.contains("i=\(KittyGraphics.veilID),p=35,c=18,r=18,z=-2,"), "the dimmed veil under it")
        XCTAssertFalse(bytes.contains("c=48,r=18,z=-2"), "no veil over the bounding box")
        let back = encoder.encode(BufferDiff(from: b, to: closed))
        vt.feed(back)
        XCTAssertTrue(s(back).contains("a=d,d=i,i=\(KittyGraphics.opaqueID),q=2"), s(back))
        XCTAssertNil(vt.graphics.placements[KittyGraphics.opaqueID], "gone with the help")
    }

    func testAPictureThatDoesNotFitIsDrawnAsHalfBlocks() {
        var b = Buffer(size: Size(width: 10, height: 4))
        b.render(HalfBlockImage(picture(3, cols: 6, rows: 3)), in: Rect(x: 0, y: 0, width: 4, height: 2))
        b.settleImages()
        XCTAssertEqual(b.images, [])
        XCTAssertEqual(b[0, 0].style.background, RGB(3, 90, 200).color)
    }

    func testTmuxPlaceholdersAreTextAndThePictureGoesThroughPassthroughOnce() {
        let id: UInt32 = 0x01_02_03
        let p = picture(id, placeholders: true, cols: 3, rows: 2)
        let frames = [frame([(p, Point(x: 1, y: 1))]), frame([(p, Point(x: 1, y: 4))])]
        // 256 colours (tmux default): the id colour must still be sent as 24 bits.
        let (vt, writes, _) = show(frames, depth: .ansi256)
        let first = s(writes[0])
        XCTAssertTrue(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,t=d,i=66051,q=2,m=0;"), first)
        XCTAssertTrue(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=66051,c=3,r=2,q=2\u{1B}\u{1B}\\\u{1B}\\"))
        XCTAssertTrue(first.contains("38;2;1;2;3m"), "the id as a 24-bit foreground")
        // Row 0, columns 0-2: U+10EEEE, row mark U+0305, column marks U+0305, U+030D, U+030E.
        XCTAssertTrue(first.contains("\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{10EEEE}\u{0305}\u{030E}"))
        XCTAssertEqual(vt.screen[1, 5].symbol, "\u{10EEEE}\u{030D}\u{0305}", "row 1, column 0 after the move")
        XCTAssertEqual(vt.graphics.transmits, [id: 1])
        XCTAssertEqual(vt.graphics.virtualPlacements, [id])
        XCTAssertEqual(vt.graphics.placements, [:], "no placement at the cursor: tmux would not move it")
        XCTAssertFalse(s(writes[1]).contains("tmux;"), "moving placeholders is text only")
    }

    func testSixelIsRedrawnWhenItOrACellUnderItChangesAndAClearWipesItWhenItLeaves() {
        let p = picture(9, .sixel)
        let still = frame([(p, Point(x: 2, y: 2))])
        var touched = still
        touched.put("x", at: Point(x: 30, y: 10))   // elsewhere: no redraw
        var moved = Buffer(size: still.size)
        moved.put("header", at: .zero)
        moved.render(HalfBlockImage(p), in: Rect(x: 3, y: 2, width: 4, height: 2))
        moved.settleImages()
        let gone = frame([])
        let (vt, writes, _) = show([still, touched, moved, gone])
        XCTAssertTrue(s(writes[0]).contains("PIXELS-9"))
        XCTAssertFalse(s(writes[1]).contains("PIXELS-9"), "a change elsewhere does not redraw it")
        XCTAssertTrue(s(writes[2]).contains("\u{1B}[2J") && s(writes[2]).contains("PIXELS-9"), "moved: cleared, drawn anew")
        XCTAssertTrue(s(writes[3]).contains("\u{1B}[2J"), "a sixel that leaves is wiped by a clear")
        XCTAssertEqual(vt.graphics.pixelDraws, [Point(x: 2, y: 2), Point(x: 3, y: 2)])
        XCTAssertEqual(vt.screen.text, gone.text)
    }

    func testLeaveBytesDeleteKittyPicturesOnlyWhenKittyIsUsed() {
        let plain = ANSI.leaveSequence()
        XCTAssertEqual(ANSI.leaveSequence(graphics: GraphicsMode(graphics: .sixel)), plain)
        XCTAssertEqual(ANSI.leaveSequence(graphics: GraphicsMode(graphics: .kitty)),
                       Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8) + plain)
        XCTAssertEqual(ANSI.leaveSequence(graphics: GraphicsMode(graphics: .kitty, tmuxPlaceholders: true)),
                       Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=A,q=2\u{1B}\u{1B}\\\u{1B}\\".utf8) + plain)
    }

    func testBase64MatchesTheStandard() {
        XCTAssertEqual(s(Base64.encode(Array("".utf8))), "")
        XCTAssertEqual(s(Base64.encode(Array("f".utf8))), "Zg==")
        XCTAssertEqual(s(Base64.encode(Array("fo".utf8))), "Zm8=")
        XCTAssertEqual(s(Base64.encode(Array("foobar".utf8))), "Zm9vYmFy")
        XCTAssertEqual(s(Base64.encode([0xFF, 0xFE, 0x00])), "//4A")
    }

    func testPlaceholderDiacriticsAreKittysTable() {
        XCTAssertEqual(KittyPlaceholder.diacritics.count, 120)
        XCTAssertEqual(Set(KittyPlaceholder.diacritics).count, 120)
        XCTAssertEqual(TextWidth.of(KittyPlaceholder.symbol(row: 7, column: 60)), 1)
        XCTAssertEqual(KittyPlaceholder.symbol(row: 7, column: 60).count, 1, "one grapheme")
    }

    func testADocumentsPicturesMoveWithItsLinesAndACutSixelIsHalfBlocks() {
        // (A cut kitty picture stays pixels: KittyCroppedPictureTests.)
        var document = Buffer(size: Size(width: 20, height: 12))
        document.render(HalfBlockImage(picture(31, .sixel)), in: Rect(x: 2, y: 5, width: 4, height: 2))
        document.render(HalfBlockImage(picture(32)), in: Rect(x: 10, y: 1, width: 4, height: 2))
        var screen = Buffer(size: Size(width: 40, height: 12))
        let viewport = Rect(x: 10, y: 1, width: 20, height: 6)
        // Lines 3... of the document in the viewport (the copy of the cells, as the detail page does).
        for row in 0..<viewport.height {
            for x in 0..<viewport.width { screen.set(document[x, row + 3], at: Point(x: viewport.x + x, y: viewport.y + row)) }
        }
        screen.copyImages(from: document, top: 3, into: viewport)
        screen.settleImages()
        XCTAssertEqual(screen.images.map(\.image.id), [31])
        XCTAssertEqual(screen.images.first?.rect, Rect(x: 12, y: 3, width: 4, height: 2))
        // Picture 32 (lines 1-2) is above the viewport: nothing of it shows, no placement.
        for (i, cell) in screen.cells.enumerated() where cell.style.attributes.contains(.picture) {
            XCTAssertTrue(screen.images[0].rect.contains(Point(x: i % 40, y: i / 40)), "a picture cell without a picture")
        }
        // Scrolled so that picture 31 is cut by the viewport's top: its visible row is half-blocks
        // (sixel cannot show part of a picture).
        var cut = Buffer(size: Size(width: 40, height: 12))
        for row in 0..<viewport.height {
            for x in 0..<viewport.width { cut.set(document[x, row + 6], at: Point(x: viewport.x + x, y: viewport.y + row)) }
        }
        cut.copyImages(from: document, top: 6, into: viewport)
        cut.settleImages()
        XCTAssertEqual(cut.images, [])
        XCTAssertEqual(cut[12, 1].style.background, RGB(31, 90, 200).color)
    }
}
