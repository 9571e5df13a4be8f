/// A set of ASCII bytes, for byte loops that act only at a few kinds of byte.
///
/// A byte outside ASCII is never a member. `contains(_:)` is a shift and
/// a mask; `ByteSearch.firstIndex(of:in:from:end:)` finds the next member of a
/// set of at most 16, 16 bytes at a time. A value: copy a static one into a
/// local before a loop, so the loop does not go through the static's lazy
/// initialization at every byte.
struct ByteSet: Sendable {
    /// Bit `b` for the bytes under 64; bit `b - 64` of `high` for 64...127.
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// The first 16 members, in the order inserted (the lanes past `count` are 0).
    private(set) var members: SIMD16<UInt8> = .zero
    /// How many bytes are members.
    private(set) var count = 0

    init() {}

    /// The set of the characters of `characters`, which must all be ASCII.
    init(_ characters: StaticString) {
        precondition(characters.isASCII, "ByteSet holds ASCII bytes only")
        let start = characters.utf8Start
        for offset in 0..<characters.utf8CodeUnitCount { insert(start[offset]) }
    }

    /// Adds `byte`, which must be ASCII.
    mutating func insert(_ byte: UInt8) {
        precondition(byte < 0x80, "ByteSet holds ASCII bytes only")
        guard !contains(byte) else { return }
        if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        if count < 16 { members[count] = byte }
        count += 1
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte & 63) & 1 != 0
    }
}
