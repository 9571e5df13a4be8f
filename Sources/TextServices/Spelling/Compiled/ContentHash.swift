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
        var hasher = ContentHasher(seed: seed)
        hasher.update(bytes)
        self = hasher.finish()
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
    static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// The murmur3 64-bit finaliser.
    @inline(__always)
    static func finish(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}

/// `ContentHash` computed over bytes that arrive in pieces; the same result as hashing them at once.
struct ContentHasher {
    private var a: UInt64
    private var b: UInt64
    private var count = 0
    /// Bytes of an unfinished 16-byte block.
    private var pending: [UInt8] = []

    init(seed: UInt64 = 0) {
        a = 0x9E37_79B9_7F4A_7C15 ^ seed
        b = 0xC2B2_AE3D_27D4_EB4F &+ seed
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        var index = 0
        if !pending.isEmpty {
            while pending.count < 16, index < bytes.count {
                pending.append(bytes[index])
                index += 1
            }
            guard pending.count == 16 else { return }
            pending.withUnsafeBytes { block(UnsafeRawBufferPointer($0), at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        guard let base = bytes.baseAddress else { return }
        while index + 16 <= bytes.count {
            a = ContentHash.rotate((a ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x87C3_7B91_1142_53D5, 31)
            b = ContentHash.rotate((b ^ base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)) &* 0x4CF5_AD43_2745_937F, 29)
            index += 16
        }
        pending.append(contentsOf: bytes[index...])
    }

    @inline(__always)
    private mutating func block(_ bytes: UnsafeRawBufferPointer, at index: Int) {
        a = ContentHash.rotate((a ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x87C3_7B91_1142_53D5, 31)
        b = ContentHash.rotate((b ^ bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)) &* 0x4CF5_AD43_2745_937F, 29)
    }

    func finish() -> ContentHash {
        var a = a, b = b
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        for byte in pending {
            tail |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                a = ContentHash.rotate((a ^ tail) &* 0x87C3_7B91_1142_53D5, 31)
                tail = 0
                shift = 0
            }
        }
        b = ContentHash.rotate((b ^ tail) &* 0x4CF5_AD43_2745_937F, 29)
        a ^= UInt64(count)
        b ^= UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        return ContentHash(high: ContentHash.finish(a &+ b), low: ContentHash.finish(b ^ ContentHash.rotate(a, 17)))
    }
}
