/// Whose data Metron's is and on what terms, as Metron's own site states it: the footer of
/// every metron.cloud page (Metron-Project/metron `templates/partials/footer.html`) says
/// "This work is licensed under a Creative Commons Attribution-ShareAlike 4.0 International
/// License, except where noted otherwise." CC BY-SA asks for credit with a link to the source
/// and to the licence; cover and character pictures are the publishers' (the "except").
public enum MetronTerms {
    public static let site = "https://metron.cloud"
    public static let license = "CC BY-SA 4.0"
    public static let licenseURL = "https://creativecommons.org/licenses/by-sa/4.0/"
    /// The envelope's `copyright`: Metron's, never Marvel's.
    public static let copyright = "Metron (\(site)), \(license)"

    /// The envelope's `attributionText` on every answer translated from Metron.
    public static let attribution = "Data provided by Metron (\(site)), licensed \(license) (\(licenseURL)); "
        + "pictures remain their publishers'."

    /// The licence the status line carries after the budget (the header has the whole credit;
    /// the status line keeps room for the stale notice and the position).
    public static let statusCredit = license
}
