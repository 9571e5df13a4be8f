import Foundation

extension LanguageModel {
    /// The model of `sources`: the cached file when its key matches, else built, written to the cache and mapped.
    ///
    /// The key covers the format and each source's code, path and file
    /// identity, so a changed frequency file makes a new model. Without a
    /// cache folder (or when writing fails) the model lives in an anonymous
    /// mapping of this process. Throws `LanguageModelFailure` when a source
    /// cannot be read. A model just written is dropped from the page cache
    /// first, so that each process maps only the pages its words touch.
    static func open(_ sources: [Source], cacheFolder: String?) throws(LanguageModelFailure) -> LanguageModel {
        var keyText = "format \(format)\n"
        for source in sources {
            let identity = FileIdentity.of(source.frequencyPath).map(\.description) ?? "missing"
            keyText += "\(source.code)\t\(source.frequencyPath)\t\(identity)\n"
        }
        let key = ContentHash(Array(keyText.utf8))
        let path = cacheFolder.map { "\($0)/languages-\(key.description.prefix(16)).tsvlang" }
        if let path, let file = MappedFile(path: path), let model = try? LanguageModel(file: file), model.key == key {
            return model
        }
        let bytes = try build(sources, key: key)
        if let path, (try? FileSystem.writeAtomically(bytes, to: path, mode: [.ownerReadWrite, .groupRead, .otherRead])) != nil {
            // The file just written sits in the page cache in large folios, and a mapping's first touch of one maps
            // all of it (measured: ten words mapped 14 MB of a 19 MB model); dropped, it comes back page by page.
            MappedFile.dropCachedPages(path: path)
            if let file = MappedFile(path: path), let model = try? LanguageModel(file: file), model.key == key { return model }
        }
        guard let file = MappedFile(copying: bytes, path: path ?? "(memory)") else {
            throw LanguageModelFailure(message: "cannot map \(bytes.count) bytes for the language model")
        }
        return try LanguageModel(file: file)
    }
}
