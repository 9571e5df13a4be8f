import TextServices

extension ChangedLines {
    /// The misspellings of `input` that lie on its changed lines (none for standard input).
    func filter(_ misspellings: [Misspelling], in input: CheckInput) -> [Misspelling] {
        guard input.name != "-" else { return [] }
        let ranges = lines(ofPath: input.name)
        guard !ranges.isEmpty else { return [] }
        var locator = LineLocator(input.text)
        return misspellings.filter { misspelling in
            let line = locator.locate(misspelling.range.lowerBound).line
            return ranges.contains { $0.contains(line) }
        }
    }
}
