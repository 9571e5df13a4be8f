/// The statistics language identification reads: word and letter-trigram frequencies per language, in one mapped file.
///
/// Built from the bundled word-frequency lists (`<language>.freq`, words each
/// language's dictionary accepts, with zipf values) by `LanguageModel+Build`,
/// written once to the cache folder and mapped read-only, so that every
/// process shares its pages and opening it costs a `stat` and an `mmap`.
///
/// Layout (little-endian, every section 8-byte aligned): a header (magic,
/// format, counts, the key of the sources), one 16-byte record per language
/// (its code, script and the score of an unseen trigram), then two hashed
/// tables, words and trigrams. A table is a power-of-two array of 8-byte
/// slots (a 32-bit fingerprint of the key's hash, then the start and count of
/// its postings) probed linearly, and an array of 2-byte postings (language
/// index, value). A word's value is its zipf times ten; a trigram's is its
/// negative log-probability in the language, times four.
/// Immutable and thread-safe.
public final class LanguageModel: Sendable {
    static let magic: [UInt8] = Array("TSVLANG\u{0}".utf8)
    static let format: UInt32 = 1
    static let headerSize = 64
    static let languageRecordSize = 16
    /// Trigram values are negative natural logarithms times this.
    static let trigramScale: Float = 4

    /// The language codes (`en`, `de`), in model order.
    public let languages: [String]
    /// Each language's script, in model order.
    public let scripts: [LanguageScript]
    /// The score of a trigram a language never showed, per language.
    let unseenTrigram: [Float]
    let key: ContentHash
    private let file: MappedFile
    private let words: HashedPostings
    private let trigrams: HashedPostings

    /// The model in a mapped file; throws `Failure` for a file that is not a model of this format, or is cut short.
    init(file: MappedFile) throws(LanguageModelFailure) {
        let bytes = file.bytes
        guard bytes.count >= Self.headerSize, Array(bytes[0..<8]) == Self.magic else {
            throw LanguageModelFailure(message: "\(file.path) is not a language model")
        }
        func word32(_ offset: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) }
        guard word32(8) == Int(Self.format) else {
            throw LanguageModelFailure(message: "\(file.path) has language model format \(word32(8)), not \(Self.format)")
        }
        let languageCount = word32(12)
        key = ContentHash(high: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian,
                          low: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian)
        let wordSlots = word32(32), wordPostings = word32(36), trigramSlots = word32(40), trigramPostings = word32(44)
        var offset = Self.headerSize
        let languagesEnd = offset + languageCount * Self.languageRecordSize
        guard languageCount > 0, languageCount < 256, languagesEnd <= bytes.count else {
            throw LanguageModelFailure(message: "\(file.path) is cut short")
        }
        var languages: [String] = [], scripts: [LanguageScript] = [], unseen: [Float] = []
        for index in 0..<languageCount {
            let record = offset + index * Self.languageRecordSize
            let code = bytes[record..<record + 12].prefix { $0 != 0 }
            languages.append(String(decoding: code, as: UTF8.self))
            scripts.append(LanguageScript(rawValue: bytes[record + 12]) ?? .other)
            unseen.append(-Float(bytes[record + 13]) / Self.trigramScale)
        }
        offset = Self.aligned(languagesEnd)
        guard let words = HashedPostings(bytes: bytes, at: &offset, slots: wordSlots, postings: wordPostings),
              let trigrams = HashedPostings(bytes: bytes, at: &offset, slots: trigramSlots, postings: trigramPostings) else {
            throw LanguageModelFailure(message: "\(file.path) is cut short")
        }
        self.languages = languages
        self.scripts = scripts
        self.unseenTrigram = unseen
        self.words = words
        self.trigrams = trigrams
        self.file = file
    }

    /// Where the model lives.
    public var path: String { file.path }
    /// The model's size in bytes.
    public var byteCount: Int { file.count }

    /// Calls `body` with (language index, zipf times ten) for each language whose list holds the folded word.
    func forEachWordScore(_ folded: String, _ body: (Int, UInt8) -> Void) {
        var word = folded
        let hash = word.withUTF8 { Self.hash($0) }
        words.forEachPosting(hash: hash, body)
    }

    /// Calls `body` with (language index, value) for each language that has the trigram.
    func forEachTrigramScore(_ hash: UInt64, _ body: (Int, UInt8) -> Void) {
        trigrams.forEachPosting(hash: hash, body)
    }

    static func aligned(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// FNV-1a over the bytes, then the murmur3 finaliser: the key hash of a word.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01B3
        }
        return ContentHash.finish(value)
    }

    /// The key hash of three scalars (`^` and `$` stand for a word's edges as 0x5E and 0x24).
    static func trigramHash(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt64 {
        ContentHash.finish((UInt64(a) << 42) ^ (UInt64(b) << 21) ^ UInt64(c) ^ 0x9E37_79B9_7F4A_7C15)
    }
}

/// Why a language model could not be read or built.
public struct LanguageModelFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

/// One hashed table of a model: fingerprinted slots pointing at runs of (language, value) postings.
struct HashedPostings: @unchecked Sendable {
    private let slots: UnsafeRawPointer
    private let mask: Int
    private let postings: UnsafeRawPointer
    private let postingCount: Int

    init?(bytes: UnsafeRawBufferPointer, at offset: inout Int, slots slotCount: Int, postings count: Int) {
        guard slotCount > 0, slotCount & (slotCount - 1) == 0, let base = bytes.baseAddress else { return nil }
        let slotsEnd = offset + slotCount * 8
        let postingsEnd = slotsEnd + count * 2
        guard postingsEnd <= bytes.count else { return nil }
        self.slots = base + offset
        self.mask = slotCount - 1
        self.postings = base + slotsEnd
        self.postingCount = count
        offset = LanguageModel.aligned(postingsEnd)
    }

    static func fingerprint(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) | 1 }

    func forEachPosting(hash: UInt64, _ body: (Int, UInt8) -> Void) {
        let fingerprint = Self.fingerprint(hash)
        var index = Int(truncatingIfNeeded: hash) & mask
        for _ in 0...mask {
            let slot = slots.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self).littleEndian
            if slot == 0 { return }
            if slot == fingerprint {
                let packed = Int(slots.loadUnaligned(fromByteOffset: index * 8 + 4, as: UInt32.self).littleEndian)
                let start = packed >> 8, count = packed & 0xFF
                guard start + count <= postingCount else { return }
                for posting in start..<start + count {
                    let value = postings.loadUnaligned(fromByteOffset: posting * 2, as: UInt16.self).littleEndian
                    body(Int(value >> 8), UInt8(truncatingIfNeeded: value))
                }
                return
            }
            index = (index + 1) & mask
        }
    }
}
