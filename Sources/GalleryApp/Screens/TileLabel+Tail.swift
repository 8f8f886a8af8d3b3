extension TileLabel {
    /// The end of a title that tells it from its neighbours in a grid: a series' years
    /// ("(1963 - 1998)"), a comic's issue or a collection's volume number ("#12", "Vol. 3") and
    /// the mark after it ("(Variant)", "(Hardcover)"). Series of one name differ only by their
    /// years, and a comic and its variants only by number and mark, so these must survive a cut.
    struct TellingTail: Equatable {
        /// The title before the parts (trailing spaces trimmed).
        let base: String
        let years: String?
        /// The first year of a range ("(1963)" for "(1963 - 1998)"), nil for one year.
        let firstYear: String?
        let number: String?
        let mark: String?

        /// One way to write the tail: `text` with its leading space; `dropped` when a part is
        /// left out (an ellipsis says so); `name`: the fewest columns it must leave the name.
        struct Form: Equatable {
            let text: String
            let dropped: Bool
            let name: NameShare
        }

        /// Fuller forms need half the label for the name; the essential ones (the number, the
        /// first year) one column; a number with its variant mark none ("… #16 Var" beside
        /// "Spid… #16" on a 9-column tile, where both read "Spid… #16").
        enum NameShare: Equatable { case half, one, none }

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

        /// The ways to write the tail, the most telling first, down to the essential.
        var forms: [Form] {
            guard let number else {
                guard let years else { return [] }
                return [Form(text: " " + years, dropped: false, name: firstYear == nil ? .one : .half)]
                    + (firstYear.map { [Form(text: " " + $0, dropped: false, name: .one)] } ?? [])
            }
            // A variant keeps a short "Var"; a format mark goes (the frame's label tells the format).
            let shortMark = mark.flatMap { $0.lowercased().contains("variant") ? "Var" : nil }
            func form(_ year: String?, _ mark: String?, name: NameShare = .half) -> Form {
                let dropped = (years != nil && year == nil) || (self.mark != nil && mark == nil)
                let text = [year, number, mark].compactMap { $0 }.map { " " + $0 }.joined()
                return Form(text: text, dropped: dropped, name: name)
            }
            var forms: [Form] = []
            if let years {
                forms.append(form(years, mark))
                if mark != nil { forms.append(form(years, shortMark)) }
                if let firstYear { forms.append(form(firstYear, shortMark)) }
            }
            if mark != nil && shortMark != nil { forms.append(form(nil, mark)) }
            forms.append(form(nil, shortMark, name: shortMark == nil ? .one : .none))
            if shortMark != nil { forms.append(form(nil, nil, name: .one)) }
            return forms
        }

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
