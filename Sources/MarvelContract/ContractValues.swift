/// Values the contract (MARVEL_API.md) fixes, written once: every layer that writes or reads
/// an answer takes them from here.
public enum ContractValues {
    /// Where resource URIs point: the gateway's host, and its API's root.
    public static let gateway = "http://gateway.marvel.com/"
    public static let gatewayAPI = gateway + "v1/public"
    /// What a date the data does not know is (`modified`, `dates[].date`).
    public static let emptyDate = "-0001-11-30T00:00:00-0500"
    /// The last path component of Marvel's "image not available" picture, and its whole path.
    public static let imageNotAvailableToken = "image_not_available"
    public static let imageNotAvailablePath = "http://i.annihil.us/u/prod/marvel/i/mg/b/40/" + imageNotAvailableToken

    /// The resource URI of entity `id` of a kind (`characters`, `comics`, ...).
    public static func resourceURI(_ kind: String, _ id: Int) -> String { "\(gatewayAPI)/\(kind)/\(id)" }
}
