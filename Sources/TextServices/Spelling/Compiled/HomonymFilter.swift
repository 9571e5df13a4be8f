/// A further test on the homonyms a derivation search may end at: one flag they must hold, or must not hold.
///
/// `RejectIndex` asks with the KEEPCASE flag: whether some derivation of a spelling reaches a root that keeps its
/// case (then `spell` may refuse it) or one that does not (then `spell` may accept it).
struct HomonymFilter: Sendable {
    /// The flag tested (0: no test).
    var flag: UInt16
    /// Whether a homonym passes by holding `flag` (true) or by lacking it (false).
    var held: Bool

    static let none = HomonymFilter(flag: 0, held: false)

    static func holding(_ flag: UInt16) -> HomonymFilter { HomonymFilter(flag: flag, held: true) }

    static func lacking(_ flag: UInt16) -> HomonymFilter { HomonymFilter(flag: flag, held: false) }
}
