extension TileLabel {
    /// The end of a title that tells it from its neighbours in a grid: a series' years
    /// ("(1963 - 1998)"), a comic's issue or a collection's volume number ("#12", "Vol. 3") and
    /// the mark after it ("(Variant)", "(Hardcover)"). Series of one name differ only by their
    /// years, and a comic and its variants only by number and mark: what a cut label adds back
    /// where two would read the same (`TileLabel.fit(_:to:)` of names shown together).
    struct TellingTail: Equatable {
        /// The title before the parts (trailing spaces trimmed).
        let base: String
        let years: String?
        /// The first year of a range ("(1963)" for "(1963 - 1998)"), nil for one year.
        let firstYear: String?
        let number: String?
        let mark: String?

        /// Nil for a title without such parts (a character's name: "Spider-Man (Peter Parker)"
        /// has a mark but no number, so it keeps the name rule).
        init?(_ title: String) {
            var rest = Substring(title)
            rest.trimTrailingSpaces()
            var years: Substring?, number: Substring?, mark: Substring?
            if let group = rest.trailingGroup {
                if TellingTail.isYears(group) { years = group } else { mark = group }
                rest = rest[..<group.startIndex]
                rest.trimTrailingSpaces()
            }
            if years == nil {
                guard let found = rest.trailingNumber else { return nil }
                number = found
                rest = rest[..<found.startIndex]
                rest.trimTrailingSpaces()
                if let group = rest.trailingGroup, TellingTail.isYears(group) {
                    years = group
                    rest = rest[..<group.startIndex]
                    rest.trimTrailingSpaces()
                }
            }
            guard !rest.isEmpty else { return nil }
            base = String(rest)
            self.years = years.map(String.init)
            self.number = number.map(String.init)
            self.mark = mark.map(String.init)
            firstYear = years.flatMap { $0.count > 6 ? "(" + $0.dropFirst().prefix(4) + ")" : nil }
        }

        /// A variant cover ("(Variant)", "(SPOTLIGHT VARIANT)"): its label says "Var".
        var isVariant: Bool { mark?.lowercased().contains("variant") == true }

        /// "(1963)", "(1963 - 1998)", "(2019 - Present)".
        static func isYears(_ group: Substring) -> Bool {
            let inner = group.dropFirst().dropLast()
            guard inner.count >= 4, inner.prefix(4).allSatisfy(\.isASCIIDigit) else { return false }
            var end = inner.dropFirst(4)
            if end.isEmpty { return true }
            end = end.drop { $0 == " " }
            guard end.first == "-" || end.first == "–" else { return false }
            end = end.dropFirst().drop { $0 == " " }
            return (end.count == 4 && end.allSatisfy(\.isASCIIDigit)) || (!end.isEmpty && end.allSatisfy(\.isLetter))
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

private extension Substring {
    mutating func trimTrailingSpaces() {
        while last == " " { removeLast() }
    }

    /// A "( … )" group at the end, parentheses included.
    var trailingGroup: Substring? {
        guard last == ")", let open = lastIndex(of: "("), open > startIndex else { return nil }
        return self[open...]
    }

    /// "#12", "#1.MU" or "Vol. 3" at the end.
    var trailingNumber: Substring? {
        let wordStart = lastIndex(of: " ").map { index(after: $0) } ?? startIndex
        let word = self[wordStart...]
        if word.first == "#", (2...9).contains(word.count) { return wordStart > startIndex ? word : nil }
        guard !word.isEmpty, word.count <= 4, word.allSatisfy(\.isNumber), wordStart > startIndex else { return nil }
        let before = self[..<index(before: wordStart)]
        let volumeStart = before.lastIndex(of: " ").map { index(after: $0) } ?? before.startIndex
        guard ["vol.", "vol", "volume"].contains(before[volumeStart...].lowercased()), volumeStart > startIndex else { return nil }
        return self[volumeStart...]
    }
}
