/// The default candidates of a search path, kept in the cache folder from one process to the next.
///
/// Finding them lists every dictionary folder and looks for each language's
/// word frequencies: with Debian's 136 dictionaries (33 languages with word
/// lists) about a millisecond, a quarter of what detection added to a fresh
/// `check --lang auto` of a 50 KB English file. They depend on the default
/// language and on which files the search path's folders hold, so they are
/// kept (`candidates-<key>.txt`, the key naming the default language and the
/// folders) with each folder's stamp (`FileStamp`: a file added, removed or
/// renamed in a folder changes its modification time) and reused while every
/// stamp is the same. A file whose permissions change keeps its folder's
/// stamp; loading it then fails as a dictionary that cannot be read does.
/// A kept file that is missing, stale or malformed is found again and
/// rewritten; one that cannot be written is not kept. Thread-safe (no state).
enum KeptCandidates {
    private static let header = "textsvcd default candidates 1"

    /// Where the candidates of `defaultLanguage` over `folders` are kept in `cacheFolder`.
    static func path(cacheFolder: String, defaultLanguage: String, folders: [String]) -> String {
        let key = ContentHash(Array(([defaultLanguage] + folders).joined(separator: "\n").utf8))
        return "\(cacheFolder)/candidates-\(key.description.prefix(16)).txt"
    }

    /// Each folder's stamp now (nil: nothing there), taken before the folders are listed.
    static func stamps(_ folders: [String]) -> [FileStamp?] {
        folders.map { FileStamp.of($0) }
    }

    /// Whether candidates found over `folders` can be kept for them: no folder's path holds a line break, and none
    /// was changed in the last two seconds (a file added within the same clock tick as the listing would leave the
    /// folder's stamp as it was, as in git's "racily clean" index entries).
    static func canKeep(_ folders: [String], stamps: [FileStamp?], now: Double) -> Bool {
        !folders.contains { $0.contains("\n") }
            && stamps.allSatisfy { stamp in stamp.map { now - Double($0.modifiedSeconds) >= 2 } ?? true }
    }

    /// The candidates kept at `path`, when they were found over `folders` as they are now (`stamps`).
    ///
    /// Read as bytes: splitting the text as a `String` cost more than the folders' stamps.
    static func load(_ path: String, folders: [String], stamps: [FileStamp?]) -> [LanguageCandidate]? {
        guard let bytes = FileSystem.read(path) else { return nil }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 1 + folders.count, lines[0].elementsEqual(header.utf8) else { return nil }
        for index in folders.indices where !lines[1 + index].elementsEqual(Self.line(folders[index], stamps[index]).utf8) {
            return nil
        }
        var candidates: [LanguageCandidate] = []
        for line in lines[(1 + folders.count)...] where !line.isEmpty {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 4, let source = DictionarySource(rawValue: fields[1]) else { return nil }
            let path = fields[2]
            let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
            guard let tag = LanguageTag(dictionaryName: name), tag.tag == fields[0] else { return nil }
            candidates.append(LanguageCandidate(DictionaryInfo(tag: tag, source: source, path: path), frequencyPath: fields[3]))
        }
        return candidates
    }

    /// Keeps `candidates`, found over `folders` when they had `stamps`; does nothing when the file cannot be written.
    static func store(_ candidates: [LanguageCandidate], at path: String, folders: [String], stamps: [FileStamp?]) {
        var text = header + "\n"
        for (folder, stamp) in zip(folders, stamps) { text += line(folder, stamp) + "\n" }
        for candidate in candidates {
            guard let info = candidate.dictionary,
                  ![candidate.tag, info.path, candidate.frequencyPath].contains(where: { $0.contains("\t") || $0.contains("\n") })
            else { return }
            text += "\(candidate.tag)\t\(info.source.rawValue)\t\(info.path)\t\(candidate.frequencyPath)\n"
        }
        try? FileSystem.writeAtomically(Array(text.utf8), to: path)
    }

    private static func line(_ folder: String, _ stamp: FileStamp?) -> String {
        guard let stamp else { return "- \(folder)" }
        return "\(stamp.inode) \(stamp.size) \(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds) \(folder)"
    }
}
