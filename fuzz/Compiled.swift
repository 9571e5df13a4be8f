import Foundation
@testable import TextServices

/// Fuzzes the compiled-dictionary loader and the readers over a mapped file.
///
/// Input layout: the first byte picks the mode.
/// - Even: the rest is a whole file. It is opened as a compiled dictionary
///   both verified and with section checksums skipped.
/// - Odd: the rest is patches, 4 bytes each (a little-endian 24-bit offset
///   and a byte), applied to a valid compiled file made at start; the header
///   checksum is then recomputed so that parsing goes on into the section
///   table and the readers. The result is opened without section
///   verification.
/// Whatever opens is exercised: accepting words in every case, guesses and
/// completions from the mapped indexes. Besides not crashing, the valid file
/// (mode 0) must accept exactly what it accepted when it was made.
enum CompiledFuzz {
    static let folder = Fuzz.dataHome + "/compiled"

    static let info: DictionaryInfo = {
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! "SET UTF-8\nTRY esianrtolcdugmphbyfvkwz'\nREP 1\nREP f ph\nPFX U Y 1\nPFX U 0 un .\nSFX S Y 2\nSFX S 0 s [^s]\nSFX S 0 es s\n"
            .write(toFile: folder + "/en_ZZ.aff", atomically: true, encoding: .utf8)
        try! "9\nreceive/SU\nrelieve/S\nbelieve/SU\nthe\nLondon\nNASA\nphone/S\nkiss/S\ndon't\nStraße\n"
            .write(toFile: folder + "/en_ZZ.dic", atomically: true, encoding: .utf8)
        try! "the\t7.6\nreceive\t5.2\nbelieve\t5.0\nreceives\t4.5\nrelieve\t4.0\nphone\t5.0\nlondon\t5.1\n"
            .write(toFile: folder + "/en.freq", atomically: true, encoding: .utf8)
        return DictionaryInfo(tag: LanguageTag("en_ZZ")!, source: .user, path: folder + "/en_ZZ")
    }()

    static let valid: [UInt8] = {
        let compiler = DictionaryCompiler(folder: folder + "/cache")
        let report = try! compiler.compile(info)
        return FileSystem.read(report.path)!
    }()

    static let probes = ["receive", "Receive", "RECEIVE", "unbelieves", "UNBELIEVES", "the", "THE", "London", "london",
                         "NASA", "Nasa", "kisses", "don't", "DON'T", "STRASSE", "Straße", "straße", "recieve", "fones", "",
                         "é", "İstanbul", String(repeating: "a", count: 300)]

    static let validVerdicts: [Bool] = {
        let compiled = try! CompiledDictionary(file: MappedFile(copying: valid, path: "valid")!)
        return probes.map { compiled.accepted.accepts($0) }
    }()

    /// Runs every reader over a compiled form; returns the verdicts on `probes`.
    @discardableResult
    static func exercise(_ compiled: CompiledDictionary) -> [Bool] {
        let verdicts = probes.map { compiled.accepted.accepts($0) }
        let guesser = Guesser(store: compiled.store, index: compiled.deletionIndex, phonetic: compiled.phonetic, affixes: nil)
        for word in probes.prefix(12) {
            _ = guesser.guesses(for: word, limit: 5, learned: ["zzz"], accepts: { compiled.accepted.accepts($0) }, hunspell: { [] })
        }
        for prefix in ["r", "re", "lo", "st", ""] {
            _ = compiled.store.mostCommonEntries(withPrefix: Array(prefix.utf8), count: 5)
            _ = WordList(store: compiled.store, learned: []).words(withPrefix: prefix)
        }
        for entry in [0, 1, compiled.store.count - 1, compiled.store.count, Int.max / 2] {
            _ = compiled.store.surfaces(entry, suggestibleOnly: false)
        }
        return verdicts
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiled(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = input.first else { return 0 }
    if mode & 1 == 0 {
        let bytes = Array(input.dropFirst())
        guard let file = MappedFile(copying: bytes, path: "input") else { return 0 }
        if let compiled = try? CompiledDictionary(file: file) {
            let verdicts = CompiledFuzz.exercise(compiled)
            if bytes == CompiledFuzz.valid, verdicts != CompiledFuzz.validVerdicts {
                Fuzz.fail("the valid file's verdicts changed", input: input)
            }
        }
        if let unverified = try? CompiledDictionary(file: file, verifySections: false) { CompiledFuzz.exercise(unverified) }
        return 0
    }
    var bytes = CompiledFuzz.valid
    var reader = FuzzReader(Array(input.dropFirst()))
    while !reader.bytes.isEmpty {
        let offset = (Int(reader.byte()) | Int(reader.byte()) << 8 | Int(reader.byte()) << 16) % bytes.count
        let value = reader.byte()
        bytes[offset] = value
    }
    // Keep the header checksum right so parsing goes past it.
    let sections = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self) })
    let tableEnd = CompiledFormat.headerSize + sections * CompiledFormat.sectionEntrySize
    if sections <= CompiledFormat.maximumSections, tableEnd <= bytes.count {
        let checksum = bytes.withUnsafeBytes { CompiledFormat.headerChecksum($0, tableEnd: tableEnd) }
        withUnsafeBytes(of: checksum.littleEndian) { raw in for (index, byte) in raw.enumerated() { bytes[40 + index] = byte } }
    }
    guard let file = MappedFile(copying: bytes, path: "patched") else { return 0 }
    if let compiled = try? CompiledDictionary(file: file) { CompiledFuzz.exercise(compiled) }
    if let unverified = try? CompiledDictionary(file: file, verifySections: false) { CompiledFuzz.exercise(unverified) }
    return 0
}
