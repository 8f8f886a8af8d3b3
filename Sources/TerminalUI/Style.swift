/// Text attributes that are either on or off.
public struct Attributes: OptionSet, Hashable, Sendable, BitwiseCopyable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
    /// A cell under a pixel picture (never written as SGR): tells "picture here" apart from a
    /// blank drawn over the picture, so covering text is never hidden by the image.
    public static let picture = Attributes(rawValue: 1 << 5)
}

/// How a cell looks: colours, attributes and an optional OSC 8 hyperlink target. A plain value
/// (the link is a number in `SideTable.links`), so cells copy and compare without reference
/// counting.
public struct Style: Hashable, Sendable, BitwiseCopyable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes
    /// The hyperlink's number in `SideTable.links` plus one; 0 for none.
    private(set) var link: UInt32

    public init(foreground: Color = .default, background: Color = .default,
                attributes: Attributes = [], hyperlink: String? = nil) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.link = 0
        if let hyperlink { self.hyperlink = hyperlink }
    }

    /// A URL the terminal may make clickable (OSC 8). Sanitised before it is emitted. Dropped
    /// (the text stays) when the link table is full (`SideTable`).
    public var hyperlink: String? {
        get { link == 0 ? nil : SideTable.links.string(Int(link) - 1) }
        set { link = newValue.flatMap { SideTable.links.id(for: $0) }.map { UInt32($0) + 1 } ?? 0 }
    }

    public static let plain = Style()

    public func fg(_ c: Color) -> Style { var s = self; s.foreground = c; return s }
    public func bg(_ c: Color) -> Style { var s = self; s.background = c; return s }
    public func adding(_ a: Attributes) -> Style { var s = self; s.attributes.formUnion(a); return s }
    public var bold: Style { adding(.bold) }
    public var dim: Style { adding(.dim) }
    public var italic: Style { adding(.italic) }
    public var underline: Style { adding(.underline) }
    public var reverse: Style { adding(.reverse) }
    public func link(_ url: String?) -> Style { var s = self; s.hyperlink = url; return s }
}
