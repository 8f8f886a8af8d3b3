import Foundation

/// An issue's series as Metron nests it in the issue (`series`), in a detail and in a list
/// item alike: a list item names it without its id and type.
public struct MetronIssueSeries: Sendable, Equatable {
    public var id: Int?
    public var name: String
    public var volume: Int?
    public var yearBegan: Int?
    /// "Ongoing Series", "Limited Series", "One-Shot", ...
    public var type: String?

    /// Reads the `series` of the issue whose fields these are.
    init(issue fields: inout MetronFields) {
        // The series type's notes name it by the record's place, beside the series (`issue 5 series_type`).
        let typePlace = "\(fields.place) series_type"
        (id, name, volume, yearBegan, type) = fields.inside("series") { series in
            (MetronFields.int(series.object["id"]), series.text("name") ?? "", series.int("volume"),
             series.int("year_began"), series.inside("series_type", place: typePlace) { $0.text("name") })
        }
    }
}
