/// Whose data Comic Vine's is and on what terms: its API terms ask for credit and a link back to
/// Comic Vine on every use, and allow non-commercial use only; pictures are the publishers'.
public enum ComicVineTerms {
    public static let site = "https://comicvine.gamespot.com"
    /// The envelope's `copyright`: Comic Vine's, never Marvel's.
    public static let copyright = "Comic Vine (\(site)), non-commercial use"
    /// The envelope's `attributionText` on every answer translated from Comic Vine.
    public static let attribution = "Data provided by Comic Vine (\(site)); pictures remain their publishers'."
    /// What the status line carries after the budget.
    public static let statusCredit = "Comic Vine"
    /// The publisher every character list is filtered to (Marvel's id on Comic Vine).
    public static let marvelPublisher = 31
}
