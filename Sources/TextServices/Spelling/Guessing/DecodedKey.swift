/// One store key at a time as Unicode scalar values and as their bases without diacritics, in buffers reused from key to key.
///
/// The guesser's candidate scan decodes thousands of keys a guess; appending
/// to arrays cost it a uniqueness check per letter. `decode` reads at most
/// `capacity` bytes of a key and returns how many scalars it wrote; what
/// `scalars` and `bases` show stays valid until the next `decode`. Malformed
/// bytes give U+FFFD, and reads stay in bounds whatever the bytes. Not thread-safe: one per scan.
final class DecodedKey {
    let capacity: Int
    private let scalarBuffer: UnsafeMutablePointer<UInt32>
    private let baseBuffer: UnsafeMutablePointer<UInt32>
    /// The byte offset just past each scalar.
    private let endBuffer: UnsafeMutablePointer<Int>
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        scalarBuffer = .allocate(capacity: self.capacity)
        baseBuffer = .allocate(capacity: self.capacity)
        endBuffer = .allocate(capacity: self.capacity)
    }

    deinit {
        scalarBuffer.deallocate()
        baseBuffer.deallocate()
        endBuffer.deallocate()
    }

    /// Decodes a key's UTF-8 bytes (the first `capacity` of them, and no more than `maximumScalars` scalars); returns the scalar count.
    @inline(__always)
    @discardableResult
    func decode(_ key: UnsafeBufferPointer<UInt8>, maximumScalars: Int = .max) -> Int {
        let bytes = UnsafeBufferPointer(rebasing: key.prefix(capacity))
        var index = 0
        var written = 0
        let end = bytes.count
        let scalarLimit = min(maximumScalars, capacity)
        while index < end, written < scalarLimit {
            let lead = UInt32(bytes[index])
            let scalar: UInt32
            if lead < 0x80 {
                scalarBuffer[written] = lead
                baseBuffer[written] = lead
                index += 1
                endBuffer[written] = index
                written += 1
                continue
            } else if lead >= 0xC0, lead < 0xE0, index + 1 < end {
                scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead >= 0xE0, lead < 0xF0, index + 2 < end {
                scalar = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else if lead >= 0xF0, index + 3 < end {
                scalar = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            } else {
                scalar = 0xFFFD
                index += 1
            }
            scalarBuffer[written] = scalar
            baseBuffer[written] = Diacritics.base(scalar)
            endBuffer[written] = index
            written += 1
        }
        count = written
        return written
    }

    /// The scalars of the last key decoded.
    var scalars: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: scalarBuffer, count: count) }

    /// How many of the last key's bytes its first `scalarCount` scalars were decoded from (0 for none; all for `count` or more).
    @inline(__always)
    func byteCount(ofFirst scalarCount: Int) -> Int {
        scalarCount <= 0 ? 0 : endBuffer[min(scalarCount, count) - 1]
    }

    /// The bases of the last key's scalars (`Diacritics.base`).
    var bases: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: baseBuffer, count: count) }
}
