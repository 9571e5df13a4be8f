import Foundation
import Testing
@testable import TextServices

/// Whether the table holds `word` with a homonym carrying `flag` (hidden homonyms counted as `hidden` says).
private func has(_ table: StemTable, _ word: String, _ flag: UInt16, hidden: Bool = false) -> Bool {
    Array(word.utf8).withUnsafeBufferPointer { table.anyHomonym($0, hidden: hidden, holding: flag, and: 0) }
}

@Test func builtStemTableFindsEveryHomonymOfEachKey() throws {
    var builder = StemTable.Builder()
    builder.add(key: "walk".utf8, hidden: false, flags: [1, 2])
    builder.add(key: "talk".utf8, hidden: false, flags: [3])
    builder.add(key: "walk".utf8, hidden: false, flags: [4])
    builder.add(key: "Nasa".utf8, hidden: true, flags: [5])
    builder.add(key: "Paris".utf8, hidden: true, flags: [6])
    builder.add(key: "Paris".utf8, hidden: false, flags: [7])
    let table = try #require(builder.build())
    #expect(has(table, "walk", 1) && has(table, "walk", 2) && has(table, "walk", 4) && !has(table, "walk", 3))
    #expect(has(table, "talk", 3) && !has(table, "wal", 1) && !has(table, "walks", 1))
    // A hidden homonym counts only when asked for, and only where no .dic stem has the same spelling.
    #expect(!has(table, "Nasa", 5) && has(table, "Nasa", 5, hidden: true))
    #expect(!has(table, "Paris", 6, hidden: true) && has(table, "Paris", 7, hidden: true))
}

@Test func moreThan255HomonymsOfAKeyMergeIntoOneWithEveryFlag() throws {
    var builder = StemTable.Builder()
    for flag in 1...300 { builder.add(key: "many".utf8, hidden: flag == 1, flags: [UInt16(flag)]) }
    let table = try #require(builder.build())
    #expect((1...300).allSatisfy { has(table, "many", UInt16($0)) })
}

@Test func stemTableBytesDoNotDependOnTheOrderKeysArriveIn() throws {
    let keys = (0..<500).map { "stem\($0)" }
    func built(_ order: [String]) throws -> StemTable {
        var builder = StemTable.Builder()
        for key in order { builder.add(key: key.utf8, hidden: false, flags: [UInt16(key.count)]) }
        return try #require(builder.build())
    }
    let forward = try built(keys), backward = try built(keys.reversed())
    #expect(Array(forward.tables.bytes.slice(0..<forward.tables.bytes.count))
        == Array(backward.tables.bytes.slice(0..<backward.tables.bytes.count)))
    #expect(keys.allSatisfy { has(backward, $0, UInt16($0.count)) })
}

@Test func aKeyLongerThanTheLayoutAllowsBuildsNoTable() {
    var builder = StemTable.Builder()
    builder.add(key: "walk".utf8, hidden: false, flags: [1])
    builder.add(key: Array(repeating: UInt8(ascii: "a"), count: 256), hidden: true, flags: [1])
    #expect(builder.build() == nil)
}
