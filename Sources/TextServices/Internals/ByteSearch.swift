import CPlatform
import Glibc

/// Byte-string searches over raw memory (`tsv_find_bytes`, `memchr`), for the regex prefilter, searches and line ends.
public enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (an empty needle always does).
    static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { needleBytes in
            tsv_contains_bytes(base.assumingMemoryBound(to: UInt8.self), Int64(haystack.count), needleBytes.baseAddress!,
                               Int64(needle.count)) == 1
        }
    }

    /// Whether `lowered` (ASCII lower case) occurs in `haystack` regardless of ASCII case.
    static func containsIgnoringASCIICase(_ haystack: UnsafeRawBufferPointer, lowered needle: [UInt8]) -> Bool {
        firstIndexIgnoringASCIICase(haystack, lowered: needle, from: 0) != nil
    }

    /// Where `lowered` (ASCII lower case) first occurs in `haystack` at or after `from`, regardless of ASCII case; nil when it does not.
    ///
    /// `tsv_find_bytes_folded`: the needle's two rarest bytes, each in both
    /// cases, are looked for 16 places at a time, and where both are, the
    /// rest is compared folded.
    static func firstIndexIgnoringASCIICase(_ haystack: UnsafeRawBufferPointer, lowered needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty else { return from }
        guard let base = haystack.baseAddress, haystack.count - from >= needle.count else { return nil }
        let found = needle.withUnsafeBufferPointer { needleBytes in
            tsv_find_bytes_folded(base.assumingMemoryBound(to: UInt8.self) + from, Int64(haystack.count - from),
                                  needleBytes.baseAddress!, Int64(needle.count))
        }
        return found < 0 ? nil : from + Int(found)
    }

    /// Where the first character at or after `from` that is one of `scalars` starts (`tsv_find_scalars`); nil when none is.
    ///
    /// Characters are decoded from their lead bytes without checking the
    /// bytes that follow; a byte that cannot lead one is stepped over alone.
    /// Only characters whose lead byte has its bit in `leads` (bit
    /// `lead - 0xC0`) are compared.
    static func firstScalar(_ haystack: UnsafeRawBufferPointer, of scalars: [UInt32], leads: UInt64, from: Int) -> Int? {
        guard let base = haystack.baseAddress, from < haystack.count else { return nil }
        let found = scalars.withUnsafeBufferPointer { scalars in
            tsv_find_scalars(base.assumingMemoryBound(to: UInt8.self), Int64(haystack.count), Int64(from), scalars.baseAddress,
                             Int32(scalars.count), leads)
        }
        return found < 0 ? nil : Int(found)
    }

    /// Where `needle` first occurs in `haystack` at or after `from` (`tsv_find_bytes`); nil when it does not.
    static func firstIndex(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty else { return from }
        guard let base = haystack.baseAddress, haystack.count - from >= needle.count else { return nil }
        let found = needle.withUnsafeBufferPointer { needleBytes in
            tsv_find_bytes(base.assumingMemoryBound(to: UInt8.self) + from, Int64(haystack.count - from), needleBytes.baseAddress!,
                           Int64(needle.count))
        }
        return found < 0 ? nil : from + Int(found)
    }

    /// Where `byte` first occurs in `haystack` at or after `from` (`memchr`); nil when it does not.
    public static func firstIndex(of byte: UInt8, in haystack: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = haystack.baseAddress, from < haystack.count,
              let found = memchr(base + from, Int32(byte), haystack.count - from) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// Where the first member of `set` (at most 16) is in `haystack` at or after `from` (`tsv_find_any_byte`);
    /// `haystack.count` when none is.
    static func firstIndex(of set: ByteSet, in haystack: UnsafeRawBufferPointer, from: Int) -> Int {
        precondition(set.count <= 16, "a search takes a set of at most 16 bytes")
        guard let base = haystack.baseAddress, from < haystack.count else { return haystack.count }
        return withUnsafeBytes(of: set.members) { members in
            Int(tsv_find_any_byte(base.assumingMemoryBound(to: UInt8.self), Int64(haystack.count), Int64(from),
                                  members.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(set.count)))
        }
    }

    /// Where the first member of `set` (at most 16) is in `bytes[from..<end]`; `end` when none is.
    static func firstIndex(of set: ByteSet, in bytes: [UInt8], from: Int, end: Int) -> Int {
        bytes.withUnsafeBytes { firstIndex(of: set, in: UnsafeRawBufferPointer(rebasing: $0[..<end]), from: from) }
    }

    /// Where the first byte outside ASCII is, at or after `from`; nil when there is none.
    static func firstNonASCII(_ haystack: UnsafeRawBufferPointer, from: Int) -> Int? {
        var index = from
        let count = haystack.count
        while index + 8 <= count, haystack.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        while index < count {
            if haystack[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }

    /// The line holding the byte at `offset`: from after the line feed before it through the line feed that ends it (or the end).
    static func line(containing offset: Int, in haystack: UnsafeRawBufferPointer) -> Range<Int> {
        var start = min(offset, haystack.count)
        while start > 0, haystack[start - 1] != 0x0A { start -= 1 }
        guard let base = haystack.baseAddress, offset < haystack.count,
              let after = memchr(base + offset, 0x0A, haystack.count - offset) else { return start..<haystack.count }
        return start..<(UnsafeRawPointer(after) - base + 1)
    }

    /// Whether any byte is outside ASCII.
    static func containsNonASCII(_ haystack: UnsafeRawBufferPointer) -> Bool {
        firstNonASCII(haystack, from: 0) != nil
    }
}
