/// A fast 128-bit hash of bytes, for content keys and section checksums (not for adversaries).
///
/// Two independent 64-bit lanes, each a multiply-rotate over 8-byte words,
/// mixed with the length at the end. About as fast as memory bandwidth, so
/// verifying a section costs little beyond touching its pages.
struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The hash of `bytes`, seeded (different seeds give unrelated hashes).
    init(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ seed
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ seed
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            while index + 16 <= count {
                let first = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                a = Self.rotate((a ^ first) &* 0x87C3_7B91_1142_53D5, 31)
                b = Self.rotate((b ^ second) &* 0x4CF5_AD43_2745_937F, 29)
                index += 16
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << shift
                shift += 8
                index += 1
                if shift == 64 {
                    a = Self.rotate((a ^ tail) &* 0x87C3_7B91_1142_53D5, 31)
                    tail = 0
                    shift = 0
                }
            }
            b = Self.rotate((b ^ tail) &* 0x4CF5_AD43_2745_937F, 29)
        }
        a ^= UInt64(count)
        b ^= UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        high = Self.finish(a &+ b)
        low = Self.finish(b ^ Self.rotate(a, 17))
    }

    /// The hash of a byte array.
    init(_ bytes: [UInt8], seed: UInt64 = 0) {
        self = bytes.withUnsafeBytes { ContentHash($0, seed: seed) }
    }

    /// A hash of this hash and another, order-sensitive.
    func combined(with other: ContentHash) -> ContentHash {
        var words = [high, low, other.high, other.low]
        return words.withUnsafeMutableBytes { ContentHash(UnsafeRawBufferPointer($0), seed: 0x51ED_270B) }
    }

    var description: String { Self.hex(high) + Self.hex(low) }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// The murmur3 64-bit finaliser.
    @inline(__always)
    private static func finish(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
