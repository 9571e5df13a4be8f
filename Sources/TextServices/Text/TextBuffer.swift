/// UTF-8 text with the indexes needed to convert offsets between units.
///
/// Conversion uses a checkpoint table built on first use (one entry per 256
/// bytes), so converting any offset costs at most a 256-byte scan. A buffer
/// is immutable and safe to share between threads; the checkpoint table is
/// built, under a lock, by the first conversion or count in UTF-16 or scalars.
public final class TextBuffer: @unchecked Sendable {
    /// The text's UTF-8 bytes.
    public let bytes: [UInt8]
    /// The checkpoint table and the counts, made by the first conversion that needs them (most texts checked or
    /// searched never do).
    private let lazyIndex = Locked<Index?>(nil)
    private static let stride = 256

    private struct Checkpoint {
        var utf16: Int
        var scalars: Int
    }

    private struct Index: Sendable {
        var checkpoints: [Checkpoint]
        var utf16Count: Int
        var scalarCount: Int
    }

    /// Wraps a Swift string (always valid UTF-8).
    public convenience init(_ string: String) {
        self.init(validatedBytes: Array(string.utf8))
    }

    /// Wraps bytes the caller has already validated as UTF-8.
    public init(validatedBytes: [UInt8]) {
        self.bytes = validatedBytes
    }

    private var indexed: Index {
        lazyIndex.withLock { index in
            if let index { return index }
            let made = Self.makeIndex(bytes)
            index = made
            return made
        }
    }

    private static func makeIndex(_ validatedBytes: [UInt8]) -> Index {
        var table: [Checkpoint] = []
        table.reserveCapacity(validatedBytes.count / Self.stride + 1)
        var utf16 = 0
        var scalars = 0
        validatedBytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return }
            // Block by block, eight bytes at a time: a byte's top bits, shifted up within its own byte, say whether it
            // continues a scalar (10xxxxxx) or leads a four-byte one (11110xxx), for eight bytes in one word.
            let topBits: UInt64 = 0x8080_8080_8080_8080
            var start = 0
            while start < buffer.count {
                table.append(Checkpoint(utf16: utf16, scalars: scalars))
                let end = min(start + Self.stride, buffer.count)
                var continuations = 0, fourByteLeads = 0
                var index = start
                while index + 8 <= end {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    continuations &+= ByteTops.count(word & ~(word << 1) & topBits)
                    fourByteLeads &+= ByteTops.count(word & (word << 1) & (word << 2) & (word << 3) & topBits)
                    index += 8
                }
                var leads = index - start - continuations
                while index < end {
                    let byte = buffer[index]
                    leads &+= byte & 0xC0 != 0x80 ? 1 : 0
                    fourByteLeads &+= byte >= 0xF0 ? 1 : 0
                    index += 1
                }
                scalars += leads
                utf16 += leads + fourByteLeads
                start = end
            }
        }
        table.append(Checkpoint(utf16: utf16, scalars: scalars))
        return Index(checkpoints: table, utf16Count: utf16, scalarCount: scalars)
    }

    /// Validates UTF-8, reporting the byte offset of the first malformed sequence.
    public convenience init(utf8 bytes: [UInt8]) throws(InvalidUTF8) {
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) { throw InvalidUTF8(offset: bad) }
        self.init(validatedBytes: bytes)
    }

    /// The number of bytes.
    public var byteCount: Int { bytes.count }
    /// The number of UTF-16 code units.
    public var utf16Count: Int { indexed.utf16Count }
    /// The number of Unicode scalars.
    public var scalarCount: Int { indexed.scalarCount }
    /// The whole text as a byte range.
    public var fullRange: ByteRange { UTF8Offset(0)..<UTF8Offset(bytes.count) }

    /// The text's length in a unit.
    public func length(in encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: return bytes.count
        case .utf16: return utf16Count
        case .utf32: return scalarCount
        }
    }

    /// Whether a byte offset falls on a scalar boundary (not inside a multi-byte sequence).
    public func isScalarBoundary(_ offset: UTF8Offset) -> Bool {
        let value = offset.rawValue
        guard value >= 0, value <= bytes.count else { return false }
        return value == bytes.count || bytes[value] & 0xC0 != 0x80
    }

    /// The string for a byte range (which must lie on scalar boundaries).
    public func string(_ range: ByteRange) -> String {
        String(decoding: bytes[range.ints], as: UTF8.self)
    }

    /// Converts a byte offset to a unit. The offset must be on a scalar boundary.
    public func encode(_ offset: UTF8Offset, as encoding: PositionEncoding) -> Int {
        let value = offset.rawValue
        if encoding == .utf8 { return value }
        let block = value / Self.stride
        let checkpoint = indexed.checkpoints[block]
        var utf16 = checkpoint.utf16
        var scalars = checkpoint.scalars
        var index = block * Self.stride
        while index < value {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                scalars += 1
                utf16 += byte >= 0xF0 ? 2 : 1
            }
            index += 1
        }
        return encoding == .utf16 ? utf16 : scalars
    }

    /// Converts a byte range to a unit.
    public func encode(_ range: ByteRange, as encoding: PositionEncoding) -> EncodedRange {
        EncodedRange(start: encode(range.lowerBound, as: encoding),
                     end: encode(range.upperBound, as: encoding), encoding: encoding)
    }

    /// Converts a position in a unit to a byte offset.
    ///
    /// Returns nil when the position is out of bounds or splits a code point
    /// (a UTF-16 offset between a surrogate pair, or a byte offset inside a
    /// multi-byte sequence).
    public func byteOffset(_ value: Int, in encoding: PositionEncoding) -> UTF8Offset? {
        guard value >= 0, value <= length(in: encoding) else { return nil }
        switch encoding {
        case .utf8:
            let offset = UTF8Offset(value)
            return isScalarBoundary(offset) ? offset : nil
        case .utf16, .utf32:
            let wantUTF16 = encoding == .utf16
            let checkpoints = indexed.checkpoints
            // Find the last checkpoint at or before the target.
            // Entry i sits at byte i * stride; the last entry (the totals) may not, so it is left out.
            var low = 0
            var high = bytes.isEmpty ? 0 : (bytes.count - 1) / Self.stride
            while low < high {
                let mid = (low + high + 1) / 2
                let point = wantUTF16 ? checkpoints[mid].utf16 : checkpoints[mid].scalars
                if point <= value { low = mid } else { high = mid - 1 }
            }
            var index = low * Self.stride
            // A checkpoint inside a multi-byte sequence already counted that scalar at its lead byte.
            var count = wantUTF16 ? checkpoints[low].utf16 : checkpoints[low].scalars
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            while count < value, index < bytes.count {
                let byte = bytes[index]
                let width = UTF8Validation.sequenceLength(lead: byte)
                let units = wantUTF16 ? (byte >= 0xF0 ? 2 : 1) : 1
                if count + units > value { return nil }  // would split a surrogate pair
                count += units
                index += width
            }
            return count == value ? UTF8Offset(index) : nil
        }
    }

    /// Converts a range in a unit to a byte range, or nil when invalid.
    public func byteRange(_ range: EncodedRange) -> ByteRange? {
        guard range.start <= range.end,
              let start = byteOffset(range.start, in: range.encoding),
              let end = byteOffset(range.end, in: range.encoding) else { return nil }
        return start..<end
    }
}

/// A byte sequence that is not valid UTF-8.
public struct InvalidUTF8: Error, Equatable, Sendable {
    /// The byte offset of the first malformed sequence.
    public var offset: Int
}

/// UTF-8 validation helpers.
public enum UTF8Validation {
    /// The byte length of the sequence a lead byte starts (1 for invalid leads).
    @inline(__always)
    public static func sequenceLength(lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead >= 0xF0 { return 4 }
        if lead >= 0xE0 { return 3 }
        if lead >= 0xC0 { return 2 }
        return 1
    }

    /// The offset of the first NUL byte (which marks a binary file), or nil.
    public static func firstNUL(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { ByteSearch.firstIndex($0, [0], from: 0) }
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil.
    public static func firstInvalidOffset(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = buffer.count
        while index < count {
            let byte = buffer[index]
            if byte < 0x80 {
                index += 1
                // Plain ASCII is stepped over eight bytes at a time.
                while index + 8 <= count,
                      UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            let need: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; upper = 0x9F
            case 0xF0: need = 3; lower = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; upper = 0x8F
            default: return index
            }
            if index + need >= count { return index }
            let second = buffer[index + 1]
            if second < lower || second > upper { return index }
            if need >= 2, buffer[index + 2] & 0xC0 != 0x80 { return index }
            if need == 3, buffer[index + 3] & 0xC0 != 0x80 { return index }
            index += need + 1
        }
        return nil
    }
}
