import Synchronization

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
/// tables, words and trigrams. A table is a power-of-two directory of 4-byte
/// bucket starts (16 to 32 words a bucket, 2 to 4 trigrams:
/// `wordsPerBucket`) and, in bucket order, one record per key: the key
/// hash's upper 32 bits, the number of its postings, and its 2-byte postings
/// (language index, value). A lookup reads one directory entry and the
/// records of one bucket, which sit side by side, so it touches about one
/// page of the records. A word's value is its zipf times
/// ten; a trigram's is its negative log-probability in the language, times
/// four. A one-letter word is kept only where it is a word of the language
/// (`minimumLetterWordValue`).
/// Immutable and thread-safe.
public final class LanguageModel: Sendable {
    static let magic: [UInt8] = Array("TSVLANG\u{0}".utf8)
    static let format: UInt32 = 4
    static let headerSize = 64
    static let languageRecordSize = 16
    /// The least value (zipf times ten) at which a list's one-letter word is learned; below it, a letter is a symbol.
    ///
    /// The wordfreq lists hold every letter of their alphabet at zipf 4 to
    /// 5.9, as web text uses letters for options, variables, units and
    /// initials (`-H`, `N:M`, `5 h`); the English list (SymSpell's) holds
    /// only `a` and `i`. Kept, those letters were evidence against English:
    /// `-H, --highlight-line <N:M>` was French (0.64) and `-H, --highlight`
    /// German (0.97). Real one-letter words sit at 6 or more (`a` 7.2 and `i`
    /// 6.8 in English; `y` 7.4 in Spanish; `à`, and the elided `l` and `d`, 7.1
    /// to 7.3 in French; `w` and `z` 7.3-7.5 in Polish; `в` 7.6 in Russian),
    /// and no German, Danish or Swedish letter but Swedish `i` reaches 6.
    /// A one-letter word no list holds is no evidence (`LanguageScorer`).
    static let minimumLetterWordValue: UInt8 = 60
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
    /// Whether a lookup has read the tables since `releaseResidentPages` last gave their pages back.
    private let read = Atomic<Bool>(false)

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
        let wordBuckets = word32(32), wordRecords = word32(36), trigramBuckets = word32(40), trigramRecords = word32(44)
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
        guard let words = HashedPostings(bytes: bytes, at: &offset, buckets: wordBuckets, recordBytes: wordRecords,
                                         languages: languageCount),
              let trigrams = HashedPostings(bytes: bytes, at: &offset, buckets: trigramBuckets, recordBytes: trigramRecords,
                                            languages: languageCount) else {
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

    /// Gives back this process's pages of the model when a lookup has read it since the last call; true when it did.
    ///
    /// Scoring a text not seen before maps most of the model: its lookups
    /// are spread over the whole file, and each maps the 64 KB around it.
    /// A long-lived process calls this when a request is done, so that
    /// between requests it holds none of the model's pages; they stay in the
    /// page cache, and the next lookup maps its page again (a minor fault).
    @discardableResult
    func releaseResidentPages() -> Bool {
        guard read.exchange(false, ordering: .relaxed) else { return false }
        file.releaseResidentPages()
        return true
    }

    /// Whether a lookup has read the model since `releaseResidentPages` last gave its pages back.
    var hasBeenRead: Bool { read.load(ordering: .relaxed) }

    @inline(__always)
    private func markRead() {
        if !read.load(ordering: .relaxed) { read.store(true, ordering: .relaxed) }
    }

    /// Calls `body` with (language index, zipf times ten) for each language whose list holds the folded word.
    func forEachWordScore(_ folded: String, _ body: (Int, UInt8) -> Void) {
        markRead()
        var word = folded
        let hash = word.withUTF8 { Self.hash($0) }
        words.forEachPosting(hash: hash, body)
    }

    /// `forEachWordScore`, reading the table with `pread` instead of through the mapping (`HashedPostings.forEachPosting(hash:reading:_:)`).
    ///
    /// For a one-off lookup, such as a misspelled word's listing; scoring
    /// reads many words at once and maps the pages they share.
    func forEachWordScoreUnmapped(_ folded: String, _ body: (Int, UInt8) -> Void) {
        var word = folded
        let hash = word.withUTF8 { Self.hash($0) }
        words.forEachPosting(hash: hash, reading: file, body)
    }

    /// `forEachWordScore` of a folded word's UTF-8 bytes.
    func forEachWordScore(folded: UnsafeBufferPointer<UInt8>, _ body: (Int, UInt8) -> Void) {
        markRead()
        words.forEachPosting(hash: Self.hash(folded), body)
    }

    /// Reads the word table where the words of `hashes` (`hash` of their folded bytes) are, all of them at once.
    ///
    /// Each lookup reads two places far apart in a large file (its bucket's
    /// start, then the bucket); one after another, each waits for memory.
    /// Read here for a batch of words, their misses overlap, and the lookups
    /// that follow find the places cached. `starts` must hold as many entries
    /// as `hashes`. Returns a value of the bytes read, to be kept somewhere.
    func readAhead(words hashes: UnsafeBufferPointer<UInt64>, starts: UnsafeMutableBufferPointer<Int>) -> UInt32 {
        markRead()
        return words.readAhead(hashes, starts: starts)
    }

    /// Reads the trigram table where the trigrams of `hashes` (`trigramHash`) are, all at once, as `readAhead(words:starts:)`.
    func readAhead(trigrams hashes: UnsafeBufferPointer<UInt64>, starts: UnsafeMutableBufferPointer<Int>) -> UInt32 {
        markRead()
        return trigrams.readAhead(hashes, starts: starts)
    }

    /// Calls `body` with (language index, value) for each language that has the trigram.
    func forEachTrigramScore(_ hash: UInt64, _ body: (Int, UInt8) -> Void) {
        markRead()
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

    /// `hash` of an ASCII word's bytes folded to lower case (as `LanguageWord.folded` folds it), without copying them.
    static func hashFolded(ascii bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
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

/// One hashed table of a model: a directory of buckets, each a run of records (key fingerprint, postings).
struct HashedPostings: @unchecked Sendable {
    private let directory: UnsafeRawPointer
    private let mask: Int
    private let records: UnsafeRawPointer
    private let recordBytes: Int
    private let languages: Int
    /// Where the directory and the records start in the model's file (for `forEachPosting(hash:reading:_:)`).
    private let directoryOffset: Int
    private let recordsOffset: Int
    /// The size of a record's head: the fingerprint (4 bytes) and the number of postings (1 byte).
    static let recordHead = 5

    /// The table at `offset` of `bytes`, which moves past it; nil when it does not fit.
    ///
    /// Bucket starts and postings are checked on lookup (a start outside the records reads nothing, a posting of a
    /// language index of `languages` or more is skipped), not here, so opening a model touches none of its pages.
    init?(bytes: UnsafeRawBufferPointer, at offset: inout Int, buckets: Int, recordBytes: Int, languages: Int) {
        guard buckets > 0, buckets & (buckets - 1) == 0, let base = bytes.baseAddress else { return nil }
        let directoryEnd = offset + (buckets + 1) * 4
        let recordsEnd = directoryEnd + recordBytes
        guard recordsEnd <= bytes.count else { return nil }
        self.directory = base + offset
        self.directoryOffset = offset
        self.mask = buckets - 1
        self.records = base + directoryEnd
        self.recordsOffset = directoryEnd
        self.recordBytes = recordBytes
        self.languages = languages
        offset = LanguageModel.aligned(recordsEnd)
    }

    static func fingerprint(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

    static func bucket(_ hash: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }

    /// Reads the directory entries of the buckets of `hashes`, then the first record of each (see `LanguageModel.readAhead`).
    func readAhead(_ hashes: UnsafeBufferPointer<UInt64>, starts: UnsafeMutableBufferPointer<Int>) -> UInt32 {
        for (index, hash) in hashes.enumerated() {
            starts[index] = Int(directory.loadUnaligned(fromByteOffset: Self.bucket(hash, mask: mask) * 4, as: UInt32.self).littleEndian)
        }
        var value: UInt32 = 0
        for index in hashes.indices where starts[index] + Self.recordHead <= recordBytes {
            value &+= records.loadUnaligned(fromByteOffset: starts[index], as: UInt32.self)
        }
        return value
    }

    func forEachPosting(hash: UInt64, _ body: (Int, UInt8) -> Void) {
        let bucket = Self.bucket(hash, mask: mask)
        let start = Int(directory.loadUnaligned(fromByteOffset: bucket * 4, as: UInt32.self).littleEndian)
        let end = min(Int(directory.loadUnaligned(fromByteOffset: bucket * 4 + 4, as: UInt32.self).littleEndian), recordBytes)
        walk(records, from: start, to: end, fingerprint: Self.fingerprint(hash), body)
    }

    /// The most bytes of one bucket `forEachPosting(hash:reading:_:)` reads with `pread`; a larger bucket is read through the mapping.
    static let largestBucketRead = 1024

    /// `forEachPosting(hash:_:)` with the bucket's directory entries and records read from `file` with `pread`.
    ///
    /// Maps none of the model's pages: a one-off lookup (a misspelled
    /// word's listing) costs two reads through the page cache, where reading
    /// through the mapping cost two page faults, about three times as much
    /// on this machine (docs/benchmarks.md). `file` must be the mapped file.
    func forEachPosting(hash: UInt64, reading file: MappedFile, _ body: (Int, UInt8) -> Void) {
        let bucket = Self.bucket(hash, mask: mask)
        var bounds: (UInt32, UInt32) = (0, 0)
        guard withUnsafeMutableBytes(of: &bounds, { file.read($0.baseAddress!, count: 8, at: directoryOffset + bucket * 4) }) else {
            return
        }
        let start = Int(bounds.0.littleEndian)
        let end = min(Int(bounds.1.littleEndian), recordBytes)
        guard start < end else { return }
        guard end - start <= Self.largestBucketRead else {
            walk(records, from: start, to: end, fingerprint: Self.fingerprint(hash), body)
            return
        }
        withUnsafeTemporaryAllocation(byteCount: end - start, alignment: 8) { bucketBytes in
            guard file.read(bucketBytes.baseAddress!, count: end - start, at: recordsOffset + start) else { return }
            walk(UnsafeRawPointer(bucketBytes.baseAddress!), from: 0, to: end - start, fingerprint: Self.fingerprint(hash), body)
        }
    }

    /// Calls `body` with the postings of the record of `fingerprint` among the records at `position..<end` of `records`.
    private func walk(_ records: UnsafeRawPointer, from start: Int, to end: Int, fingerprint: UInt32, _ body: (Int, UInt8) -> Void) {
        var position = start
        while position + Self.recordHead <= end {
            let count = Int(records.load(fromByteOffset: position + 4, as: UInt8.self))
            let postingsEnd = position + Self.recordHead + count * 2
            guard postingsEnd <= end else { return }
            if records.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian == fingerprint {
                for posting in stride(from: position + Self.recordHead, to: postingsEnd, by: 2) {
                    let value = records.loadUnaligned(fromByteOffset: posting, as: UInt16.self).littleEndian
                    if Int(value >> 8) < languages { body(Int(value >> 8), UInt8(truncatingIfNeeded: value)) }
                }
                return
            }
            position = postingsEnd
        }
    }
}
