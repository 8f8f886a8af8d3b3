/// The attribution Marvel asks for wherever its data is shown. The built-in catalog's data is
/// dated 2023 (its fixtures' envelopes say so, `scripts/generate_fixtures.py` writes them): the
/// catalog server, the gallery before its first page arrives and every output use this one
/// text, so the year is the same on every screen. Other sources show the text they send.
public enum MarvelAttribution {
    public static let year = 2023
    public static let copyright = "© \(year) MARVEL"
    public static let text = "Data provided by Marvel. \(copyright)"
    public static let html = "<a href=\"http://marvel.com\">\(text)</a>"
}
