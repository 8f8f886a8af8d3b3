/// Marvel's "no image" pictures, recognised by URL so they are drawn as a local placeholder and
/// never downloaded: `…/b/40/image_not_available[/variant].jpg` and `…/f/60/4c002e0305708[/variant].gif`.
public enum MarvelPlaceholder {
    public static func matches(_ url: String) -> Bool {
        url.contains("/image_not_available") || url.contains("/f/60/4c002e0305708")
    }
}
