import CPlatform
import Glibc

/// Byte-string searches over raw memory (`memmem`), for the regex prefilter.
enum ByteSearch {
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
    ///
    /// Each case of the first byte is found with `memchr`, then the rest is compared folded.
    static func containsIgnoringASCIICase(_ haystack: UnsafeRawBufferPointer, lowered needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        let count = haystack.count, length = needle.count
        guard let base = haystack.baseAddress, count >= length else { return false }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let first = needle[0]
        let isLetter = first >= 0x61 && first <= 0x7A
        let last = count - length
        // The next place each case of the first byte occurs at or after `position` (`last + 1`: none).
        func next(_ byte: UInt8, from position: Int) -> Int {
            guard let found = memchr(bytes + position, Int32(byte), last - position + 1) else { return last + 1 }
            return UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
        }
        var nextLower = next(first, from: 0)
        var nextUpper = isLetter ? next(first ^ 0x20, from: 0) : last + 1
        while true {
            let start = min(nextLower, nextUpper)
            guard start <= last else { return false }
            var matched = true
            for offset in 1..<max(1, length) {
                let byte = bytes[start + offset]
                let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if folded != needle[offset] {
                    matched = false
                    break
                }
            }
            if matched { return true }
            if nextLower == start { nextLower = start + 1 <= last ? next(first, from: start + 1) : last + 1 }
            if nextUpper == start { nextUpper = start + 1 <= last ? next(first ^ 0x20, from: start + 1) : last + 1 }
        }
    }

    /// Whether any byte is outside ASCII.
    static func containsNonASCII(_ haystack: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = haystack.count
        while index + 8 <= count {
            if haystack.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < count {
            if haystack[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }
}
