import MarvelContract

/// Anything listed by a Marvel endpoint: has an `id` (used to de-duplicate pages).
public protocol MarvelEntity: Codable, Sendable, Identifiable where ID == Int {
    /// Which of the six resource types this is (its URL path name).
    static var resource: MarvelResource { get }
}

/// The outer object of every successful response.
/// `copyright`/`attribution*` are absent in Feb-2014 recordings, so they are optional.
public struct DataWrapper<Entity: Codable & Sendable>: Codable, Sendable {
    public var code: Int
    public var status: String
    public var copyright: String?
    public var attributionText: String?
    public var attributionHTML: String?
    /// Digest of the content, same value as the `ETag` header.
    public var etag: String?
    public var data: DataContainer<Entity>

    public init(code: Int = 200, status: String = "Ok", copyright: String? = nil,
                attributionText: String? = nil, attributionHTML: String? = nil,
                etag: String? = nil, data: DataContainer<Entity>) {
        self.code = code
        self.status = status
        self.copyright = copyright
        self.attributionText = attributionText
        self.attributionHTML = attributionHTML
        self.etag = etag
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case code, status, copyright, attributionText, attributionHTML, etag, data
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.int(.code, default: 200)
        status = try c.string(.status, default: "Ok")
        copyright = try c.text(.copyright)
        attributionText = try c.text(.attributionText)
        attributionHTML = try c.text(.attributionHTML)
        etag = try c.text(.etag)
        data = try c.decode(DataContainer<Entity>.self, forKey: .data)
    }
}

extension DataWrapper: Equatable where Entity: Equatable {}

/// One page of results. `total` changes over time: re-read it on every page.
public struct DataContainer<Entity: Codable & Sendable>: Codable, Sendable {
    public var offset: Int
    public var limit: Int
    public var total: Int
    public var count: Int
    public var results: [Entity]
    /// Records of `results` that could not be decoded (a missing name, a wrong type): skipped,
    /// counted, and the rest of the page kept. Not part of the JSON.
    public var unreadable = 0

    public init(offset: Int = 0, limit: Int = 20, total: Int? = nil, results: [Entity]) {
        self.offset = offset
        self.limit = limit
        self.total = total ?? results.count
        self.count = results.count
        self.results = results
    }

    enum CodingKeys: String, CodingKey { case offset, limit, total, count, results }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // One bad record must not blank its page: each decodes on its own. A page where no
        // record reads at all is an error (with the first record's path), not an empty page.
        let tolerant = try c.list(Tolerant<Entity>.self, .results)
        results = tolerant.compactMap(\.value)
        unreadable = tolerant.count - results.count
        if results.isEmpty, let firstError = tolerant.first?.error { throw firstError }
        offset = try c.int(.offset)
        limit = try c.int(.limit, default: 20)
        count = try c.int(.count, default: results.count)
        // A total that is not a number says nothing: a full page may have more after it
        // (`largestTotal`, whose real end the gallery finds by asking), a short one ends here.
        let claimed = try? c.int(.total, default: offset + results.count)
        total = Self.believable(total: claimed ?? (results.count < limit ? offset + results.count : Self.largestTotal))
    }

    /// The largest `total` kept: 2^53, past which a JSON number is not exact anyway. Positions
    /// cost nothing until loaded, but offsets are added to it (a page's rows, a shift), and a
    /// claimed 2^63 - 1 would overflow those sums.
    public static var largestTotal: Int { 1 << 53 }

    /// A server's claimed `total` as a count of positions: 0 when negative, at most `largestTotal`.
    public static func believable(total: Int) -> Int { min(max(total, 0), largestTotal) }
}

extension DataContainer: Equatable where Entity: Equatable {}

/// One array element decoded on its own: nil when it does not decode (the array goes on).
struct Tolerant<Value: Decodable>: Decodable {
    let value: Value?
    let error: (any Error)?
    init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
            error = nil
        } catch {
            value = nil
            self.error = error
        }
    }
}

/// An error body. Two shapes exist: `{"code": 409, "status": "…"}` (validation, not-found-by-id)
/// and `{"code": "InvalidCredentials", "message": "…"}` (gateway/auth errors).
public struct MarvelErrorBody: Codable, Sendable, Hashable {
    public enum Code: Sendable, Hashable, Codable {
        case number(Int)
        case name(String)

        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let number = try? c.decode(Int.self) { self = .number(number) }
            else { self = .name(try c.decode(String.self)) }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .number(let number): try c.encode(number)
            case .name(let name): try c.encode(name)
            }
        }
    }

    public var code: Code?
    /// The server's text, from `status` or `message`.
    public var message: String

    public init(code: Code?, message: String) {
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case code, status, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try? c.decodeIfPresent(Code.self, forKey: .code)
        message = try c.text(.status) ?? c.text(.message) ?? ""
    }

    /// Writes the shape Marvel uses for the code's kind: Int code → `status`, String code → `message`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(code, forKey: .code)
        if case .name = code { try c.encode(message, forKey: .message) }
        else { try c.encode(message, forKey: .status) }
    }
}
