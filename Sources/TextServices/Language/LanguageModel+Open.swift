import Foundation

extension LanguageModel {
    /// The model of `sources`: a current cached file (in `sharedFolders`, then the cache), else built, written to the cache and mapped.
    ///
    /// The key covers the format and each source's code, path and file
    /// identity, so a changed frequency file makes a new model. Shared
    /// folders (an install's `share/textsvcd/compiled`) are only read.
    /// Without a cache folder (or when writing fails) the model lives in an
    /// anonymous mapping of this process. Throws `LanguageModelFailure` when
    /// a source cannot be read. A model just written leaves the page cache
    /// (`MappedFile.dropCachedPages`): written pages sit in large folios, and
    /// a mapping's first touch of one maps all of it (measured: ten words
    /// mapped 14 MB of a 19 MB model); read back, they come page by page.
    static func open(_ sources: [Source], cacheFolder: String?, sharedFolders: [String] = []) throws(LanguageModelFailure) -> LanguageModel {
        let key = key(of: sources)
        if let model = cached(key, folders: sharedFolders + (cacheFolder.map { [$0] } ?? [])) { return model }
        let bytes = try build(sources, key: key)
        if let cacheFolder, let model = try? write(bytes, key: key, into: cacheFolder) { return model }
        let path = cacheFolder.map { fileName(key, in: $0) }
        guard let file = MappedFile(copying: bytes, path: path ?? "(memory)") else {
            throw LanguageModelFailure(message: "cannot map \(bytes.count) bytes for the language model")
        }
        return try LanguageModel(file: file)
    }

    /// The first current model of `key` in `folders`, mapped; nil when none holds one (a stale or damaged file is passed over).
    static func cached(_ key: ContentHash, folders: [String]) -> LanguageModel? {
        for folder in folders {
            if let file = MappedFile(path: fileName(key, in: folder)), let model = try? LanguageModel(file: file), model.key == key {
                return model
            }
        }
        return nil
    }

    /// The key of a model of `sources`, in their order: the format, and each source's code, path and file identity.
    ///
    /// The hash of the lines `code<TAB>path<TAB>identity` (`FileIdentity.description`, or `missing`) after
    /// `format N`, written as bytes: made as strings, they were half of finding the shared model in a fresh process.
    static func key(of sources: [Source]) -> ContentHash {
        var keyText: [UInt8] = []
        keyText.reserveCapacity(16 + sources.count * 160)
        keyText += "format ".utf8
        appendDecimal(UInt64(format), to: &keyText)
        keyText.append(0x0A)
        for source in sources {
            keyText += source.code.utf8
            keyText.append(0x09)
            keyText += source.frequencyPath.utf8
            keyText.append(0x09)
            if let identity = FileIdentity.of(source.frequencyPath) {
                appendDecimal(identity.device, to: &keyText)
                keyText.append(UInt8(ascii: ":"))
                appendDecimal(identity.inode, to: &keyText)
                appendSigned(identity.size, to: &keyText)
                appendSigned(identity.modified, to: &keyText)
                appendSigned(identity.changed, to: &keyText)
            } else {
                keyText += "missing".utf8
            }
            keyText.append(0x0A)
        }
        return ContentHash(keyText)
    }

    /// Appends `:` and `value` in decimal digits, as `":\(value)"` writes it.
    private static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: ":"))
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude, to: &bytes)
    }

    /// Appends `value` in decimal digits, as `"\(value)"` writes it.
    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        // Digits from the last, each by a division by the constant 10 (a multiplication), into room for UInt64.max's 20.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: digits[first...])
        }
    }

    static func fileName(_ key: ContentHash, in folder: String) -> String {
        "\(folder)/languages-\(key.description.prefix(16)).tsvlang"
    }

    /// Every word list in `folder` (`<language>.freq`, a bare language code), sorted by code: the sources of a shared model.
    ///
    /// An install compiles the model of its bundled lists once
    /// (`textsvcd dictionaries compile --language-model`), so that any set
    /// of candidates among them maps it instead of building its own.
    public static func sources(inFolder folder: String) -> [Source] {
        let names = (try? FileSystem.names(inFolder: folder, endingWith: ".freq")) ?? []
        return names.compactMap { name -> Source? in
            guard name.utf8.count > 5 else { return nil }
            let code = String(name.dropLast(5))
            guard !code.isEmpty, code.count <= 12, !code.contains("_"), !code.hasPrefix(".") else { return nil }
            return Source(code: code, frequencyPath: folder + "/" + name)
        }.sorted { $0.code < $1.code }
    }

    /// Compiles the shared model of every word list in `bundled` into `folder`, unless a current one is there (or `force`).
    ///
    /// Returns the model and whether it was built now. Throws
    /// `LanguageModelFailure` when `bundled` holds no word list, or the
    /// model cannot be built or written.
    public static func compileShared(listsIn bundled: String, into folder: String,
                                     force: Bool = false) throws(LanguageModelFailure) -> (model: LanguageModel, built: Bool) {
        let sources = sources(inFolder: bundled)
        guard !sources.isEmpty else { throw LanguageModelFailure(message: "no word lists (<language>.freq) in \(bundled)") }
        let key = key(of: sources)
        if !force, let model = cached(key, folders: [folder]) { return (model, false) }
        return (try write(try build(sources, key: key), key: key, into: folder), true)
    }

    /// Writes a model's bytes into `folder` (atomically, readable by all), drops them from the page cache and maps them back.
    private static func write(_ bytes: [UInt8], key: ContentHash, into folder: String) throws(LanguageModelFailure) -> LanguageModel {
        let path = fileName(key, in: folder)
        do {
            try FileSystem.writeAtomically(bytes, to: path, mode: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw LanguageModelFailure(message: "cannot write \(path): \(error)")
        }
        MappedFile.dropCachedPages(path: path)
        guard let model = cached(key, folders: [folder]) else { throw LanguageModelFailure(message: "\(path) could not be read back") }
        return model
    }

    /// The shared model of the word lists in `bundled` that is compiled in one of `folders`, if any; never built here.
    public static func compiledShared(listsIn bundled: String, folders: [String]) -> LanguageModel? {
        let sources = sources(inFolder: bundled)
        guard !sources.isEmpty else { return nil }
        return cached(key(of: sources), folders: folders)
    }
}
