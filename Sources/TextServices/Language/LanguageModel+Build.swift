import Foundation

extension LanguageModel {
    /// One language's data for a model: its code and its word-frequency file.
    public struct Source: Sendable, Hashable {
        public var code: String
        public var frequencyPath: String

        public init(code: String, frequencyPath: String) {
            self.code = code
            self.frequencyPath = frequencyPath
        }
    }

    /// The most frequent words of each language that the model learns from: the word table and the trigrams.
    static let wordsPerLanguage = 60_000

    /// The bytes of a model of `sources` (at most 255 languages), keyed by `key`.
    ///
    /// Reads every frequency file; throws `LanguageModelFailure` naming one
    /// that cannot be read. Takes about a second per ten languages (release).
    static func build(_ sources: [Source], key: ContentHash) throws(LanguageModelFailure) -> [UInt8] {
        guard !sources.isEmpty, sources.count < 256 else {
            throw LanguageModelFailure(message: "a language model needs 1 to 255 languages, not \(sources.count)")
        }
        var words: [UInt64: [UInt16]] = [:]
        var trigrams: [UInt64: [UInt16]] = [:]
        var records: [(code: String, script: LanguageScript, unseen: UInt8)] = []
        for (index, source) in sources.enumerated() {
            guard let list = WordFrequencies.load(path: source.frequencyPath) else {
                throw LanguageModelFailure(message: "cannot read word frequencies \(source.frequencyPath)")
            }
            let language = UInt16(index) << 8
            var entries: [(word: String, scaled: UInt8)] = []
            entries.reserveCapacity(list.count)
            list.forEachEntry { word, scaled in
                guard scaled >= minimumLetterWordValue || !Self.isOneLetter(word) else { return }
                entries.append((word, scaled))
            }
            entries.sort { $0.scaled != $1.scaled ? $0.scaled > $1.scaled : $0.word < $1.word }
            var counts: [UInt64: Double] = [:]
            var scriptLetters = [Int](repeating: 0, count: LanguageScript.allCases.count)
            for entry in entries.prefix(wordsPerLanguage) {
                var word = entry.word
                let hash = word.withUTF8 { LanguageModel.hash($0) }
                words[hash, default: []].append(language | UInt16(entry.scaled))
                let weight = max(1, Double(entry.scaled) / 10 - 1)
                var previous: (UInt32, UInt32) = (0x5E, 0x5E)
                for scalar in word.unicodeScalars {
                    scriptLetters[Int(LanguageScript.of(scalar.value).rawValue)] += 1
                    counts[LanguageModel.trigramHash(previous.0, previous.1, scalar.value), default: 0] += weight
                    previous = (previous.1, scalar.value)
                }
                counts[LanguageModel.trigramHash(previous.0, previous.1, 0x24), default: 0] += weight
            }
            let total = counts.values.reduce(0, +)
            var largest: UInt8 = 0
            for (hash, count) in counts {
                let value = UInt8(clamping: max(1, Int((-log(count / total) * Double(trigramScale)).rounded())))
                largest = max(largest, value)
                trigrams[hash, default: []].append(language | UInt16(value))
            }
            scriptLetters[Int(LanguageScript.other.rawValue)] = 0
            let script = LanguageScript(rawValue: UInt8(scriptLetters.indices.max { scriptLetters[$0] < scriptLetters[$1] } ?? 0)) ?? .other
            records.append((source.code, script, UInt8(clamping: Int(largest) + 3)))
        }
        var bytes = [UInt8](repeating: 0, count: headerSize)
        bytes.replaceSubrange(0..<8, with: magic)
        func put32(_ value: Int, at offset: Int) {
            withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        func put64(_ value: UInt64, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        }
        put32(Int(format), at: 8)
        put32(sources.count, at: 12)
        put64(key.high, at: 16)
        put64(key.low, at: 24)
        for record in records {
            var entry = [UInt8](repeating: 0, count: languageRecordSize)
            let code = Array(record.code.utf8.prefix(12))
            entry.replaceSubrange(0..<code.count, with: code)
            entry[12] = record.script.rawValue
            entry[13] = record.unseen
            bytes += entry
        }
        let wordTable = Self.table(words, keysPerBucket: Self.wordsPerBucket)
        let trigramTable = Self.table(trigrams, keysPerBucket: 4)
        put32(wordTable.buckets, at: 32)
        put32(wordTable.recordBytes, at: 36)
        put32(trigramTable.buckets, at: 40)
        put32(trigramTable.recordBytes, at: 44)
        bytes += [UInt8](repeating: 0, count: aligned(bytes.count) - bytes.count)
        bytes += wordTable.bytes
        bytes += [UInt8](repeating: 0, count: aligned(bytes.count) - bytes.count)
        bytes += trigramTable.bytes
        bytes += [UInt8](repeating: 0, count: aligned(bytes.count) - bytes.count)
        return bytes
    }

    /// Whether `word` is one Unicode scalar (a letter alone: `h`, `à`, `в`).
    static func isOneLetter(_ word: String) -> Bool {
        var scalars = word.unicodeScalars.makeIterator()
        return scalars.next() != nil && scalars.next() == nil
    }

    /// About how many words share a bucket of the word table.
    ///
    /// A lookup reads its bucket's directory entry, then walks the bucket's
    /// records. Words are looked up a few hundred at a time in a process
    /// that has mapped none of the model (a fresh check's misspellings and
    /// the blocks it scores), and each page touched is a page fault (about
    /// 2 µs here): with four words a bucket the directory of a million words
    /// is 2 MB, and nearly every lookup faulted a page of it as well as one
    /// of the records. At 32 words a bucket it is 128 KB (32 pages), and a
    /// bucket's records (about 300 bytes; a word has a posting or three) are
    /// still one page. Trigrams, with a posting in most languages each and
    /// looked up densely, stay at four a bucket.
    static let wordsPerBucket = 32

    /// A hashed table's directory and records, as `HashedPostings` reads them, with about `keysPerBucket` keys a bucket.
    ///
    /// Two keys of one bucket with the same fingerprint would hide the second; the first (lowest hash) is kept, as a
    /// lookup finds it.
    private static func table(_ entries: [UInt64: [UInt16]], keysPerBucket: Int) -> (bytes: [UInt8], buckets: Int, recordBytes: Int) {
        var bucketCount = 16
        while bucketCount * keysPerBucket < entries.count { bucketCount <<= 1 }
        let mask = bucketCount - 1
        let ordered = entries.keys.sorted {
            let left = HashedPostings.bucket($0, mask: mask), right = HashedPostings.bucket($1, mask: mask)
            return left != right ? left < right : $0 < $1
        }
        var starts = [UInt32](repeating: 0, count: bucketCount + 1)
        var records: [UInt8] = []
        records.reserveCapacity(entries.count * HashedPostings.recordHead + entries.values.reduce(0) { $0 + $1.count } * 2)
        var bucket = 0
        for hash in ordered {
            let own = HashedPostings.bucket(hash, mask: mask)
            while bucket < own { bucket += 1; starts[bucket] = UInt32(records.count) }
            let list = entries[hash]!.prefix(255)
            withUnsafeBytes(of: HashedPostings.fingerprint(hash).littleEndian) { records += $0 }
            records.append(UInt8(list.count))
            for posting in list { withUnsafeBytes(of: posting.littleEndian) { records += $0 } }
        }
        while bucket < bucketCount { bucket += 1; starts[bucket] = UInt32(records.count) }
        var bytes = starts.map(\.littleEndian).withUnsafeBytes { Array($0) }
        bytes += records
        return (bytes, bucketCount, records.count)
    }
}
