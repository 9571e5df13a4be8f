/// One flag's affix entries, looked up by the scalar at the edge of the word they would apply to.
///
/// An entry can apply only to a word that ends (suffixes) or starts
/// (prefixes) with the last (first) scalar of its strip, or, stripping
/// nothing, one its condition's edge element allows. Large groups (Italian
/// has suffix flags of 400 entries) then test only the few entries a word's
/// edge leaves, instead of every entry for every stem and every suffixed
/// form. Candidates keep the file's order. Thread-safe (immutable).
struct AffixGroup: Sendable {
    /// Per edge scalar, the entries that may apply, in file order (those that fit any edge included).
    private let byEdge: [Unicode.Scalar: [AffixEntry]]
    /// The entries that fit any edge, for words whose edge no entry names.
    private let anyEdge: [AffixEntry]

    init(_ entries: [AffixEntry]) {
        let edges = entries.map(Self.edges)
        var scalars = Set<Unicode.Scalar>()
        for case let named? in edges { scalars.formUnion(named) }
        var byEdge: [Unicode.Scalar: [AffixEntry]] = [:]
        for scalar in scalars {
            byEdge[scalar] = zip(entries, edges).compactMap { entry, named in named == nil || named!.contains(scalar) ? entry : nil }
        }
        self.byEdge = byEdge
        anyEdge = zip(entries, edges).compactMap { entry, named in named == nil ? entry : nil }
    }

    /// The entries that may apply to `word` (a superset of those whose `applies(to:)` holds), in file order.
    @inline(__always)
    func candidates(for word: [Unicode.Scalar], kind: AffixEntry.Kind) -> [AffixEntry] {
        guard let edge = kind == .suffix ? word.last : word.first else { return [] }
        return byEdge[edge] ?? anyEdge
    }

    /// The scalars a word's edge must be for the entry to apply; nil when any will do.
    static func edges(_ entry: AffixEntry) -> Set<Unicode.Scalar>? {
        if let edge = entry.kind == .suffix ? entry.strip.last : entry.strip.first { return [edge] }
        let elements = entry.condition.elements
        guard let element = entry.kind == .suffix ? elements.last : elements.first else { return nil }
        switch element {
        case .any: return nil
        case .scalar(let scalar): return [scalar]
        case .set(let members, let negated): return negated ? nil : Set(members)
        }
    }
}
