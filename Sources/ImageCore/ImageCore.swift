import TerminalUI
// The picture types are TerminalUI's (one RGB, one HalfBlockCells from decode to screen);
// re-exported so ImageCore's users name them without importing the terminal layer.
@_exported import struct TerminalUI.RGB
@_exported import struct TerminalUI.HalfBlockCells
// ImageCore: pictures from bytes to terminal cells. No I/O, no global state; every type is a
// Sendable value and every entry point is safe to call from any thread.
//
//   bytes --ImageDecoder.decode--> RGBImage --fitted(into:mode:) / resized(to:)--> RGBImage
//         --HalfBlockCells(image:[boxCols:boxRows:])--> cells --HalfBlockEncoder.encode--> ANSI
//
// - `ImageDecoder.decode(_:options:)`: JPEG (libjpeg-turbo), PNG (libpng),
//   GIF first frame (giflib), sniffed from magic bytes; `DecodeOptions` carries the pixel limit
//   (default 40 MP, `ImageError.imageTooLarge` before allocation), the background alpha is
//   composited over, the target size for DCT scaling, EXIF orientation. `probe` reads headers.
// - `RGBImage`: packed 8-bit RGB. `fitted(into:mode:)` (contain / cover), `fitted(cols:rows:)`
//   for half-block boxes, `resized(to:)`, `cropped`, `centreCropped(toAspect:)`,
//   `letterboxed(in:background:)`, `resampled(width:height:filter:)`.
// - `ImageEncoder.jpeg(_:quality:)`, `ImageEncoder.png(_:)`: for Marvel-size variants.
// - `HalfBlockCells`: cols x rows cells of top/bottom `RGB?` (nil = transparent), `byteCost`
//   for caches. `HalfBlockEncoder.encode(_:mode:)`: ANSI for truecolor / 256 / none.
// - `Thumbnail.image/cells/ansi`: the whole path in one call.
// - Every failure is an `ImageError` with a readable description.
