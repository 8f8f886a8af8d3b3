/// A full record's own picture and its page on metron.cloud (`image`, `resource_url`): what a
/// character, arc, creator or series detail adds over its list form, and what `MetronToMarvel`
/// turns into the Marvel shape's `thumbnail` and `urls`.
public struct MetronPictureAndPage: Sendable, Equatable {
    public var image: String?
    public var resourceURL: String?

    init(fields: inout MetronFields) {
        image = fields.picture("image")
        resourceURL = fields.text("resource_url")
    }
}
